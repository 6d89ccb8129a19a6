import { describe, expect, it } from 'vitest';
import { scoreInstrument } from './score.ts';

const score = (a: unknown) => scoreInstrument('nprs', a);

describe('nprs', () => {
  it('scores the rating itself, from 0 (no pain) to 10 (severe)', () => {
    expect(score({ 'nprs-1': 0 })).toEqual({ total: 0, band: 'no-pain' });
    expect(score({ 'nprs-1': 10 })).toEqual({ total: 10, band: 'severe' });
  });

  it.each([[1, 'mild'], [3, 'mild'], [4, 'moderate'], [6, 'moderate'], [7, 'severe']])('puts %i in band %s', (rating, band) => {
    expect(score({ 'nprs-1': rating })).toEqual({ total: rating, band });
  });

  it('is not scorable without a rating', () => {
    expect(score({})).toEqual({ total: null, band: null });
  });

  it('rejects ratings out of range, not whole, of the wrong type or for unknown items', () => {
    expect(() => score({ 'nprs-1': 11 })).toThrow(expect.objectContaining({ reason: 'out-of-range', linkId: 'nprs-1' }));
    expect(() => score({ 'nprs-1': 2.5 })).toThrow(expect.objectContaining({ reason: 'not-an-integer' }));
    expect(() => score({ 'nprs-1': '5' })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
    expect(() => score({ 'nprs-2': 5 })).toThrow(expect.objectContaining({ reason: 'unknown-item', linkId: 'nprs-2' }));
  });
});
