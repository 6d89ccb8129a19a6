import { describe, expect, it } from 'vitest';
import { scoreInstrument } from './score.ts';
import type { Answers } from './types.ts';

/** Answers with every scored item set to `value`, then the given overrides. */
const answers = (value: number, overrides: Answers = {}): Answers => ({
  ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`phq9-${i + 1}`, value])),
  ...overrides,
});
/** A full answer set summing to `total`, item 9 kept at 0 (items filled from the first). */
const withTotal = (total: number): Answers =>
  Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`phq9-${i + 1}`, i === 8 ? 0 : Math.max(0, Math.min(3, total - 3 * i))]));
const score = (a: unknown) => scoreInstrument('phq9', a);

describe('phq9', () => {
  it('scores all-minimum as 0 minimal and all-maximum as 27 severe', () => {
    expect(score(answers(0))).toEqual({ total: 0, band: 'minimal', subscales: { item9Alert: 0 } });
    expect(score(answers(3))).toEqual({ total: 27, band: 'severe', subscales: { item9Alert: 1 } });
  });

  it.each([
    [4, 'minimal'], [5, 'mild'], [9, 'mild'], [10, 'moderate'], [14, 'moderate'],
    [15, 'moderately-severe'], [19, 'moderately-severe'], [20, 'severe'],
  ])('puts a total of %i in band %s', (total, band) => {
    expect(score(withTotal(total))).toMatchObject({ total, band });
  });

  it('raises the item 9 alert for any answer above 0, independently of the total', () => {
    expect(score(answers(0, { 'phq9-9': 1 }))).toEqual({ total: 1, band: 'minimal', subscales: { item9Alert: 1 } });
    expect(score({ 'phq9-9': 2 })).toEqual({ total: null, band: null, subscales: { item9Alert: 1 } });
    expect(score({ 'phq9-1': 2 }).subscales).toEqual({ item9Alert: null });
  });

  it('does not score a response with a missing item, but ignores the unscored item 10', () => {
    const { 'phq9-4': _dropped, ...missingOne } = answers(2);
    expect(score(missingOne)).toMatchObject({ total: null, band: null });
    expect(score(answers(1, { 'phq9-10': 3 }))).toMatchObject({ total: 9, band: 'mild' });
    expect(score(answers(1))).toMatchObject({ total: 9, band: 'mild' });
  });

  it('rejects unknown items, values that are not options and values of the wrong type', () => {
    expect(() => score(answers(0, { 'phq9-11': 0 }))).toThrow(expect.objectContaining({ reason: 'unknown-item', linkId: 'phq9-11' }));
    expect(() => score(answers(0, { 'phq9-2': 4 }))).toThrow(expect.objectContaining({ reason: 'not-an-option', linkId: 'phq9-2' }));
    expect(() => score(answers(0, { 'phq9-3': true }))).toThrow(expect.objectContaining({ reason: 'wrong-type', linkId: 'phq9-3' }));
  });
});
