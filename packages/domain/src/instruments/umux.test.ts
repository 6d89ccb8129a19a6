import { describe, expect, it } from 'vitest';
import { scoreInstrument } from './score.ts';

const score = (i1: number, i2: number, i3: number, i4: number) =>
  scoreInstrument('umux', { 'umux-1': i1, 'umux-2': i2, 'umux-3': i3, 'umux-4': i4 });

describe('umux', () => {
  it('scores 0 when positive items are 1 and negative items 7, and 100 the other way round', () => {
    expect(score(1, 7, 1, 7)).toEqual({ total: 0, band: null });
    expect(score(7, 1, 7, 1)).toEqual({ total: 100, band: null });
  });

  it('reverse-keys the even items: all answers 7 (or all 1) give the midpoint 50', () => {
    expect(score(7, 7, 7, 7).total).toBe(50);
    expect(score(1, 1, 1, 1).total).toBe(50);
  });

  it('applies [(i1−1) + (7−i2) + (i3−1) + (7−i4)] / 24 × 100 unrounded', () => {
    // (5 + 5 + 4 + 4) / 24 × 100 = 75
    expect(score(6, 2, 5, 3).total).toBe(75);
    // (3 + 2 + 4 + 1) / 24 × 100 = 41.666…
    expect(score(4, 5, 5, 6).total).toBeCloseTo(41.6667, 2);
  });

  it('is not scorable with a missing item', () => {
    expect(scoreInstrument('umux', { 'umux-1': 7, 'umux-2': 1, 'umux-3': 7 })).toEqual({ total: null, band: null });
  });

  it('rejects values that are not options, of the wrong type, or for unknown items', () => {
    expect(() => score(8, 1, 1, 1)).toThrow(expect.objectContaining({ reason: 'not-an-option', linkId: 'umux-1' }));
    expect(() => scoreInstrument('umux', { 'umux-2': true })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
    expect(() => scoreInstrument('umux', { 'umux-5': 3 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
  });
});
