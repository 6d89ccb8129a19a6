import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';
import { PROFILING_CONDITIONS, type ProfilingInput } from '../rules/assessment-profiling.ts';
import { LOINC, OBSERVATION_CODES } from '../rules/observation-codes.ts';
import { MEASUREMENTS, measurementByKey } from '../reference/measurements.ts';

/**
 * Medical intervention rules (SPEC §3 "Intervention"): what a rule watches, whom it targets and
 * whom it tells. Pure: the server evaluates rules with these functions as Observations arrive and on
 * its schedule; the web edits them with the same schema.
 */
/** `poorPosture`: the hours of poor posture of a day, from the Citizen Hub's daily upload (issue 34 §3). */
export const INTERVENTION_TYPES = ['bmi', 'weightLoss', 'weightGain', 'physicalActivity', 'heartRate', 'bloodPressure', 'poorPosture'] as const;
export type InterventionType = (typeof INTERVENTION_TYPES)[number];
export const INTERVENTION_OPERATORS = ['lt', 'lte', 'gt', 'gte'] as const;
export type InterventionOperator = (typeof INTERVENTION_OPERATORS)[number];
export const INTERVENTION_CHANNELS = ['app', 'managers', 'caregivers'] as const;
export type InterventionChannel = (typeof INTERVENTION_CHANNELS)[number];
export const INTERVENTION_PRIORITIES = ['low', 'medium', 'high'] as const;
export const INTERVENTION_LEVELS = ['criterion', 'optimal', 'extreme'] as const;
export type InterventionLevel = (typeof INTERVENTION_LEVELS)[number];

/** Placeholders a rule's message may use; the evaluation fills them in. */
export const MESSAGE_PLACEHOLDERS = ['value', 'unit', 'participant', 'rule', 'level', 'date'] as const;

const measurement = (key: string) => {
  const found = measurementByKey(key);
  if (!found) throw new Error(`intervention rules: no device measurement "${key}"`);
  return found;
};

/**
 * LOINC codes the rules match, taken from the device measurement table (which the ingestion
 * codes Observations with) and the clinical fields' blood-pressure panel, never written twice:
 * weight, BMI and steps are series of their own; heart rate, systolic and diastolic pressure are
 * the umbrella codes the table adds to its more specific series.
 */
export const INTERVENTION_LOINC = {
  weight: measurement('weight').code,
  bmi: measurement('bmi').code,
  heartRate: measurement('heartRateAvg').alsoCoded!,
  systolic: measurement('systolicStanding').alsoCoded!,
  diastolic: measurement('diastolicStanding').alsoCoded!,
  bpPanel: OBSERVATION_CODES.bloodPressureStanding.coding.code,
  steps: measurement('steps').code,
} as const;

/**
 * Codes that carry a systolic (diastolic) value inside a blood-pressure panel: the umbrella code
 * and the positional ones (standing, supine) the measurement table files under it. The clinical
 * fields write their panels' components with the positional codes only.
 */
const codesUnder = (umbrella: string) => [umbrella, ...MEASUREMENTS.filter((m) => m.system === LOINC && m.alsoCoded === umbrella).map((m) => m.code)];
export const SYSTOLIC_CODES: readonly string[] = codesUnder(INTERVENTION_LOINC.systolic);
export const DIASTOLIC_CODES: readonly string[] = codesUnder(INTERVENTION_LOINC.diastolic);

/** Windowed types are evaluated over a span of days, also on the server's schedule. */
export const WINDOWED_TYPES: readonly InterventionType[] = ['weightLoss', 'weightGain', 'physicalActivity'];

const finite = z.number().finite();
const thresholds = z.object({ optimalLow: finite, optimalHigh: finite, extremeLow: finite, extremeHigh: finite })
  .refine((t) => t.extremeLow <= t.optimalLow && t.optimalLow <= t.optimalHigh && t.optimalHigh <= t.extremeHigh,
    { message: 'interventions.errors.thresholdOrder' });
