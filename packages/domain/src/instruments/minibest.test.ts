import { describe, expect, it } from 'vitest';
import { scoreInstrument } from './score.ts';
import type { Answers } from './types.ts';

const all = (value: number): Answers => Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`minibest-${i + 1}`, value]));
const without = (answers: Answers, ...linkIds: string[]): Answers =>
  Object.fromEntries(Object.entries(answers).filter(([id]) => !linkIds.includes(id)));
const score = (a: unknown) => scoreInstrument('minibest', a);

describe('minibest', () => {
  it('scores all severe as 0 and all normal as 28, with section maxima 6/6/6/10', () => {
    expect(score(all(0))).toEqual({ total: 0, band: null, subscales: { anticipatory: 0, reactive: 0, sensory: 0, dynamicGait: 0 } });
    expect(score(all(2))).toEqual({ total: 28, band: null, subscales: { anticipatory: 6, reactive: 6, sensory: 6, dynamicGait: 10 } });
  });

  it('sums each section from its own items', () => {
    const answers = { ...all(2), 'minibest-1': 1, 'minibest-5': 0, 'minibest-9': 1, 'minibest-14': 0 };
    expect(score(answers)).toEqual({ total: 22, band: null, subscales: { anticipatory: 5, reactive: 4, sensory: 5, dynamicGait: 8 } });
  });

  it('derives items 3 and 6 from the lower side when only the sides are recorded', () => {
    const sides = { ...without(all(2), 'minibest-3', 'minibest-6'), 'minibest-3-left': 2, 'minibest-3-right': 1, 'minibest-6-left': 0, 'minibest-6-right': 2 };
    expect(score(sides)).toMatchObject({ total: 25, subscales: { anticipatory: 5, reactive: 4 } });
  });

  it('prefers the recorded item over its sides', () => {
    const both = { ...all(2), 'minibest-3-left': 0, 'minibest-3-right': 0 };
    expect(score(both).total).toBe(28);
  });

  it('is not scorable with a missing item or only one side of a two-sided item', () => {
    expect(score(without(all(2), 'minibest-10'))).toEqual({ total: null, band: null, subscales: { anticipatory: 6, reactive: 6, sensory: 6, dynamicGait: null } });
    const oneSide = { ...without(all(2), 'minibest-3'), 'minibest-3-left': 2 };
    expect(score(oneSide)).toMatchObject({ total: null, subscales: { anticipatory: null } });
  });

  it('rejects values that are not options, of the wrong type, or for unknown items', () => {
    expect(() => score({ 'minibest-1': 3 })).toThrow(expect.objectContaining({ reason: 'not-an-option', linkId: 'minibest-1' }));
    expect(() => score({ 'minibest-3-left': '2' })).toThrow(expect.objectContaining({ reason: 'wrong-type', linkId: 'minibest-3-left' }));
    expect(() => score({ 'minibest-4-left': 2 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
    expect(() => score({ 'minibest-15': 2 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
  });
});
