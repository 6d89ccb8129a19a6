import { describe, expect, it } from 'vitest';
import {
  compare, DIASTOLIC_CODES, evaluateRule, fillMessage, firingWindow, INTERVENTION_LOINC, interventionRuleSchema, needsProfiling, ruleCodes,
  SYSTOLIC_CODES, targets, thresholdLevel, unknownPlaceholders,
  type InterventionRuleInput,
} from './rules.ts';
import { MEASUREMENTS } from '../reference/measurements.ts';

const at = new Date('2026-11-20T10:00:00Z');
const T = { optimalLow: 60, optimalHigh: 100, extremeLow: 40, extremeHigh: 130 };
const base = { name: 'r', target: { kind: 'organisation' }, priority: 'high', channels: ['app'], app: 'geria', language: 'en', message: 'Value {{value}} {{unit}}' } as const;
const rule = (r: Partial<InterventionRuleInput>) => interventionRuleSchema.parse({ ...base, ...r });

describe('compare', () => {
  it.each([
    ['lt', 4, 5, true], ['lt', 5, 5, false], ['lte', 5, 5, true], ['lte', 5.01, 5, false],
    ['gt', 6, 5, true], ['gt', 5, 5, false], ['gte', 5, 5, true], ['gte', 4.99, 5, false],
  ] as const)('%s %d vs %d is %s', (op, measured, value, expected) => {
    expect(compare(op, measured, value)).toBe(expected);
  });
});

describe('thresholdLevel', () => {
  it.each([
    [39.9, 'extreme'], [40, 'optimal'], [59.9, 'optimal'], [60, null], [80, null], [100, null],
    [100.1, 'optimal'], [130, 'optimal'], [130.1, 'extreme'],
  ] as const)('%d is %s', (value, level) => {
    expect(thresholdLevel(T, value)).toBe(level);
  });
  it('extreme beats optimal when the two coincide', () => {
    expect(thresholdLevel({ optimalLow: 60, optimalHigh: 100, extremeLow: 60, extremeHigh: 100 }, 100.5)).toBe('extreme');
  });
});

describe('evaluateRule', () => {
  it('heart rate fires at each threshold band, not inside the optimal range', () => {
    const hr = rule({ type: 'heartRate', thresholds: T });
    expect(evaluateRule(hr, { value: 72, unit: '/min', at })).toBeNull();
    expect(evaluateRule(hr, { value: 101, unit: '/min', at })).toEqual({ level: 'optimal', value: 101, unit: '/min' });
    expect(evaluateRule(hr, { value: 131, unit: '/min', at })?.level).toBe('extreme');
  });

  it('blood pressure takes the worse of systolic and diastolic; either alone is enough', () => {
    const bp = rule({ type: 'bloodPressure', thresholds: { optimalLow: 90, optimalHigh: 140, extremeLow: 70, extremeHigh: 180 }, diastolicThresholds: { optimalLow: 60, optimalHigh: 90, extremeLow: 40, extremeHigh: 110 } });
    expect(evaluateRule(bp, { value: 120, diastolic: 80, unit: 'mm[Hg]', at })).toBeNull();
    expect(evaluateRule(bp, { value: 141, diastolic: 111, unit: 'mm[Hg]', at })?.level).toBe('extreme');
    expect(evaluateRule(bp, { value: 181, diastolic: 80, unit: 'mm[Hg]', at })?.level).toBe('extreme');
    expect(evaluateRule(bp, { value: 120, diastolic: 91, unit: 'mm[Hg]', at })?.level).toBe('optimal');
    expect(evaluateRule(bp, { diastolic: 39, unit: 'mm[Hg]', at })?.level).toBe('extreme');
    expect(evaluateRule(bp, { unit: 'mm[Hg]', at })).toBeNull();
  });

  it('BMI compares with the operator at the boundary', () => {
    const bmi = rule({ type: 'bmi', operator: 'gte', value: 30 });
    expect(evaluateRule(bmi, { value: 29.99, unit: 'kg/m2', at })).toBeNull();
    expect(evaluateRule(bmi, { value: 30, unit: 'kg/m2', at })).toEqual({ level: 'criterion', value: 30, unit: 'kg/m2' });
  });

  it('weight loss reads a negative change as a loss; weight gain a positive one', () => {
    const loss = rule({ type: 'weightLoss', operator: 'gt', value: 3, windowDays: 30 });
    expect(evaluateRule(loss, { value: -3, unit: 'kg', at })).toBeNull();
    expect(evaluateRule(loss, { value: -3.1, unit: 'kg', at })).toMatchObject({ value: 3.1 });
    expect(evaluateRule(loss, { value: 4, unit: 'kg', at })).toBeNull();
    const gain = rule({ type: 'weightGain', operator: 'gte', value: 2, windowDays: 7 });
    expect(evaluateRule(gain, { value: 2, unit: 'kg', at })).toMatchObject({ value: 2 });
    expect(evaluateRule(gain, { value: 1.9, unit: 'kg', at })).toBeNull();
  });

  it('weekly activity fires below the step total', () => {
    const steps = rule({ type: 'physicalActivity', operator: 'lt', value: 10000, windowDays: 7 });
    expect(evaluateRule(steps, { value: 9999, unit: 'steps', at })).toMatchObject({ level: 'criterion' });
    expect(evaluateRule(steps, { value: 10000, unit: 'steps', at })).toBeNull();
  });
});

