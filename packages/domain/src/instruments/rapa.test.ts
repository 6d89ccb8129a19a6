import { describe, expect, it } from 'vitest';
import { scoreInstrument } from './score.ts';
import type { Answers } from './types.ts';

/** Items 1–7 all "no" except the given ones, then strength (8) and flexibility (9). */
const answers = (yes: number[], strength = false, flexibility = false): Answers => ({
  ...Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`rapa-${i + 1}`, yes.includes(i + 1)])),
  'rapa-8': strength,
  'rapa-9': flexibility,
});
const score = (a: unknown) => scoreInstrument('rapa', a);

describe('rapa', () => {
  it('scores the minimum (only item 1, nothing else) as sedentary and the maximum as active with both extras', () => {
    expect(score(answers([1]))).toEqual({ total: 1, band: 'sedentary', subscales: { aerobic: 1, strengthFlexibility: 0 } });
    expect(score(answers([1, 2, 3, 4, 5, 6, 7], true, true))).toEqual({ total: 7, band: 'active', subscales: { aerobic: 7, strengthFlexibility: 3 } });
  });

  it.each([
    [2, 'under-active'], [3, 'under-active-regular-light'], [4, 'under-active-regular'], [5, 'under-active-regular'], [6, 'active'],
  ])('puts aerobic level %i in band %s', (level, band) => {
    expect(score(answers([level]))).toMatchObject({ total: level, band });
  });

  it('takes the highest item answered yes among 1–7', () => {
    expect(score(answers([2, 5, 3])).total).toBe(5);
  });

  it('codes strength only as 1 and flexibility only as 2', () => {
    expect(score(answers([3], true, false)).subscales).toEqual({ aerobic: 3, strengthFlexibility: 1 });
    expect(score(answers([3], false, true)).subscales).toEqual({ aerobic: 3, strengthFlexibility: 2 });
  });

  it('is not scorable when no aerobic item is yes, or one is unanswered', () => {
    expect(score(answers([], true, true))).toEqual({ total: null, band: null, subscales: { aerobic: null, strengthFlexibility: 3 } });
    const { 'rapa-7': _missing, ...partial } = answers([4]);
    expect(score(partial)).toEqual({ total: null, band: null, subscales: { aerobic: null, strengthFlexibility: 0 } });
    const { 'rapa-9': _noFlex, ...noExtras } = answers([4]);
    expect(score(noExtras).subscales).toEqual({ aerobic: 4, strengthFlexibility: null });
  });

  it('rejects non-boolean answers and unknown items', () => {
    expect(() => score({ 'rapa-1': 1 })).toThrow(expect.objectContaining({ reason: 'wrong-type', linkId: 'rapa-1' }));
    expect(() => score({ 'rapa-2': 'yes' })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
    expect(() => score({ 'rapa-10': true })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
  });
});
