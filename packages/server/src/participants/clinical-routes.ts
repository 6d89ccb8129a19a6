import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audiogramInputSchema, audiogramSchema } from '@geria/domain/rules/participants-audiogram.ts';
import { demographicsInputSchema, demographicsSchema } from '@geria/domain/rules/participants-demographics.ts';
import { medicationInputSchema, medicationListSchema, medicationSchema, supplementSchema } from '@geria/domain/rules/participants-medication.ts';
import type { AppDeps } from '../app.ts';
import { parseOr400 } from '../http/errors.ts';
import { ok } from '../http/openapi.ts';
import { createMedication, deleteMedication, listMedications, updateMedication } from '../medications/service.ts';
import { listSupplements, saveSupplement } from '../medications/supplements.ts';
import { patientWriter } from './access.ts';
import { listAudiograms, saveAudiogram } from './audiogram.ts';
import { readDemographics, writeDemographics } from './demographics.ts';
import { registerParticipantCollection } from './collection-routes.ts';

const participant = z.object({ id: z.string() });
const supplementBody = z.object({ name: z.string().trim().min(1).max(200) }).strict();

/**
 * The clinical sections of the patient record, stored as FHIR resources in the participant's
 * organisation: demographics, medications, diet supplements and audiograms (PATIENT_ROLES only).
 */
export function registerClinicalRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['participants'];

  app.get('/api/v1/participant/:id/demographics', { schema: { params: participant, tags, summary: 'Demographics with age group and inactivity', response: ok(demographicsSchema) } }, async (request) =>
    readDemographics(db, patientWriter(request), parseOr400(participant, request.params, request).id));
  app.put('/api/v1/participant/:id/demographics', { schema: { body: demographicsInputSchema, params: participant, tags, summary: 'Saves the demographics (record, Patient, ResearchSubject, Observations)', response: ok(demographicsSchema) } }, async (request) => {
    const caller = patientWriter(request);
    const { id } = parseOr400(participant, request.params, request);
    return writeDemographics(db, caller, id, parseOr400(demographicsInputSchema, request.body, request));
  });

  registerParticipantCollection(app, db, {
    path: 'medication', tags, reader: patientWriter, writer: patientWriter, body: medicationInputSchema, answers: { list: medicationListSchema, item: medicationSchema },
    summaries: {
      list: 'Medications with the polypharmacy and psychoactive flags', create: 'Adds a MedicationStatement',
      update: 'Replaces a MedicationStatement', remove: 'Deletes a MedicationStatement',
    },
    list: listMedications, create: createMedication, update: updateMedication, remove: deleteMedication,
  });

  registerParticipantCollection(app, db, {
    path: 'supplement', tags, reader: patientWriter, writer: patientWriter, body: supplementBody, answers: { list: z.array(supplementSchema), item: supplementSchema },
    summaries: { list: 'Diet supplements', create: 'Adds a diet supplement', update: 'Renames a diet supplement', remove: 'Deletes a diet supplement' },
    list: listSupplements,
    create: (db, caller, id, input) => saveSupplement(db, caller, id, null, input.name),
    update: (db, caller, id, itemId, input) => saveSupplement(db, caller, id, itemId, input.name),
    remove: async (db, caller, id, itemId) => { await saveSupplement(db, caller, id, itemId, null); },
  });

  registerParticipantCollection(app, db, {
    path: 'audiogram', tags, reader: patientWriter, writer: patientWriter, body: audiogramInputSchema, answers: { list: z.array(audiogramSchema), item: audiogramSchema },
    summaries: { list: 'Audiograms, newest first', create: 'Records an audiogram', update: 'Replaces an audiogram', remove: 'Deletes an audiogram' },
    list: listAudiograms,
    create: (db, caller, id, input) => saveAudiogram(db, caller, id, null, input),
    update: saveAudiogram,
    remove: async (db, caller, id, itemId) => { await saveAudiogram(db, caller, id, itemId, null); },
  });
}
