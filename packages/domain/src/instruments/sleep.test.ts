import { describe, expect, it } from 'vitest';
import { scoreInstrument } from './score.ts';

const score = (answers: object) => scoreInstrument('sleep', answers);

describe('single-item sleep quality', () => {
  it.each([
    [0, 'terrible'], [1, 'poor'], [3, 'poor'], [4, 'fair'], [6, 'fair'], [7, 'good'], [9, 'good'], [10, 'excellent'],
  ])('scores rating %i as %s', (rating, band) => {
    expect(score({ 'sleep-1': rating })).toEqual({ total: rating, band });
  });

  it('is not scorable without a rating', () => {
    expect(score({})).toEqual({ total: null, band: null });
  });

  it('rejects invalid answers', () => {
    expect(() => score({ 'sleep-2': 5 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
    expect(() => score({ 'sleep-1': 11 })).toThrow(expect.objectContaining({ reason: 'out-of-range' }));
    expect(() => score({ 'sleep-1': 5.5 })).toThrow(expect.objectContaining({ reason: 'not-an-integer' }));
    expect(() => score({ 'sleep-1': 'good' })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
  });
});