export type Thresholds = z.infer<typeof thresholds>;

/**
 * A cohort: participants with one of the recruitment statuses and one of the profiling conditions
 * (SPEC §3 "Profiling booleans"); an empty list does not filter, but one of the two must filter.
 */
const cohort = z.object({
  kind: z.literal('cohort'),
  recruitment: z.array(z.number().int().min(0).max(5)).default([]),
  conditions: z.array(z.enum(PROFILING_CONDITIONS)).refine((c) => new Set(c).size === c.length).default([]),
}).refine((c) => c.recruitment.length + c.conditions.length > 0, { message: 'interventions.errors.cohortEmpty', path: ['recruitment'] });

const target = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('organisation') }),
  cohort,
  z.object({ kind: z.literal('participant'), participantId: z.uuid() }),
]);
export type InterventionTarget = z.infer<typeof target>;
/** A target as stored: rules saved before cohorts had conditions have none. */
export type StoredTarget = z.input<typeof target>;

const placeholderPattern = /\{\{\s*([a-zA-Z]+)\s*\}\}/g;

/** Placeholders of a message that the evaluation cannot fill. */
export function unknownPlaceholders(message: string): string[] {
  return [...message.matchAll(placeholderPattern)].map((m) => m[1]!).filter((name) => !(MESSAGE_PLACEHOLDERS as readonly string[]).includes(name));
}

export const interventionRuleSchema = z.object({
  name: z.string().trim().min(1).max(120),
  type: z.enum(INTERVENTION_TYPES),
  target,
  priority: z.enum(INTERVENTION_PRIORITIES),
  /** Single-criterion types (BMI, weight change, activity, poor posture hours a day): the measured value compared with `value`. */
  operator: z.enum(INTERVENTION_OPERATORS).optional(),
  value: finite.optional(),
  /** Weight change over `windowDays` (kg); activity: steps over the last `windowDays` (7 = weekly). */
  windowDays: z.number().int().min(1).max(365).optional(),
  /** Heart rate: its thresholds; blood pressure: systolic and diastolic thresholds. */
  thresholds: thresholds.optional(),
  diastolicThresholds: thresholds.optional(),
  channels: z.array(z.enum(INTERVENTION_CHANNELS)).min(1).refine((c) => new Set(c).size === c.length),
  app: z.string().trim().min(1).max(60),
  language: z.enum(LANGUAGES),
  message: z.string().trim().min(1).max(1000).refine((m) => unknownPlaceholders(m).length === 0, { message: 'interventions.errors.placeholder' }),
  active: z.boolean().default(true),
}).superRefine((rule, ctx) => {
  const need = (field: 'operator' | 'value' | 'windowDays' | 'thresholds' | 'diastolicThresholds') => {
    if (rule[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'interventions.errors.required' });
  };
  if (rule.type === 'heartRate') need('thresholds');
  else if (rule.type === 'bloodPressure') { need('thresholds'); need('diastolicThresholds'); }
  else { need('operator'); need('value'); if (WINDOWED_TYPES.includes(rule.type)) need('windowDays'); }
});
export type InterventionRule = z.infer<typeof interventionRuleSchema>;
export type InterventionRuleInput = z.input<typeof interventionRuleSchema>;

export function compare(operator: InterventionOperator, measured: number, value: number): boolean {
  switch (operator) {
    case 'lt': return measured < value;
    case 'lte': return measured <= value;
    case 'gt': return measured > value;
    case 'gte': return measured >= value;
  }
}

/**
 * Where a value falls: 'extreme' strictly beyond an extreme threshold, 'optimal' (outside the
 * optimal range) strictly beyond an optimal one, null inside [optimalLow, optimalHigh]. Extreme is
 * tested first, so it beats optimal.
 */
