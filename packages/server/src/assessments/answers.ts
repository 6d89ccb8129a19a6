import { z } from 'zod';
import { ASSESSMENT_TABS } from '@geria/domain/rules/assessment-tabs.ts';
import { profilingInputSchema } from '@geria/domain/rules/assessment-profiling.ts';
import { ruleCheckSchema, ruleMessageSchema } from '@geria/domain/rules/rule-message.ts';
import {
  BALANCE_REASONS, balanceSymptomsSchema, patientWorkingStateSchema, recruitmentStatusSchema, studyScoresSchema, type StudyAlert,
} from '@geria/domain';

/** The answers of the assessment timeline (the OpenAPI document's, and the type of the handlers). */

/** An assessment (FHIR Encounter) with its condition tabs: open or not, and how many of their questionnaires it answered. */
export const assessmentViewSchema = z.object({
  id: z.string(), number: z.number().int(), start: z.string().nullable(), status: z.string(),
  author: z.object({ username: z.string(), name: z.string() }).nullable(),
  tabs: z.array(z.object({ tab: z.enum(ASSESSMENT_TABS), open: z.boolean(), answered: z.number().int(), total: z.number().int() })),
});

export const assessmentListSchema = z.object({ items: z.array(assessmentViewSchema), canCreate: ruleCheckSchema });

/** A questionnaire response the assessment recorded, with its score. */
export const storedResponseSchema = z.object({
  id: z.string(), instrument: z.string(), encounterId: z.string().nullable(), authored: z.string().nullable(),
  total: z.number().nullable(), band: z.string().nullable(),
});

/** The profiling is the first assessment's only. */
export const assessmentDetailSchema = assessmentViewSchema.extend({
  responses: z.array(storedResponseSchema), profiling: profilingInputSchema.nullable(),
});

const studyAlertSchema = ruleMessageSchema.extend({
  kind: z.enum(['considerExcluding', 'openCognitiveTab']), instrument: z.enum(Object.keys(studyScoresSchema.shape) as [StudyAlert['instrument'], ...StudyAlert['instrument'][]]),
});

/** SPEC §3's patient working state, with the screening and the gates the patient pages explain. */
export const workingStateViewSchema = z.object({
  state: patientWorkingStateSchema,
  profiling: profilingInputSchema.nullable(),
  screening: z.object({
    findings: z.array(ruleMessageSchema), alerts: z.array(studyAlertSchema), risks: z.array(ruleMessageSchema),
    allowedTransitions: z.array(recruitmentStatusSchema),
  }),
  gates: z.object({ createAssessment: ruleCheckSchema, openAssessments: ruleCheckSchema, profiling: ruleCheckSchema, balance: ruleCheckSchema, psfs: ruleCheckSchema }),
  lastDecision: z.object({ to: recruitmentStatusSchema, reason: z.string().nullable(), risks: z.array(ruleMessageSchema), decidedAt: z.string() }).nullable(),
  balanceAssessment: z.object({ eligible: z.boolean(), reasons: z.array(z.enum(BALANCE_REASONS)), symptoms: balanceSymptomsSchema }).nullable(),
});

/** A recruitment decision taken: the statuses it went through (the state machine's steps) and the care managers notified. */
export const recruitmentDecidedSchema = z.object({
  id: z.string(), from: recruitmentStatusSchema, to: recruitmentStatusSchema, steps: z.array(recruitmentStatusSchema), reason: z.string().nullable(),
  decidedAt: z.string(), notified: z.array(z.string()).describe('Usernames of the care managers notified'),
});
