import { describe, expect, it } from 'vitest';
import { LOINC } from '../rules/observation-codes.ts';
import {
  BALANCE_DURATION, BALANCE_EXERCISE, BALANCE_SCORE, balanceSessionKindOf, DEVICE_REPORTS, GERIA_BALANCE_SYSTEM, GERIA_REPORT_SYSTEM,
  readBalanceSession, reportIncludes, reportKindOf,
} from './device-panels.ts';
import { measurementByKey } from './measurements.ts';

const duration = (value: number, unit = 'min') => ({ code: { coding: [{ system: BALANCE_DURATION.system, code: BALANCE_DURATION.code }] }, valueQuantity: { value, unit, code: unit } });
const score = (value: number) => ({ code: { coding: [{ system: BALANCE_SCORE.system, code: BALANCE_SCORE.code }] }, valueQuantity: { value, unit: '{score}' } });
const exercise = (name: string) => ({ code: { coding: [{ system: BALANCE_EXERCISE.system, code: BALANCE_EXERCISE.code }] }, valueString: name });

describe('health-data platform reports', () => {
  it('group only measurements of the table', () => {
    for (const keys of Object.values(DEVICE_REPORTS)) for (const key of keys) expect(measurementByKey(key), key).toBeDefined();
  });

  it('are known by their code in the report system; another code of that system is unknown, other systems are not reports', () => {
    expect(reportKindOf([{ system: LOINC, code: 'x' }, { system: GERIA_REPORT_SYSTEM, code: 'sleep' }])).toBe('sleep');
    expect(reportKindOf([{ system: GERIA_REPORT_SYSTEM, code: 'toString' }])).toBe('unknown');
    expect(reportKindOf([{ system: LOINC, code: '11502-2' }])).toBeUndefined();
    expect(reportIncludes('cardio', 'systolicSupine')).toBe(true);
    expect(reportIncludes('cardio', 'steps')).toBe(false);
  });
});

describe('balance-training sessions', () => {
  it('are known by their code', () => {
    expect(balanceSessionKindOf([{ system: GERIA_BALANCE_SYSTEM, code: 'session' }])).toBe('session');
    expect(balanceSessionKindOf([{ system: GERIA_BALANCE_SYSTEM, code: 'training-session' }])).toBe('trainingSession');
    expect(balanceSessionKindOf([{ system: GERIA_BALANCE_SYSTEM, code: 'score' }])).toBe('unknown');
    expect(balanceSessionKindOf([{ system: LOINC, code: '55411-3' }])).toBeUndefined();
  });

  it('read duration, score and exercises in order', () => {
    expect(readBalanceSession('trainingSession', [duration(25), exercise(' Tandem stance '), score(80), exercise('Sit to stand')]))
      .toEqual({ session: { kind: 'trainingSession', durationMinutes: 25, score: 80, exercises: ['Tandem stance', 'Sit to stand'] } });
    expect(readBalanceSession('session', [duration(1)])).toEqual({ session: { kind: 'session', durationMinutes: 1, score: null, exercises: [] } });
  });

  it('refuse a duration outside 1–600 min or in another unit, at both edges', () => {
    expect(readBalanceSession('session', [duration(600)])).toHaveProperty('session');
    expect(readBalanceSession('session', [duration(0.5)])).toEqual({ problem: expect.stringMatching(/duration 0.5 is not plausible/) });
    expect(readBalanceSession('session', [duration(601)])).toEqual({ problem: expect.stringMatching(/duration 601/) });
    expect(readBalanceSession('session', [duration(20, 'h')])).toEqual({ problem: expect.stringMatching(/is in min/) });
    expect(readBalanceSession('session', [])).toEqual({ problem: expect.stringMatching(/exactly one duration/) });
    expect(readBalanceSession('session', [duration(5), duration(6)])).toEqual({ problem: expect.stringMatching(/exactly one duration/) });
  });

  it('refuse a score outside 0–100, and accept both edges', () => {
    expect(readBalanceSession('session', [duration(5), score(0)])).toHaveProperty('session');
    expect(readBalanceSession('session', [duration(5), score(100)])).toHaveProperty('session');
    expect(readBalanceSession('session', [duration(5), score(100.5)])).toEqual({ problem: expect.stringMatching(/score 100.5/) });
    expect(readBalanceSession('session', [duration(5), score(-1)])).toEqual({ problem: expect.stringMatching(/score -1/) });
    expect(readBalanceSession('session', [duration(5), score(1), score(2)])).toEqual({ problem: expect.stringMatching(/at most one score/) });
  });

  it('refuse unnamed exercises, unknown components and a training session without exercise', () => {
    expect(readBalanceSession('session', [duration(5), exercise('  ')])).toEqual({ problem: expect.stringMatching(/valueString/) });
    expect(readBalanceSession('session', [duration(5), exercise('x'.repeat(201))])).toEqual({ problem: expect.stringMatching(/valueString/) });
    expect(readBalanceSession('session', [duration(5), { code: { coding: [{ system: LOINC, code: '8867-4' }] }, valueQuantity: { value: 60 } }]))
      .toEqual({ problem: expect.stringMatching(/components are/) });
    expect(readBalanceSession('trainingSession', [duration(5), score(50)])).toEqual({ problem: expect.stringMatching(/at least one exercise/) });
    expect(readBalanceSession('session', [duration(5), ...Array.from({ length: 51 }, (_, i) => exercise(`e${i}`))])).toEqual({ problem: expect.stringMatching(/at most 50/) });
  });
});