export function thresholdLevel(t: Thresholds, measured: number): 'extreme' | 'optimal' | null {
  if (measured < t.extremeLow || measured > t.extremeHigh) return 'extreme';
  if (measured < t.optimalLow || measured > t.optimalHigh) return 'optimal';
  return null;
}

const RANK = { criterion: 0, optimal: 1, extreme: 2 } as const;
const worse = (a: InterventionLevel | null, b: InterventionLevel | null) => (a && (!b || RANK[a] >= RANK[b]) ? a : b);

/** What a rule looks at: one measurement, or a change/total over the rule's window. */
export interface RuleInput {
  /** BMI, heart rate, systolic, weight change (kg, later minus earlier), steps over the window; absent for a diastolic-only reading. */
  value?: number;
  diastolic?: number;
  unit: string;
  /** When it was measured (the window end for windowed criteria). */
  at: Date;
  /** When the reading behind it was measured (a window's latest reading); `at` when absent. Messages state it. */
  measuredAt?: Date;
}

export interface Firing { level: InterventionLevel; /** NaN for a diastolic-only blood pressure. */ value: number; diastolic?: number; unit: string }

/** Whether a rule fires for a measurement, and how urgently; null when it does not. */
export function evaluateRule(rule: InterventionRule, m: RuleInput): Firing | null {
  if (m.value === undefined && !(rule.type === 'bloodPressure' && m.diastolic !== undefined)) return null;
  const value = m.value ?? NaN;
  let level: InterventionLevel | null = null;
  switch (rule.type) {
    case 'heartRate':
      level = thresholdLevel(rule.thresholds!, value);
      break;
    case 'bloodPressure':
      level = worse(
        m.value === undefined ? null : thresholdLevel(rule.thresholds!, value),
        m.diastolic === undefined ? null : thresholdLevel(rule.diastolicThresholds!, m.diastolic),
      );
      break;
    case 'weightLoss':
      // A loss is a negative change; the rule's value is the loss in kg (e.g. loss > 3 kg).
      level = compare(rule.operator!, -value, rule.value!) ? 'criterion' : null;
      break;
    default:
      level = compare(rule.operator!, value, rule.value!) ? 'criterion' : null;
  }
  if (!level) return null;
  const shown = rule.type === 'weightLoss' ? -value : value;
  return { level, value: shown, ...(m.diastolic !== undefined ? { diastolic: m.diastolic } : {}), unit: m.unit };
}

/**
 * The window a firing belongs to; one firing per rule, participant and window. Point criteria: the
 * measurement's UTC day and level (an extreme value still fires after an optimal one that day);
 * windowed criteria: consecutive spans of `windowDays` counted from 1970-01-01, named by their first day.
 */
export function firingWindow(rule: Pick<InterventionRule, 'type' | 'windowDays'>, at: Date, level: InterventionLevel): string {
  if (!WINDOWED_TYPES.includes(rule.type)) return `${at.toISOString().slice(0, 10)}:${level}`;
  const span = (rule.windowDays ?? 1) * DAY_MS;
  return `${rule.type}:${new Date(Math.floor(at.getTime() / span) * span).toISOString().slice(0, 10)}`;
}

const DAY_MS = 86_400_000;

/** What targeting looks at; `profiling` is null for a participant not profiled yet. */
export interface TargetSubject { id: string; recruitment: number; profiling?: ProfilingInput | null }

/** Whether the target needs the participant's profiling to decide (so the server reads it only then). */
export const needsProfiling = (t: StoredTarget): boolean => t.kind === 'cohort' && (t.conditions ?? []).length > 0;

/**
 * Whether a rule's target includes the participant. A cohort asks for one of its recruitment
 * statuses (when it names any) and for one of its profiling conditions answered yes (when it names
 * any): a participant not profiled is in no condition cohort. Rules stored before cohorts had
 * conditions carry no `conditions`.
 */