describe('interventionRuleSchema', () => {
  it('requires the fields of the rule type', () => {
    expect(interventionRuleSchema.safeParse({ ...base, type: 'heartRate' }).success).toBe(false);
    expect(interventionRuleSchema.safeParse({ ...base, type: 'bloodPressure', thresholds: T }).success).toBe(false);
    expect(interventionRuleSchema.safeParse({ ...base, type: 'bmi', operator: 'gt' }).success).toBe(false);
    expect(interventionRuleSchema.safeParse({ ...base, type: 'weightLoss', operator: 'gt', value: 2 }).success).toBe(false);
    expect(interventionRuleSchema.safeParse({ ...base, type: 'weightLoss', operator: 'gt', value: 2, windowDays: 30 }).success).toBe(true);
    // A day's hours of poor posture: a criterion of its own day, no window.
    expect(interventionRuleSchema.safeParse({ ...base, type: 'poorPosture', operator: 'gt' }).success).toBe(false);
    expect(interventionRuleSchema.safeParse({ ...base, type: 'poorPosture', operator: 'gt', value: 3 }).success).toBe(true);
  });
  it('fires a poor posture rule on the day\'s hours', () => {
    const posture = rule({ type: 'poorPosture', operator: 'gte', value: 3 });
    expect(evaluateRule(posture, { value: 2.99, unit: 'h', at })).toBeNull();
    expect(evaluateRule(posture, { value: 3, unit: 'h', at })).toEqual({ level: 'criterion', value: 3, unit: 'h' });
    expect(firingWindow({ type: 'poorPosture' }, new Date('2026-11-20T12:00:00Z'), 'criterion')).toBe('2026-11-20:criterion');
  });
  it('refuses thresholds out of order, unknown placeholders, repeated or no channels', () => {
    expect(interventionRuleSchema.safeParse({ ...base, type: 'heartRate', thresholds: { ...T, extremeLow: 61 } }).success).toBe(false);
    expect(interventionRuleSchema.safeParse({ ...base, type: 'heartRate', thresholds: T, message: 'Hi {{name}}' }).success).toBe(false);
    expect(interventionRuleSchema.safeParse({ ...base, type: 'heartRate', thresholds: T, channels: ['app', 'app'] }).success).toBe(false);
    expect(interventionRuleSchema.safeParse({ ...base, type: 'heartRate', thresholds: T, channels: [] }).success).toBe(false);
  });
});

