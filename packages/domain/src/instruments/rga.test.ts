import { describe, expect, it } from 'vitest';
import { scoreInstrument } from './score.ts';
import type { Answers, ScoreResult } from './types.ts';

const frail = (yes: number): Answers => Object.fromEntries([1, 2, 3, 4, 5].map((n) => [`frail-${n}`, n <= yes]));
/** Items of a part filled from the first, each up to `max`, to reach `total` from `min` points per item. */
const filled = (prefix: string, count: number, min: number, max: number, total: number): Answers =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}-${i + 1}`, Math.max(min, Math.min(max, total - min * (count - 1 - i) - max * i))]));
const sarcf = (total: number) => filled('sarcf', 5, 0, 2, total);
const snaq = (total: number) => filled('snaq', 4, 1, 5, total);
const rcs = (clock: number, words: number, story: number): Answers => ({ 'rcs-1': clock, 'rcs-2': words, 'rcs-3': story });
const parts = (a: unknown) => scoreInstrument('rga', a).subscales as Record<string, ScoreResult>;

describe('rga', () => {
  it('has no combined total: the four parts are scored separately', () => {
    const result = scoreInstrument('rga', { ...frail(0), ...sarcf(0), ...snaq(20), ...rcs(4, 5, 1) });
    expect(result).toEqual({
      total: null,
      band: null,
      subscales: {
        frail: { total: 0, band: 'robust' },
        sarcf: { total: 0, band: 'negative' },
        snaq: { total: 20, band: 'not-at-risk' },
        rcs: { total: 10, band: 'normal' },
      },
    });
  });

  it('scores the worst answers of every part', () => {
    expect(parts({ ...frail(5), ...sarcf(10), ...snaq(4), ...rcs(0, 0, 0) })).toEqual({
      frail: { total: 5, band: 'frail' },
      sarcf: { total: 10, band: 'positive' },
      snaq: { total: 4, band: 'at-risk' },
      rcs: { total: 0, band: 'dementia' },
    });
  });

  it.each([[1, 'prefrail'], [2, 'prefrail'], [3, 'frail']])('bands FRAIL %i as %s', (yes, band) => {
    expect(parts(frail(yes)).frail).toEqual({ total: yes, band });
  });

  it('bands SARC-F 4 or more as positive', () => {
    expect(parts(sarcf(3)).sarcf).toEqual({ total: 3, band: 'negative' });
    expect(parts(sarcf(4)).sarcf).toEqual({ total: 4, band: 'positive' });
  });

  it('bands SNAQ 14 or less as at risk', () => {
    expect(parts(snaq(14)).snaq).toEqual({ total: 14, band: 'at-risk' });
    expect(parts(snaq(15)).snaq).toEqual({ total: 15, band: 'not-at-risk' });
  });

  it('bands the cognitive screen 0–5 dementia, 6–7 MCI, 8–10 normal', () => {
    expect(parts(rcs(2, 3, 0)).rcs).toEqual({ total: 5, band: 'dementia' });
    expect(parts(rcs(2, 3, 1)).rcs).toEqual({ total: 6, band: 'mci' });
    expect(parts(rcs(4, 3, 0)).rcs).toEqual({ total: 7, band: 'mci' });
    expect(parts(rcs(4, 3, 1)).rcs).toEqual({ total: 8, band: 'normal' });
  });

  it('leaves a part with a missing item unscored without affecting the others', () => {
    const { 'frail-5': _missing, ...partialFrail } = frail(2);
    expect(parts({ ...partialFrail, ...sarcf(2) })).toEqual({
      frail: { total: null, band: null },
      sarcf: { total: 2, band: 'negative' },
      snaq: { total: null, band: null },
      rcs: { total: null, band: null },
    });
  });

  it('rejects invalid answers: clock points other than 0/2/4, too many words, wrong types, unknown items', () => {
    expect(() => parts({ 'rcs-1': 3 })).toThrow(expect.objectContaining({ reason: 'not-an-option', linkId: 'rcs-1' }));
    expect(() => parts({ 'rcs-2': 6 })).toThrow(expect.objectContaining({ reason: 'out-of-range', linkId: 'rcs-2' }));
    expect(() => parts({ 'frail-1': 1 })).toThrow(expect.objectContaining({ reason: 'wrong-type', linkId: 'frail-1' }));
    expect(() => parts({ 'snaq-1': 0 })).toThrow(expect.objectContaining({ reason: 'not-an-option', linkId: 'snaq-1' }));
    expect(() => parts({ 'sarcf-6': 0 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
  });
});
