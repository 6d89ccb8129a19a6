import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AGE_BANDS, RECRUITMENT_STATUSES } from '@geria/domain';
import { adverseEventSchema } from '@geria/domain/rules/adverse-event.ts';
import { CLINICAL_KEYS, type ClinicalKey } from '@geria/domain/rules/assessment-clinical-fields.ts';
import { observationValueSchema } from '@geria/domain/rules/observation-codes.ts';
import { medicationSchema } from '@geria/domain/rules/participants-medication.ts';
import { deviceSchema } from '@geria/domain/rules/participants-record.ts';
import type { AppDeps } from '../app.ts';
import { parseOr400 } from '../http/errors.ts';
import { ok } from '../http/openapi.ts';
import { patientWriter } from '../participants/access.ts';
import { participantSummary } from './service.ts';

const participant = z.object({ id: z.string() });
const day = z.string().nullable();
const summaryAnswer = z.object({
  generatedAt: z.string(),
  identity: z.object({ id: z.string(), studyId: z.string().nullable(), ageBand: z.enum(AGE_BANDS).nullable(), pilot: z.number().int(), organisation: z.string() }),
  recruitment: z.object({
    status: z.enum(RECRUITMENT_STATUSES), code: z.number().int(), registeredOn: z.string(),
    consentDate: day, withdrawalDate: day, dropOff: day, lastDecisionOn: day,
  }),
  assessments: z.array(z.object({ number: z.number().int(), start: z.string().nullable() })),
  scores: z.array(z.object({
    instrument: z.string(), total: z.number().nullable(), band: z.string().nullable(), authored: z.string().nullable(),
    baselineTotal: z.number().nullable(), change: z.number().nullable(),
  })),
  clinical: z.object({ assessment: z.number().int(), values: z.array(z.object({ key: z.enum(CLINICAL_KEYS as [ClinicalKey, ...ClinicalKey[]]), value: observationValueSchema.unwrap() })) }).nullable(),
  medications: z.object({ items: z.array(medicationSchema), polypharmacy: z.boolean(), psychoactive: z.boolean() }),
  adverseEvents: z.array(adverseEventSchema),
  devices: z.object({ days: z.number().int(), lastUse: z.string().nullable(), items: z.array(deviceSchema.extend({ daysWithData: z.number().int() })) }),
});

/**
 * The printable participant summary (PATIENT_ROLES, the caller's organisation; 404 otherwise).
 * Audited as a read of the participant's clinical data by the read-audit hook (route pattern).
 */
export function registerSummaryRoutes(app: FastifyInstance, { db }: AppDeps) {
  app.get('/api/v1/participant/:id/summary', {
    schema: { params: participant, tags: ['participants'], summary: 'The printable summary: identity (study id, age band, pilot), recruitment, latest scores with change since baseline, clinical fields, active medications and adverse events, device usage', response: ok(summaryAnswer) },
  }, async (request) => participantSummary(db, patientWriter(request), parseOr400(participant, request.params, request).id));
}