describe('messages, windows and targets', () => {
  it('fills the known placeholders and names the unknown ones', () => {
    expect(fillMessage('HR {{value}} {{ unit }} for {{participant}}', { value: 131, unit: '/min', participant: 'Ada' })).toBe('HR 131 /min for Ada');
    expect(fillMessage('{{value}} {{date}}', { value: 1 })).toBe('1 {{date}}');
    expect(unknownPlaceholders('{{value}} {{foo}} {{bar}}')).toEqual(['foo', 'bar']);
  });
  it('one window per UTC day and level for point criteria; per window end for windowed ones', () => {
    expect(firingWindow({ type: 'heartRate' }, at, 'optimal')).toBe('2026-11-20:optimal');
    expect(firingWindow({ type: 'heartRate' }, at, 'extreme')).not.toBe(firingWindow({ type: 'heartRate' }, at, 'optimal'));
    expect(firingWindow({ type: 'weightLoss', windowDays: 1 }, new Date('2026-11-20T23:59:59Z'), 'criterion')).toBe('weightLoss:2026-11-20');
    // 2026-11-19 is day 20776 since 1970-01-01, a multiple of 7: a weekly window starts there.
    expect(firingWindow({ type: 'physicalActivity', windowDays: 7 }, new Date('2026-11-25T12:00:00Z'), 'criterion')).toBe('physicalActivity:2026-11-19');
    expect(firingWindow({ type: 'physicalActivity', windowDays: 7 }, new Date('2026-11-18T23:59:59Z'), 'criterion')).toBe('physicalActivity:2026-11-12');
  });
  it('targets the organisation, a recruitment cohort or one participant', () => {
    const p = { id: '00000000-0000-4000-8000-000000000001', recruitment: 2 };
    expect(targets({ kind: 'organisation' }, p)).toBe(true);
    expect(targets({ kind: 'cohort', recruitment: [1, 2] }, p)).toBe(true);
    expect(targets({ kind: 'cohort', recruitment: [3] }, p)).toBe(false);
    expect(targets({ kind: 'participant', participantId: p.id }, p)).toBe(true);
    expect(targets({ kind: 'participant', participantId: '00000000-0000-4000-8000-000000000002' }, p)).toBe(false);
  });

  describe('cohorts by condition profile', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const profile = (yes: string[]) => Object.fromEntries(['hearingLoss', 'cardiovascular', 'frailty', 'cognitive', 'mental', 'balance', 'backPain']
      .map((c) => [c, yes.includes(c)])) as Parameters<typeof targets>[1]['profiling'];
    const frail = { id, recruitment: 2, profiling: profile(['frailty']) };
    const cohort = (recruitment: number[], conditions: string[]) =>
      interventionRuleSchema.parse({ ...base, type: 'bmi', operator: 'gt', value: 30, target: { kind: 'cohort', recruitment, conditions } }).target;

    it('a condition cohort takes participants with one of its conditions answered yes', () => {
      expect(targets(cohort([], ['frailty']), frail)).toBe(true);
      expect(targets(cohort([], ['frailty', 'balance']), { ...frail, profiling: profile(['balance']) })).toBe(true);
      expect(targets(cohort([], ['frailty']), { ...frail, profiling: profile(['balance', 'cardiovascular']) })).toBe(false);
      expect(targets(cohort([], ['backPain']), { ...frail, profiling: profile([]) })).toBe(false);
    });
    it('a participant without a profiling is in no condition cohort, but still in a recruitment-only one', () => {
      expect(targets(cohort([], ['frailty']), { id, recruitment: 2, profiling: null })).toBe(false);
      expect(targets(cohort([], ['frailty']), { id, recruitment: 2 })).toBe(false);
      expect(targets(cohort([2], []), { id, recruitment: 2, profiling: null })).toBe(true);
    });
    it('recruitment and conditions together: both must hold', () => {
      expect(targets(cohort([2], ['frailty']), frail)).toBe(true);
      expect(targets(cohort([1], ['frailty']), frail)).toBe(false);
      expect(targets(cohort([2], ['mental']), frail)).toBe(false);
    });
    it('a cohort names a status or a condition, each once, and only the seven conditions', () => {
      const parse = (target: unknown) => interventionRuleSchema.safeParse({ ...base, type: 'bmi', operator: 'gt', value: 30, target }).success;
      expect(parse({ kind: 'cohort', recruitment: [], conditions: [] })).toBe(false);
      expect(parse({ kind: 'cohort' })).toBe(false);
      expect(parse({ kind: 'cohort', conditions: ['frailty'] })).toBe(true);
      expect(parse({ kind: 'cohort', conditions: ['frailty', 'frailty'] })).toBe(false);
      expect(parse({ kind: 'cohort', conditions: ['diabetes'] })).toBe(false);
      expect(cohort([1], [])).toEqual({ kind: 'cohort', recruitment: [1], conditions: [] });
    });
    it('reads a rule stored before cohorts had conditions', () => {
      expect(targets({ kind: 'cohort', recruitment: [2] }, frail)).toBe(true);
      expect(needsProfiling({ kind: 'cohort', recruitment: [2] })).toBe(false);
    });
    it('only a condition cohort needs the profiling', () => {
      expect(needsProfiling(cohort([], ['frailty']))).toBe(true);
      expect(needsProfiling(cohort([1], []))).toBe(false);
      expect(needsProfiling({ kind: 'organisation' })).toBe(false);
    });
  });
});

describe('the codes the rules match', () => {
  it('are the measurement table\'s own and umbrella LOINC codes, and the clinical panel\'s', () => {
    expect(INTERVENTION_LOINC).toEqual({
      weight: '29463-7', bmi: '39156-5', heartRate: '8867-4', systolic: '8480-6', diastolic: '8462-4', bpPanel: '85354-9', steps: '41950-7',
    });
    for (const key of ['weight', 'bmi', 'steps'] as const) expect(MEASUREMENTS.find((m) => m.key === key)?.code).toBe(INTERVENTION_LOINC[key]);
  });
  it('a panel\'s systolic and diastolic components are read under the umbrella and the positional codes', () => {
    expect([...SYSTOLIC_CODES].sort()).toEqual(['8460-8', '8461-6', '8480-6']);
    expect([...DIASTOLIC_CODES].sort()).toEqual(['8454-1', '8455-8', '8462-4']);
    expect(ruleCodes('bloodPressure')).toEqual(['8480-6', '8462-4', '85354-9']);
  });
});
