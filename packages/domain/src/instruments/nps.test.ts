import { describe, expect, it } from 'vitest';
import { netPromoterScore } from './nps.ts';
import { scoreInstrument } from './score.ts';

const score = (a: unknown) => scoreInstrument('nps', a);

describe('nps', () => {
  it('scores the rating with its respondent band, from 0 to 10', () => {
    expect(score({ 'nps-1': 0 })).toEqual({ total: 0, band: 'detractor' });
    expect(score({ 'nps-1': 10 })).toEqual({ total: 10, band: 'promoter' });
  });

  it.each([[6, 'detractor'], [7, 'passive'], [8, 'passive'], [9, 'promoter']])('puts %i in band %s', (rating, band) => {
    expect(score({ 'nps-1': rating }).band).toBe(band);
  });

  it('is not scorable without a rating', () => {
    expect(score({})).toEqual({ total: null, band: null });
  });

  it('rejects invalid ratings and unknown items', () => {
    expect(() => score({ 'nps-1': -1 })).toThrow(expect.objectContaining({ reason: 'out-of-range' }));
    expect(() => score({ 'nps-1': true })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
    expect(() => score({ 'nps-0': 3 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
  });

  it('computes the group NPS as % promoters minus % detractors, passives only in the denominator', () => {
    expect(netPromoterScore([10, 9, 8, 7, 6])).toBeCloseTo(20, 10);
    expect(netPromoterScore([0, 3, 6])).toBe(-100);
    expect(netPromoterScore([9, 10])).toBe(100);
    expect(netPromoterScore([7, 8])).toBe(0);
    expect(netPromoterScore([])).toBeNull();
  });
});
