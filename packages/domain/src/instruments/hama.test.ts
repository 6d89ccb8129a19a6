import { describe, expect, it } from 'vitest';
import { scoreInstrument } from './score.ts';
import type { Answers } from './types.ts';

const ids = Array.from({ length: 14 }, (_, i) => `hama-${i + 1}`);
const all = (value: number): Answers => Object.fromEntries(ids.map((id) => [id, value]));
/** A full answer set summing to `total`, filled from item 1 at up to 4 points each. */
const withTotal = (total: number): Answers => Object.fromEntries(ids.map((id, i) => [id, Math.max(0, Math.min(4, total - 4 * i))]));
const score = (a: unknown) => scoreInstrument('hama', a);

describe('hama', () => {
  it('scores all-minimum as 0 mild and all-maximum as 56 severe, with 28 in each subscale', () => {
    expect(score(all(0))).toEqual({ total: 0, band: 'mild', subscales: { psychic: 0, somatic: 0 } });
    expect(score(all(4))).toEqual({ total: 56, band: 'severe', subscales: { psychic: 28, somatic: 28 } });
  });

  it.each([
    [17, 'mild'], [18, 'mild-to-moderate'], [24, 'mild-to-moderate'], [25, 'moderate-to-severe'],
    [30, 'moderate-to-severe'], [31, 'severe'],
  ])('puts a total of %i in band %s', (total, band) => {
    expect(score(withTotal(total))).toMatchObject({ total, band });
  });

  it('counts items 1–6 and 14 as psychic and items 7–13 as somatic', () => {
    const answers = { ...all(0), 'hama-6': 3, 'hama-14': 2, 'hama-7': 1, 'hama-13': 4 };
    expect(score(answers)).toEqual({ total: 10, band: 'mild', subscales: { psychic: 5, somatic: 5 } });
  });

  it('is not scorable with a missing item, keeping the complete subscale', () => {
    const { 'hama-14': _missing, ...answers } = all(2);
    expect(score(answers)).toEqual({ total: null, band: null, subscales: { psychic: null, somatic: 14 } });
  });

  it('rejects values that are not options, of the wrong type, or for unknown items', () => {
    expect(() => score({ 'hama-1': 5 })).toThrow(expect.objectContaining({ reason: 'not-an-option', linkId: 'hama-1' }));
    expect(() => score({ 'hama-2': false })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
    expect(() => score({ 'hama-15': 0 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
  });
});
