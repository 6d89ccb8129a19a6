import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../app.ts';
import { parseOr400 } from '../http/errors.ts';
import { patientWriter } from '../participants/access.ts';
import { participantSummary } from './service.ts';

const participant = z.object({ id: z.string() });

/**
 * The printable participant summary (PATIENT_ROLES, the caller's organisation; 404 otherwise).
 * Audited as a read of the participant's clinical data by the read-audit hook (route pattern).
 */
export function registerSummaryRoutes(app: FastifyInstance, { db }: AppDeps) {
  app.get('/api/v1/participant/:id/summary', {
    schema: { params: participant, tags: ['participants'], summary: 'The printable summary: identity (study id, age band, pilot), recruitment, latest scores with change since baseline, clinical fields, active medications and adverse events, device usage' },
  }, async (request) => participantSummary(db, patientWriter(request), parseOr400(participant, request.params, request).id));
}
