import { describe, expect, it } from 'vitest';
import { every, summingTo, without } from './answers.fixture.ts';
import { scoreInstrument } from './score.ts';
import { itemIds } from './scoring.ts';

const ids = itemIds('ess', 8);
const score = (answers: object) => scoreInstrument('ess', answers);

describe('Epworth Sleepiness Scale', () => {
  it('ranges from 0 to 24', () => {
    expect(score(every(ids, 0))).toEqual({ total: 0, band: 'lower-normal' });
    expect(score(every(ids, 3))).toEqual({ total: 24, band: 'severe-excessive' });
  });

  it.each([
    [5, 'lower-normal'], [6, 'higher-normal'], [10, 'higher-normal'], [11, 'mild-excessive'], [12, 'mild-excessive'],
    [13, 'moderate-excessive'], [15, 'moderate-excessive'], [16, 'severe-excessive'],
  ])('puts %i in %s', (total, band) => {
    expect(score(summingTo(ids, total, 3))).toEqual({ total, band });
  });

  it('is not scorable when an item is missing', () => {
    expect(score(without(every(ids, 1), 'ess-4'))).toEqual({ total: null, band: null });
  });

  it('rejects invalid answers', () => {
    expect(() => score({ 'ess-9': 0 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
    expect(() => score({ 'ess-1': 4 })).toThrow(expect.objectContaining({ reason: 'not-an-option' }));
    expect(() => score({ 'ess-1': '3' })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
  });
});
