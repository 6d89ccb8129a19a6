import { describe, expect, it } from 'vitest';
import { every, summingTo, without } from './answers.fixture.ts';
import { fesi } from './fesi.ts';
import { sfesi } from './sfesi.ts';
import { scoreInstrument } from './score.ts';
import { itemIds } from './scoring.ts';

const ids = itemIds('sfesi', 7);
const score = (answers: object) => scoreInstrument('sfesi', answers);

describe('Short FES-I', () => {
  it('ranges from 7 to 28', () => {
    expect(score(every(ids, 1))).toEqual({ total: 7, band: 'low' });
    expect(score(every(ids, 4))).toEqual({ total: 28, band: 'high' });
  });

  it.each([[8, 'low'], [9, 'moderate'], [13, 'moderate'], [14, 'high']])('puts %i in %s', (total, band) => {
    expect(score(summingTo(ids, total, 4, 1))).toEqual({ total, band });
  });

  it('asks FES-I items 2, 4, 6, 7, 9, 15 and 16', () => {
    const fesiTexts = [2, 4, 6, 7, 9, 15, 16].map((n) => fesi.items[n - 1].text);
    expect(sfesi.items.map((item) => item.text)).toEqual(fesiTexts);
  });

  it('prorates one missing item and refuses two', () => {
    // 6 answered items summing 13: ceil(13 / 6 × 7) = ceil(15.17) = 16.
    expect(score(without(summingTo(ids, 14, 4, 1), 'sfesi-7'))).toEqual({ total: 16, band: 'high' });
    expect(score(without(every(ids, 2), 'sfesi-1', 'sfesi-2'))).toEqual({ total: null, band: null });
  });

  it('rejects invalid answers', () => {
    expect(() => score({ 'sfesi-8': 1 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
    expect(() => score({ 'sfesi-1': 5 })).toThrow(expect.objectContaining({ reason: 'not-an-option' }));
    expect(() => score({ 'sfesi-1': 'low' })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
  });
});
