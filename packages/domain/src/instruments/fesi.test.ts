import { describe, expect, it } from 'vitest';
import { every, summingTo, without } from './answers.fixture.ts';
import { scoreInstrument } from './score.ts';
import { itemIds } from './scoring.ts';

const ids = itemIds('fesi', 16);
const score = (answers: object) => scoreInstrument('fesi', answers);

describe('FES-I', () => {
  it('ranges from 16 to 64', () => {
    expect(score(every(ids, 1))).toEqual({ total: 16, band: 'low' });
    expect(score(every(ids, 4))).toEqual({ total: 64, band: 'high' });
  });

  it.each([[19, 'low'], [20, 'moderate'], [27, 'moderate'], [28, 'high']])('puts %i in %s', (total, band) => {
    expect(score(summingTo(ids, total, 4, 1))).toEqual({ total, band });
  });

  it('prorates up to four missing items, rounding up', () => {
    // 12 answered items summing 25: ceil(25 / 12 × 16) = ceil(33.33) = 34.
    const answers = without(summingTo(ids, 25 + 4, 4, 1), 'fesi-13', 'fesi-14', 'fesi-15', 'fesi-16');
    expect(Object.keys(answers)).toHaveLength(12);
    expect(score(answers)).toEqual({ total: 34, band: 'high' });
    expect(score(without(every(ids, 2), 'fesi-1'))).toEqual({ total: 32, band: 'high' });
  });

  it('is not scorable with more than four items missing', () => {
    expect(score(without(every(ids, 2), 'fesi-1', 'fesi-2', 'fesi-3', 'fesi-4', 'fesi-5'))).toEqual({ total: null, band: null });
  });

  it('rejects invalid answers', () => {
    expect(() => score({ 'fesi-17': 1 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
    expect(() => score({ 'fesi-1': 0 })).toThrow(expect.objectContaining({ reason: 'not-an-option' }));
    expect(() => score({ 'fesi-1': false })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
  });
});
