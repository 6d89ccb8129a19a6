import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages.ts';
import { ABC_FUNCTIONAL_LEVELS } from './abc.ts';
import { scoreInstrument } from './score.ts';
import type { Answers } from './types.ts';

const ids = Array.from({ length: 16 }, (_, i) => `abc-${i + 1}`);
/** Answers whose first `high` items are `a` and the rest `b`. */
const split = (high: number, a: number, b: number): Answers => Object.fromEntries(ids.map((id, i) => [id, i < high ? a : b]));
const all = (v: number) => split(16, v, v);
const score = (a: unknown) => scoreInstrument('abc', a);

describe('abc', () => {
  it('scores all 0 % as 0 with fall risk and all 100 % as 100 without', () => {
    expect(score(all(0))).toEqual({ total: 0, band: 'fall-risk', subscales: { functionalLevel: 'low' } });
    expect(score(all(100))).toEqual({ total: 100, band: 'no-increased-fall-risk', subscales: { functionalLevel: 'high' } });
  });

  it('decides fall risk on the unrounded mean: 66.875 is below 67, 67.5 is not', () => {
    const below = score(split(11, 70, 60));
    expect(below.total).toBeCloseTo(66.875, 2);
    expect(below.band).toBe('fall-risk');
    const above = score(split(12, 70, 60));
    expect(above.total).toBeCloseTo(67.5, 2);
    expect(above.band).toBe('no-increased-fall-risk');
  });

  it('labels functional level low below 50, moderate from 50 to 80, high above 80', () => {
    expect(score(split(15, 50, 40)).subscales).toEqual({ functionalLevel: 'low' });
    expect(score(all(50)).subscales).toEqual({ functionalLevel: 'moderate' });
    expect(score(all(80)).subscales).toEqual({ functionalLevel: 'moderate' });
    expect(score(split(1, 90, 80)).subscales).toEqual({ functionalLevel: 'high' });
  });

  it('labels every functional level in all seven languages', () => {
    for (const label of Object.values(ABC_FUNCTIONAL_LEVELS)) {
      for (const lang of LANGUAGES) expect(label[lang].trim()).not.toBe('');
    }
    expect(Object.keys(ABC_FUNCTIONAL_LEVELS).sort()).toEqual(['high', 'low', 'moderate']);
  });

  it('is not scorable with a missing item', () => {
    const { 'abc-16': _missing, ...answers } = all(90);
    expect(score(answers)).toEqual({ total: null, band: null, subscales: { functionalLevel: null } });
  });

  it('rejects percentages off the 10 % steps, out of range, of the wrong type, or for unknown items', () => {
    expect(() => score({ 'abc-1': 55 })).toThrow(expect.objectContaining({ reason: 'not-a-step', linkId: 'abc-1' }));
    expect(() => score({ 'abc-1': 110 })).toThrow(expect.objectContaining({ reason: 'out-of-range' }));
    expect(() => score({ 'abc-2': '50' })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
    expect(() => score({ 'abc-17': 50 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
  });
});