export function targets(t: StoredTarget, participant: TargetSubject): boolean {
  switch (t.kind) {
    case 'organisation': return true;
    case 'cohort': {
      const recruitment = t.recruitment ?? [];
      const conditions = t.conditions ?? [];
      if (recruitment.length && !recruitment.includes(participant.recruitment)) return false;
      if (!conditions.length) return true;
      const profiling = participant.profiling;
      return !!profiling && conditions.some((c) => profiling[c]);
    }
    case 'participant': return t.participantId === participant.id;
  }
}

/** The rule's message with its placeholders filled; unknown ones stay as written. */
export function fillMessage(message: string, values: Partial<Record<(typeof MESSAGE_PLACEHOLDERS)[number], string | number>>): string {
  return message.replace(placeholderPattern, (whole, name: string) => {
    const v = values[name as keyof typeof values];
    return v === undefined ? whole : String(v);
  });
}

/** Which LOINC codes feed a rule type. */
export function ruleCodes(type: InterventionType): string[] {
  switch (type) {
    case 'bmi': return [INTERVENTION_LOINC.bmi];
    case 'weightLoss': case 'weightGain': return [INTERVENTION_LOINC.weight];
    case 'physicalActivity': return [INTERVENTION_LOINC.steps];
    case 'heartRate': return [INTERVENTION_LOINC.heartRate];
    case 'bloodPressure': return [INTERVENTION_LOINC.systolic, INTERVENTION_LOINC.diastolic, INTERVENTION_LOINC.bpPanel];
    // Fed by SNOMED CT poor posture (rules/posture.ts POSTURE_CODES), no LOINC code.
    case 'poorPosture': return [];
  }
}

/** A rule as the API answers it: its definition, who made it and when. */
export const interventionRuleViewSchema = z.object({
  ...interventionRuleSchema.shape,
  id: z.string(), active: z.boolean(), createdBy: z.string(), createdAt: z.string(), updatedAt: z.string(),
});
const firingValues = { level: z.string(), value: z.number().nullable(), diastolic: z.number().nullable(), unit: z.string(), message: z.string() };
const deliveryStatus = z.enum(['pending', 'sent', 'failed']);
/** The firing log (GET /interventions/logs), newest first, each firing with its deliveries. */
export const interventionFiringPageSchema = z.object({
  total: z.number().int(),
  items: z.array(z.object({
    id: z.string(), ruleId: z.string(), ruleName: z.string(), ruleType: z.string(), participantId: z.string(), observationId: z.string().nullable(),
    participantName: z.string(), ...firingValues, channels: z.array(z.string()), firedAt: z.string(), measuredAt: z.string(),
    deliveries: z.array(z.object({
      id: z.string(), channel: z.enum(['app', 'email', 'inbox']), recipient: z.string(), status: deliveryStatus, attempts: z.number().int(),
      lastError: z.string().nullable(), lastReply: z.string().nullable(), sentAt: z.string().nullable(),
    })),
  })),
});
/** The notifications sent (GET /interventions/notifications), newest first. */
export const interventionDeliveryPageSchema = z.object({
  total: z.number().int(),
  items: z.array(z.object({
    id: z.string(), channel: z.enum(['app', 'email', 'inbox']), recipient: z.string(), language: z.string(), status: deliveryStatus, attempts: z.number().int(),
    lastError: z.string().nullable(), lastReply: z.string().nullable(), sentAt: z.string().nullable(), createdAt: z.string(),
    participantId: z.string(), message: z.string(), ruleName: z.string(),
  })),
});
/** The participants' app feed (GET /interventions/app-notifications), oldest first. */
export const appNotificationsSchema = z.object({
  items: z.array(z.object({
    id: z.string(), participantId: z.string(), app: z.string(), language: z.enum(LANGUAGES), priority: z.enum(INTERVENTION_PRIORITIES),
    ...firingValues, firedAt: z.string(), createdAt: z.string(),
  })),
});
