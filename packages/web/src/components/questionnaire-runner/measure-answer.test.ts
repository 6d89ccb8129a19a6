import { getInstrument, type Answers } from '@geria/domain';
import { describe, expect, it } from 'vitest';
import { isMeasured, levelRange, withMeasure, type MeasuredItem } from './measure-answer.ts';

const item = (instrument: string, linkId: string): MeasuredItem => {
  const found = getInstrument(instrument)!.items.find((i) => i.linkId === linkId)!;
  if (!isMeasured(found)) throw new Error(`${linkId} has no measure`);
  return found;
};
const walk = item('fga', 'fga-1');
const number = (value: number) => String(value);

describe('a measurement in the runner', () => {
  it('records the time and sets the level it suggests', () => {
    expect(withMeasure(walk, {}, 6.2)).toEqual({ 'fga-1-seconds': 6.2, 'fga-1': 2 });
    expect(withMeasure(walk, { 'fga-1-seconds': 6.2, 'fga-1': 2 }, 4.9)).toEqual({ 'fga-1-seconds': 4.9, 'fga-1': 3 });
  });

  it('keeps a level the clinician chose over the suggestion', () => {
    const overridden: Answers = { 'fga-1-seconds': 6.2, 'fga-1': 1 };
    expect(withMeasure(walk, overridden, 4.9)).toEqual({ 'fga-1-seconds': 4.9, 'fga-1': 1 });
    // A level chosen before any time was measured is the clinician's too.
    expect(withMeasure(walk, { 'fga-1': 0 }, 4.9)).toEqual({ 'fga-1-seconds': 4.9, 'fga-1': 0 });
  });

  it('removes only the time when it is emptied, and leaves the level alone for a value out of range', () => {
    expect(withMeasure(walk, { 'fga-1-seconds': 6.2, 'fga-1': 2 }, undefined)).toEqual({ 'fga-1': 2 });
    expect(withMeasure(walk, { 'fga-1-seconds': 6.2, 'fga-1': 2 }, 400)).toEqual({ 'fga-1-seconds': 400, 'fga-1': 2 });
  });

  it('prints each level\'s threshold as the forms do', () => {
    expect([3, 2, 1, 0].map((level) => levelRange(walk.measure, level, number)?.text ?? null)).toEqual(['< 5.5', '5.5–7', '≥ 7', null]);
    expect([3, 2].map((level) => levelRange(item('fga', 'fga-5').measure, level, number)?.text)).toEqual(['≤ 3', '> 3']);
    expect([3, 2, 1, 0].map((level) => levelRange(item('fga', 'fga-7').measure, level, number))).toEqual([
      { text: '10', count: 10 }, { text: '7–9', count: 9 }, { text: '4–6', count: 6 }, { text: '0–3', count: 3 },
    ]);
    expect([2, 1, 0].map((level) => levelRange(item('minibest', 'minibest-3-left').measure, level, number)?.text ?? null)).toEqual(['≥ 20', '< 20', null]);
  });
});
