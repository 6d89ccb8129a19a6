import { describe, expect, it } from 'vitest';
import { GODIN_MAX_TIMES_PER_WEEK } from './godin.ts';
import { scoreInstrument } from './score.ts';

const score = (answers: object) => scoreInstrument('godin', answers);
const week = (strenuous: number, moderate: number, mild: number) => ({ 'godin-1': strenuous, 'godin-2': moderate, 'godin-3': mild });

describe('Godin-Shephard leisure-time exercise', () => {
  it('computes 9·S + 5·M + 3·L (NINDS worked example: 99) with the moderate+strenuous score beside it', () => {
    expect(score(week(3, 6, 14))).toEqual({ total: 99, band: 'active', subscales: { moderateStrenuous: 57 } });
  });

  it('ranges from no exercise to the plausibility cap', () => {
    expect(score(week(0, 0, 0))).toEqual({ total: 0, band: 'insufficiently-active', subscales: { moderateStrenuous: 0 } });
    const max = GODIN_MAX_TIMES_PER_WEEK;
    expect(score(week(max, max, max)).total).toBe(17 * max);
  });

  it.each([
    [week(0, 1, 2), 11, 'insufficiently-active'],
    [week(0, 1, 3), 14, 'moderately-active'],
    [week(1, 0, 4), 21, 'moderately-active'],
    [week(0, 4, 1), 23, 'moderately-active'],
    [week(0, 3, 3), 24, 'active'],
    [week(1, 3, 0), 24, 'active'],
  ])('bands the full total: %j → %i %s', (answers, total, band) => {
    expect(score(answers)).toMatchObject({ total, band });
  });

  it('bands on the full total even when moderate+strenuous alone is under 14 (SPEC §5)', () => {
    expect(score(week(0, 2, 5))).toEqual({ total: 25, band: 'active', subscales: { moderateStrenuous: 10 } });
  });

  it('does not need the unscored sweat question', () => {
    expect(score({ ...week(1, 1, 1), 'godin-4': 3 }).total).toBe(17);
  });

  it('is not scorable without all three counts, keeping what can be computed', () => {
    expect(score({ 'godin-1': 2, 'godin-2': 1 })).toEqual({ total: null, band: null, subscales: { moderateStrenuous: 23 } });
    expect(score({ 'godin-3': 2 })).toEqual({ total: null, band: null, subscales: { moderateStrenuous: null } });
  });

  it('rejects invalid answers', () => {
    expect(() => score({ 'godin-5': 1 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
    expect(() => score({ 'godin-1': -1 })).toThrow(expect.objectContaining({ reason: 'out-of-range' }));
    expect(() => score({ 'godin-1': 1.5 })).toThrow(expect.objectContaining({ reason: 'not-an-integer' }));
    expect(() => score({ 'godin-4': 4 })).toThrow(expect.objectContaining({ reason: 'not-an-option' }));
    expect(() => score({ 'godin-2': '3' })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
  });
});
