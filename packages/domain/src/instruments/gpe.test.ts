import { describe, expect, it } from 'vitest';
import { scoreInstrument } from './score.ts';

const score = (a: unknown) => scoreInstrument('gpe', a);

describe('gpe', () => {
  it('scores completely recovered (1) as improved and worse than ever (7) as not improved', () => {
    expect(score({ 'gpe-1': 1 })).toEqual({ total: 1, band: 'improved' });
    expect(score({ 'gpe-1': 7 })).toEqual({ total: 7, band: 'not-improved' });
  });

  it('counts much improved as success and slightly improved as not', () => {
    expect(score({ 'gpe-1': 2 }).band).toBe('improved');
    expect(score({ 'gpe-1': 3 }).band).toBe('not-improved');
  });

  it('is not scorable without an answer', () => {
    expect(score({})).toEqual({ total: null, band: null });
  });

  it('rejects values that are not options, of the wrong type, or for unknown items', () => {
    expect(() => score({ 'gpe-1': 0 })).toThrow(expect.objectContaining({ reason: 'not-an-option', linkId: 'gpe-1' }));
    expect(() => score({ 'gpe-1': 8 })).toThrow(expect.objectContaining({ reason: 'not-an-option' }));
    expect(() => score({ 'gpe-1': 'much improved' })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
    expect(() => score({ 'gpe-2': 1 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
  });
});
