import { describe, expect, it } from 'vitest';
import { without } from './answers.fixture.ts';
import { GDS15_REVERSE_KEYED } from './gds15.ts';
import { requireInstrument } from './registry.ts';
import { scoreInstrument } from './score.ts';

const items = Array.from({ length: 15 }, (_, i) => i + 1);
const id = (n: number) => `gds15-${n}`;
/** The answer of item n that scores (or not) a point. */
const depressive = (n: number) => !GDS15_REVERSE_KEYED.includes(n);
const answers = (scoring: (n: number) => boolean) => Object.fromEntries(items.map((n) => [id(n), scoring(n) ? depressive(n) : !depressive(n)]));
const withTotal = (total: number) => answers((n) => n <= total);
const score = (a: object) => scoreInstrument('gds15', a);

describe('GDS-15', () => {
  it('scores 0 with no depressive answer and 15 with all of them', () => {
    expect(score(answers(() => false))).toEqual({ total: 0, band: 'normal' });
    expect(score(answers(() => true))).toEqual({ total: 15, band: 'severe' });
  });

  it('keys items 1, 5, 7, 11 and 13 in reverse: "No" scores', () => {
    expect(GDS15_REVERSE_KEYED).toEqual([1, 5, 7, 11, 13]);
    for (const n of GDS15_REVERSE_KEYED) {
      const base = answers(() => false);
      expect(base[id(n)]).toBe(true);
      expect(score({ ...base, [id(n)]: false }).total).toBe(1);
    }
    const base = answers(() => false);
    expect(score({ ...base, [id(2)]: true }).total).toBe(1);
  });

  it('answering "Yes" to everything scores the ten forward items', () => {
    expect(score(Object.fromEntries(items.map((n) => [id(n), true]))).total).toBe(10);
  });

  it.each([[4, 'normal'], [5, 'mild'], [8, 'mild'], [9, 'moderate'], [11, 'moderate'], [12, 'severe']])('puts %i in %s', (total, band) => {
    expect(score(withTotal(total))).toEqual({ total, band });
  });

  it('is not scorable when an item is missing', () => {
    expect(score(without(withTotal(3), id(15)))).toEqual({ total: null, band: null });
  });

  it('rejects invalid answers', () => {
    expect(() => score({ 'gds15-16': true })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
    expect(() => score({ 'gds15-1': 1 })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
    expect(() => score({ 'gds15-1': 'yes' })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
  });

  it('carries the screening accuracy SPEC §3 gives it: sensitivity 81 %, specificity 78 %', () => {
    expect(requireInstrument('gds15').screeningAccuracy).toEqual({ sensitivity: 0.81, specificity: 0.78 });
  });
});
