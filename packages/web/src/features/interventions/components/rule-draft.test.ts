import { describe, expect, it } from 'vitest';
import { interventionRuleSchema } from '@geria/domain';
import { draftOf, ruleOf } from './RuleForm.tsx';

describe('rule drafts', () => {
  it('a new draft is a valid heart-rate rule once named and worded, in the interface language', () => {
    const draft = { ...draftOf(undefined, 'fr'), name: 'FC', message: 'FC {{value}}' };
    const parsed = interventionRuleSchema.parse(ruleOf(draft));
    expect(parsed).toMatchObject({ type: 'heartRate', language: 'fr', target: { kind: 'organisation' }, thresholds: { optimalLow: 60, extremeHigh: 130 } });
  });

  it('round-trips a stored rule, and sends only the fields of its type', () => {
    const rule = interventionRuleSchema.parse({
      name: 'Loss', type: 'weightLoss', target: { kind: 'cohort', recruitment: [1, 2] }, priority: 'high', operator: 'gt', value: 2.5, windowDays: 14,
      channels: ['caregivers'], app: 'geria', language: 'it', message: 'Perdita {{value}} {{unit}}', active: false,
    });
    const back = ruleOf(draftOf(rule, 'en'));
    expect(interventionRuleSchema.parse(back)).toEqual(rule);
    expect(back).not.toHaveProperty('thresholds');
  });

  it('reads decimal commas and targets the participant it was opened for', () => {
    const draft = { ...draftOf(undefined, 'it', '00000000-0000-4000-8000-000000000001'), type: 'bmi' as const, value: '30,5', name: 'BMI', message: 'x' };
    expect(ruleOf(draft)).toMatchObject({ value: 30.5, target: { kind: 'participant', participantId: '00000000-0000-4000-8000-000000000001' } });
    expect(ruleOf(draft)).not.toHaveProperty('windowDays');
  });

  it('a cohort by condition profile round-trips; a cohort naming neither a status nor a condition is refused', () => {
    const rule = interventionRuleSchema.parse({
      name: 'Frail', type: 'heartRate', target: { kind: 'cohort', recruitment: [], conditions: ['frailty', 'balance'] }, priority: 'high',
      thresholds: { optimalLow: 60, optimalHigh: 100, extremeLow: 40, extremeHigh: 130 }, channels: ['app'], app: 'geria', language: 'ro', message: 'x',
    });
    const draft = draftOf(rule, 'en');
    expect(draft).toMatchObject({ targetKind: 'cohort', recruitment: [], conditions: ['frailty', 'balance'] });
    expect(interventionRuleSchema.parse(ruleOf(draft))).toEqual(rule);
    const empty = interventionRuleSchema.safeParse(ruleOf({ ...draft, conditions: [] }));
    expect(empty.success).toBe(false);
    expect(empty.error!.issues.map((i) => i.path[0])).toEqual(['target']);
  });

  it('a stored recruitment cohort from before conditions opens with no condition ticked', () => {
    const draft = draftOf({ name: 'Old', type: 'bmi', target: { kind: 'cohort', recruitment: [1] } as never, priority: 'low', operator: 'gt', value: 30, channels: ['app'], app: 'geria', language: 'en', message: 'x' }, 'en');
    expect(draft).toMatchObject({ recruitment: [1], conditions: [] });
    expect(ruleOf(draft)).toMatchObject({ target: { kind: 'cohort', recruitment: [1], conditions: [] } });
  });
});
