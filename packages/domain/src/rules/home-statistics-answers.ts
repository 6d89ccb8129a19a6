import { z } from 'zod';
import { CIGARETTE_BANDS, PATIENT_ALERTS } from './home-statistics.ts';

/**
 * What Home's statistics answer (`/statistics/{tab}`, and every tab at once in the analytics shape of
 * `/analytics/pilot/{id}/all`): the server declares and serializes its answers with these schemas,
 * and the web app reads them as their inferred types.
 */

const count = z.object({ key: z.string(), n: z.number() });
const box = z.object({ number: z.number(), n: z.number(), min: z.number(), q1: z.number(), median: z.number(), q3: z.number(), max: z.number() });
const comorbidity = z.object({
  a: z.string(), b: z.string().nullable().optional(), n: z.number(), moca: z.number().nullable(), mocaN: z.number(), eq: z.number().nullable(), eqN: z.number(),
});

/** A page of the patient alerts by name: the overview carries the first, `next` links the following one (null at the end). */
export const patientAlertPageSchema = z.object({
  total: z.number().int(), offset: z.number().int(), limit: z.number().int(), next: z.string().nullable(),
  rows: z.array(z.object({ participantId: z.string(), name: z.string(), alerts: z.array(z.enum([...PATIENT_ALERTS, 'exclusionRisk'])) })),
});

export const overviewStatisticsSchema = z.object({
  participantsByStatus: z.array(count), assessments: z.number(), activeUsers: z.number(), questionnaireResponses: z.number(),
  resourcesByType: z.array(count),
  lastSevenDays: z.array(z.object({ day: z.string(), observations: z.number(), conditions: z.number(), responses: z.number() })),
  /** The study cards; null for the roles that do not see clinical aggregates. */
  clinical: z.object({
    smoking: z.array(count), cigarettes: z.array(z.object({ gender: z.string(), band: z.enum(CIGARETTE_BANDS), n: z.number() })),
    bmi: z.array(count), physicalActivity: z.array(count), diseases: z.array(count.extend({ percent: z.number() })),
    profiled: z.number(), questionnaireResults: z.array(count),
  }).nullable(),
  patientAlerts: patientAlertPageSchema.nullable(),
});

export const demographicsStatisticsSchema = z.object({
  gender: z.array(count), ageBands: z.array(count), smokingByGender: z.array(z.object({ gender: z.string(), smoking: z.string(), n: z.number() })),
  comorbidities: z.array(comorbidity), comorbidityPairs: z.array(comorbidity),
});

export const devicesStatisticsSchema = z.object({
  devicesByType: z.array(count), devicesByStatus: z.array(count),
  /** The Citizen Hub's posture over the last 7 days; null for roles without clinical aggregates. */
  posture: z.object({
    participants: z.number(), days: z.array(z.object({ day: z.string(), participants: z.number(), goodHours: z.number(), poorHours: z.number() })),
  }).nullable(),
});

export const healthStatisticsSchema = z.object({
  boxPlots: z.array(z.object({ name: z.string(), byAssessment: z.array(box) })),
  distributions: z.array(z.object({ name: z.string(), values: z.array(z.object({ value: z.number(), band: z.string().nullable(), n: z.number() })) })),
  mocaBands: z.array(count),
});

/** Correlation and falls: each pair of scores with its Pearson r and its points. */
export const pairsStatisticsSchema = z.object({
  pairs: z.array(z.object({
    x: z.string(), y: z.string(), n: z.number(), r: z.number().nullable(), points: z.array(z.object({ x: z.number(), y: z.number(), n: z.number() })),
  })),
});

/** Every tab's numbers, by tab. */
export const STATISTICS_ANSWERS = {
  overview: overviewStatisticsSchema, demographics: demographicsStatisticsSchema, devices: devicesStatisticsSchema,
  health: healthStatisticsSchema, correlation: pairsStatisticsSchema, falls: pairsStatisticsSchema,
} as const;

const computed = { computedAt: z.string() };

/** One tab's answer: its numbers and when they were computed (the cache's time). */
export const tabStatisticsSchema = z.union([
  overviewStatisticsSchema.extend(computed), demographicsStatisticsSchema.extend(computed), devicesStatisticsSchema.extend(computed),
  healthStatisticsSchema.extend(computed), pairsStatisticsSchema.extend(computed),
]);

/** Every tab's numbers of a pilot at once (the clinical and audit view, alerts excluded). */
export const homeStatisticsSchema = z.object(STATISTICS_ANSWERS);

export type TabStatistics = { [T in keyof typeof STATISTICS_ANSWERS]: z.infer<(typeof STATISTICS_ANSWERS)[T]> & { computedAt: string } };
export type PatientAlertPageAnswer = z.infer<typeof patientAlertPageSchema>;
