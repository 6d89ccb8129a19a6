import { describe, expect, it } from 'vitest';
import { every, summingTo, without } from './answers.fixture.ts';
import { scoreInstrument } from './score.ts';
import { itemIds } from './scoring.ts';

const ids = itemIds('fga', 10);
const score = (answers: object) => scoreInstrument('fga', answers);

describe('Functional Gait Assessment', () => {
  it('ranges from 0 to 30', () => {
    expect(score(every(ids, 0))).toEqual({ total: 0, band: 'increased-fall-risk' });
    expect(score(every(ids, 3))).toEqual({ total: 30, band: 'lower-fall-risk' });
  });

  it('puts 22 at increased fall risk and 23 at lower fall risk', () => {
    expect(score(summingTo(ids, 22, 3))).toEqual({ total: 22, band: 'increased-fall-risk' });
    expect(score(summingTo(ids, 23, 3))).toEqual({ total: 23, band: 'lower-fall-risk' });
  });

  it('is not scorable when an item is missing', () => {
    expect(score(without(every(ids, 3), 'fga-10'))).toEqual({ total: null, band: null });
  });

  it('rejects invalid answers', () => {
    expect(() => score({ 'fga-11': 3 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
    expect(() => score({ 'fga-1': 4 })).toThrow(expect.objectContaining({ reason: 'not-an-option' }));
    expect(() => score({ 'fga-1': [3] })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
  });
});
