import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audiogramInputSchema } from '@geria/domain/rules/participants-audiogram.ts';
import { demographicsInputSchema } from '@geria/domain/rules/participants-demographics.ts';
import { medicationInputSchema } from '@geria/domain/rules/participants-medication.ts';
import type { AppDeps } from '../app.ts';
import { parseOr400 } from '../http/errors.ts';
import { createMedication, deleteMedication, listMedications, updateMedication } from '../medications/service.ts';
import { listSupplements, saveSupplement } from '../medications/supplements.ts';
import { patientWriter } from './access.ts';
import { listAudiograms, saveAudiogram } from './audiogram.ts';
import { readDemographics, writeDemographics } from './demographics.ts';

const participant = z.object({ id: z.string() });
const child = z.object({ id: z.string(), itemId: z.string() });
const supplementBody = z.object({ name: z.string().trim().min(1).max(200) }).strict();

/**
 * The clinical sections of the patient record, stored as FHIR resources in the participant's
 * organisation: demographics, medications, diet supplements and audiograms (PATIENT_ROLES only).
 */
export function registerClinicalRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['participants'];
  const ids = (params: unknown, request: Parameters<typeof parseOr400>[2]) => parseOr400(child, params, request);

  app.get('/api/v1/participant/:id/demographics', { schema: { tags, summary: 'Demographics with age group and inactivity' } }, async (request) =>
    readDemographics(db, patientWriter(request), parseOr400(participant, request.params, request).id));
  app.put('/api/v1/participant/:id/demographics', { schema: { tags, summary: 'Saves the demographics (record, Patient, ResearchSubject, Observations)' } }, async (request) => {
    const caller = patientWriter(request);
    const { id } = parseOr400(participant, request.params, request);
    return writeDemographics(db, caller, id, parseOr400(demographicsInputSchema, request.body, request));
  });

  app.get('/api/v1/participant/:id/medication', { schema: { tags, summary: 'Medications with the polypharmacy and psychoactive flags' } }, async (request) =>
    listMedications(db, patientWriter(request), parseOr400(participant, request.params, request).id));
  app.post('/api/v1/participant/:id/medication', { schema: { tags, summary: 'Adds a MedicationStatement' } }, async (request, reply) => {
    const caller = patientWriter(request);
    const { id } = parseOr400(participant, request.params, request);
    return reply.status(201).send(await createMedication(db, caller, id, parseOr400(medicationInputSchema, request.body, request)));
  });
  app.put('/api/v1/participant/:id/medication/:itemId', { schema: { tags, summary: 'Replaces a MedicationStatement' } }, async (request) => {
    const caller = patientWriter(request);
    const { id, itemId } = ids(request.params, request);
    return updateMedication(db, caller, id, itemId, parseOr400(medicationInputSchema, request.body, request));
  });
  app.delete('/api/v1/participant/:id/medication/:itemId', { schema: { tags, summary: 'Deletes a MedicationStatement' } }, async (request, reply) => {
    const caller = patientWriter(request);
    const { id, itemId } = ids(request.params, request);
    await deleteMedication(db, caller, id, itemId);
    return reply.status(204).send();
  });

  app.get('/api/v1/participant/:id/supplement', { schema: { tags, summary: 'Diet supplements' } }, async (request) =>
    listSupplements(db, patientWriter(request), parseOr400(participant, request.params, request).id));
  app.post('/api/v1/participant/:id/supplement', { schema: { tags, summary: 'Adds a diet supplement' } }, async (request, reply) => {
    const caller = patientWriter(request);
    const { id } = parseOr400(participant, request.params, request);
    return reply.status(201).send(await saveSupplement(db, caller, id, null, parseOr400(supplementBody, request.body, request).name));
  });
  app.put('/api/v1/participant/:id/supplement/:itemId', { schema: { tags, summary: 'Renames a diet supplement' } }, async (request) => {
    const caller = patientWriter(request);
    const { id, itemId } = ids(request.params, request);
    return saveSupplement(db, caller, id, itemId, parseOr400(supplementBody, request.body, request).name);
  });
  app.delete('/api/v1/participant/:id/supplement/:itemId', { schema: { tags, summary: 'Deletes a diet supplement' } }, async (request, reply) => {
    const caller = patientWriter(request);
    const { id, itemId } = ids(request.params, request);
    await saveSupplement(db, caller, id, itemId, null);
    return reply.status(204).send();
  });

  app.get('/api/v1/participant/:id/audiogram', { schema: { tags, summary: 'Audiograms, newest first' } }, async (request) =>
    listAudiograms(db, patientWriter(request), parseOr400(participant, request.params, request).id));
  app.post('/api/v1/participant/:id/audiogram', { schema: { tags, summary: 'Records an audiogram' } }, async (request, reply) => {
    const caller = patientWriter(request);
    const { id } = parseOr400(participant, request.params, request);
    return reply.status(201).send(await saveAudiogram(db, caller, id, null, parseOr400(audiogramInputSchema, request.body, request)));
  });
  app.put('/api/v1/participant/:id/audiogram/:itemId', { schema: { tags, summary: 'Replaces an audiogram' } }, async (request) => {
    const caller = patientWriter(request);
    const { id, itemId } = ids(request.params, request);
    return saveAudiogram(db, caller, id, itemId, parseOr400(audiogramInputSchema, request.body, request));
  });
  app.delete('/api/v1/participant/:id/audiogram/:itemId', { schema: { tags, summary: 'Deletes an audiogram' } }, async (request, reply) => {
    const caller = patientWriter(request);
    const { id, itemId } = ids(request.params, request);
    await saveAudiogram(db, caller, id, itemId, null);
    return reply.status(204).send();
  });
}
