import { describe, expect, it } from 'vitest';
import { itemIds, proratedSum, sumOf, sumScorer } from './scoring.ts';

const ids = itemIds('x', 4);

describe('scoring helpers', () => {
  it('numbers linkIds from 1', () => {
    expect(ids).toEqual(['x-1', 'x-2', 'x-3', 'x-4']);
  });

  it('sums complete answers and gives null when one is missing', () => {
    expect(sumOf({ 'x-1': 1, 'x-2': 2, 'x-3': 3, 'x-4': 4 }, ids)).toBe(10);
    expect(sumOf({ 'x-1': 1, 'x-2': 2, 'x-3': 3 }, ids)).toBeNull();
  });

  it('prorates up to the allowed number of missing items, rounding up', () => {
    expect(proratedSum({ 'x-1': 1, 'x-2': 2, 'x-3': 2 }, ids, 1)).toBe(7); // ceil(5 / 3 × 4) = ceil(6.67)
    expect(proratedSum({ 'x-1': 1, 'x-2': 2 }, ids, 1)).toBeNull();
    expect(proratedSum({}, ids, 4)).toBeNull();
  });

  it('bands a plain sum and leaves an incomplete one unbanded', () => {
    const score = sumScorer(ids, [[4, 'low'], [Infinity, 'high']]);
    expect(score({ 'x-1': 1, 'x-2': 1, 'x-3': 1, 'x-4': 1 })).toEqual({ total: 4, band: 'low' });
    expect(score({ 'x-1': 1 })).toEqual({ total: null, band: null });
  });
});
