import { describe, expect, it } from 'vitest';
import { without } from './answers.fixture.ts';
import { scoreInstrument } from './score.ts';

const score = (answers: object) => scoreInstrument('mnasf', answers);
const best = { 'mnasf-1': 2, 'mnasf-2': 3, 'mnasf-3': 2, 'mnasf-4': 2, 'mnasf-5': 2, 'mnasf-6': 3 };
const worst = { 'mnasf-1': 0, 'mnasf-2': 0, 'mnasf-3': 0, 'mnasf-4': 0, 'mnasf-5': 0, 'mnasf-6': 0 };

describe('MNA short form', () => {
  it('ranges from 0 to 14', () => {
    expect(score(worst)).toEqual({ total: 0, band: 'malnourished' });
    expect(score(best)).toEqual({ total: 14, band: 'normal' });
  });

  it.each([
    [{ ...best, 'mnasf-2': 1 }, 12, 'normal'],
    [{ ...best, 'mnasf-2': 0 }, 11, 'at-risk'],
    [{ ...worst, 'mnasf-2': 3, 'mnasf-6': 3, 'mnasf-1': 2 }, 8, 'at-risk'],
    [{ ...worst, 'mnasf-2': 3, 'mnasf-6': 3, 'mnasf-1': 1 }, 7, 'malnourished'],
  ])('bands %j as %i %s', (answers, total, band) => {
    expect(score(answers)).toEqual({ total, band });
  });

  it('uses the calf circumference only when the BMI is missing', () => {
    const noBmi = without(best, 'mnasf-6');
    expect(score({ ...noBmi, 'mnasf-7': 3 }).total).toBe(14);
    expect(score({ ...noBmi, 'mnasf-7': 0 }).total).toBe(11);
    expect(score({ ...best, 'mnasf-6': 1, 'mnasf-7': 3 }).total).toBe(12);
  });

  it('is not scorable without F1 and F2, or without one of A–E', () => {
    expect(score(without(best, 'mnasf-6'))).toEqual({ total: null, band: null });
    expect(score(without(best, 'mnasf-1'))).toEqual({ total: null, band: null });
  });

  it('rejects invalid answers', () => {
    expect(() => score({ 'mnasf-8': 1 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
    expect(() => score({ 'mnasf-4': 1 })).toThrow(expect.objectContaining({ reason: 'not-an-option', linkId: 'mnasf-4' }));
    expect(() => score({ 'mnasf-7': 2 })).toThrow(expect.objectContaining({ reason: 'not-an-option' }));
    expect(() => score({ 'mnasf-1': null })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
  });
});
