import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adverseEventInputSchema, adverseEventSchema } from '@geria/domain/rules/adverse-event.ts';
import type { AppDeps } from '../app.ts';
import { patientWriter } from '../participants/access.ts';
import { registerParticipantCollection } from '../participants/collection-routes.ts';
import { createAdverseEvent, deleteAdverseEvent, listAdverseEvents, updateAdverseEvent } from './service.ts';

/** Adverse events of the participant (SPEC §3 "Adverse event"), stored as FHIR AdverseEvent; PATIENT_ROLES. */
export function registerAdverseEventRoutes(app: FastifyInstance, { db }: AppDeps) {
  registerParticipantCollection(app, db, {
    path: 'adverse-event', tags: ['adverse-events'], reader: patientWriter, writer: patientWriter, body: adverseEventInputSchema,
    answers: { list: z.array(adverseEventSchema), item: adverseEventSchema },
    summaries: {
      list: 'Adverse events, newest recorded first', create: 'Records an AdverseEvent with its suspected devices and medications',
      update: 'Replaces an AdverseEvent', remove: 'Deletes an AdverseEvent',
    },
    list: listAdverseEvents, create: createAdverseEvent, update: updateAdverseEvent, remove: deleteAdverseEvent,
  });
}
