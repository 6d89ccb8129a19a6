import { describe, expect, it } from 'vitest';
import { ghabp } from './ghabp.ts';
import { scoreInstrument } from './score.ts';
import type { Answers } from './types.ts';

const KEYS = ['initialDisability', 'handicap', 'use', 'benefit', 'residualDisability', 'satisfaction'];

/** One situation that applies, answered q1..qn with the given responses. */
const situation = (s: number, ...responses: number[]): Answers => ({
  [`ghabp-s${s}-applies`]: true,
  ...Object.fromEntries(responses.map((r, q) => [`ghabp-s${s}-q${q + 1}`, r])),
});
const notApplying = (s: number): Answers => ({ [`ghabp-s${s}-applies`]: false });
const allSituations = (r: number): Answers => ({ ...situation(1, r, r, r, r, r, r), ...situation(2, r, r, r, r, r, r), ...situation(3, r, r, r, r, r, r), ...situation(4, r, r, r, r, r, r) });
const score = (a: unknown) => scoreInstrument('ghabp', a);

describe('ghabp', () => {
  it('scores every response 1 as 0 and every response 5 as 100 on all six scales, a derived benefit of 0 either way', () => {
    expect(score(allSituations(1))).toEqual({ total: 0, band: null, subscales: Object.fromEntries(KEYS.map((k) => [k, 0])) });
    expect(score(allSituations(5))).toEqual({ total: 0, band: null, subscales: Object.fromEntries(KEYS.map((k) => [k, 100])) });
  });

  it('transforms each response to (r − 1) × 25 and averages each scale over the situations', () => {
    const result = score({ ...situation(1, 2, 3, 5, 4, 2, 4), ...situation(2, 3, 1, 4, 4, 1, 5), ...situation(3, 5, 4, 5, 2, 4, 2) });
    const s = result.subscales as Record<string, number>;
    expect(s.initialDisability).toBeCloseTo((25 + 50 + 100) / 3, 2); // 58.33
    expect(s.handicap).toBeCloseTo((50 + 0 + 75) / 3, 2); // 41.67
    expect(s.use).toBeCloseTo((100 + 75 + 100) / 3, 2); // 91.67
    expect(s.benefit).toBeCloseTo((75 + 75 + 25) / 3, 2); // 58.33
    expect(s.residualDisability).toBeCloseTo((25 + 0 + 75) / 3, 2); // 33.33
    expect(s.satisfaction).toBeCloseTo((75 + 100 + 25) / 3, 2); // 66.67
  });

  it('totals the derived benefit: initial minus residual disability per situation, averaged', () => {
    // Situation 1: (2 − 2) × 25 = 0; situation 2: (3 − 1) × 25 = 50; situation 3: (5 − 4) × 25 = 25 → 75 / 3 = 25.
    const result = score({ ...situation(1, 2, 3, 5, 4, 2, 4), ...situation(2, 3, 1, 4, 4, 1, 5), ...situation(3, 5, 4, 5, 2, 4, 2) });
    expect(result.total).toBe(25);
    // Worse with the aid than without: (1 − 3) × 25 = −50.
    expect(score(situation(1, 1, 1, 5, 1, 3, 1)).total).toBe(-50);
  });

  it('averages the derived benefit only over situations that apply with both disabilities answered', () => {
    // Situation 1: (5 − 1) × 25 = 100; situation 2 has no residual disability; situation 3 does not apply.
    const result = score({ ...situation(1, 5, 3, 5, 5, 1, 5), ...situation(2, 4, 3), ...notApplying(3), 'ghabp-s3-q1': 5, 'ghabp-s3-q5': 1 });
    expect(result.total).toBe(100);
    expect(score({ ...situation(1, 3, 2), ...situation(2, 2, 1) }).total).toBeNull();
  });

  it('names its total and ranges it from −100 to 100', () => {
    expect(ghabp.totalLabel?.en).toBe('Derived benefit (initial minus residual difficulty)');
    expect(ghabp.range).toEqual({ min: -100, max: 100 });
  });

  it('leaves out situations that do not apply, even if answers were left in them', () => {
    const result = score({ ...situation(1, 5, 5), ...notApplying(2), 'ghabp-s2-q1': 1, ...situation(3, 3, 3), ...notApplying(4) });
    expect(result.subscales).toMatchObject({ initialDisability: 75, handicap: 75 });
  });

  it('gives null hearing-aid scales for a non-user who answers only questions 1 and 2', () => {
    const result = score({ ...situation(1, 3, 2), ...situation(2, 2, 1), ...situation(3, 4, 4), ...situation(4, 5, 3) });
    expect(result).toEqual({
      total: null, band: null,
      subscales: { initialDisability: 62.5, handicap: 37.5, use: null, benefit: null, residualDisability: null, satisfaction: null },
    });
  });

  it('averages a scale only over the situations where its question was answered', () => {
    const result = score({ ...situation(1, 1, 1, 5), ...situation(2, 1, 1), ...situation(3, 1, 1, 3) });
    expect(result.subscales).toMatchObject({ use: 75 });
  });

  it('has all scales null when no situation applies', () => {
    const result = score({ ...notApplying(1), ...notApplying(2), ...notApplying(3), ...notApplying(4) });
    expect(result).toEqual({ total: null, band: null, subscales: Object.fromEntries(KEYS.map((k) => [k, null])) });
  });

  it('rejects values that are not options, wrong types and unknown items', () => {
    expect(() => score({ 'ghabp-s1-q1': 0 })).toThrow(expect.objectContaining({ reason: 'not-an-option', linkId: 'ghabp-s1-q1' }));
    expect(() => score({ 'ghabp-s2-q3': 6 })).toThrow(expect.objectContaining({ reason: 'not-an-option' }));
    expect(() => score({ 'ghabp-s1-applies': 1 })).toThrow(expect.objectContaining({ reason: 'wrong-type', linkId: 'ghabp-s1-applies' }));
    expect(() => score({ 'ghabp-s5-q1': 1 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
    expect(() => score({ 'ghabp-s1-q7': 1 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
  });
});
