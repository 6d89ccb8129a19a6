import { describe, expect, it } from 'vitest';
import { scoreInstrument } from './score.ts';
import type { Answers } from './types.ts';

const KEYS = ['basics', 'communication', 'dataFileStorage', 'internet', 'calendar', 'entertainment', 'privacy', 'troubleshootingSoftware'];
const all = (value: number): Answers => Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`mdpq-${i + 1}`, value]));
const score = (a: unknown) => scoreInstrument('mdpq', a);

describe('mdpq', () => {
  it('scores all "never tried" as 8 and all "very easily" as 40, each subscale 1 or 5', () => {
    expect(score(all(1))).toEqual({ total: 8, band: null, subscales: Object.fromEntries(KEYS.map((k) => [k, 1])) });
    expect(score(all(5))).toEqual({ total: 40, band: null, subscales: Object.fromEntries(KEYS.map((k) => [k, 5])) });
  });

  it('averages each pair of tasks in published order and sums the eight means', () => {
    const answers = { ...all(3), 'mdpq-1': 5, 'mdpq-2': 4, 'mdpq-15': 1, 'mdpq-16': 2 };
    const result = score(answers);
    expect(result.subscales).toMatchObject({ basics: 4.5, communication: 3, troubleshootingSoftware: 1.5 });
    expect(result.total).toBeCloseTo(24, 2);
  });

  it('is not scorable with a missing task, leaving only that subscale empty', () => {
    const { 'mdpq-8': _missing, ...answers } = all(4);
    const result = score(answers);
    expect(result).toMatchObject({ total: null, band: null });
    expect(result.subscales).toMatchObject({ internet: null, calendar: 4 });
  });

  it('rejects values that are not options, of the wrong type, or for unknown items', () => {
    expect(() => score({ 'mdpq-1': 0 })).toThrow(expect.objectContaining({ reason: 'not-an-option', linkId: 'mdpq-1' }));
    expect(() => score({ 'mdpq-3': 'easily' })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
    expect(() => score({ 'mdpq-17': 3 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
  });
});
