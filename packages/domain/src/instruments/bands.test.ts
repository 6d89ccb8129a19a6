import { describe, expect, it } from 'vitest';
import { bandFor, bandOrNull } from './bands.ts';

const bounds = [[5, 'low'], [7, 'mid'], [Infinity, 'high']] as const;

describe('bandFor', () => {
  it('treats upper bounds as inclusive', () => {
    expect(bandFor(5, bounds)).toBe('low');
    expect(bandFor(6, bounds)).toBe('mid');
    expect(bandFor(7, bounds)).toBe('mid');
    expect(bandFor(8, bounds)).toBe('high');
  });

  it('decides on the unrounded value', () => {
    expect(bandFor(5.0001, bounds)).toBe('mid');
  });

  it('refuses a value beyond the last bound', () => {
    expect(() => bandFor(9, [[8, 'a']])).toThrow(RangeError);
  });

  it('gives no band to a null total', () => {
    expect(bandOrNull(null, bounds)).toBeNull();
  });
});
