import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { organisationByAbbr } from '@geria/domain';
import {
  participantCreateSchema, participantFullRecordSchema, participantInputSchema, participantListQuerySchema, participantPageSchema, participantRecordSchema,
} from '@geria/domain/rules/participants-record.ts';
import type { AppDeps } from '../app.ts';
import { notFound, parseOr400, requestLanguage } from '../http/errors.ts';
import { created, mediaAnswer, noContent, ok } from '../http/openapi.ts';
import { patientWriter, techReader, type Caller } from './access.ts';
import { allParticipantRows, listParticipants } from './list.ts';
import { participantsCsv } from './csv.ts';
import { createParticipant, deleteParticipant, getParticipant, updateParticipant, type ParticipantHooks } from './service.ts';

const idParams = z.object({ id: z.string() });
const orgParams = z.object({ org: z.string() });
const csvQuery = participantListQuerySchema.omit({ page: true, pageSize: true });

/** The list is the caller's organisation only; naming another one answers 404. */
function ownOrganisation(caller: Caller, org: string) {
  if (organisationByAbbr(org)?.abbr !== caller.organisation.abbr) throw notFound();
}

export interface ParticipantRouteOptions { hooks: ParticipantHooks }

/** The participant service of SPEC §7. */
export function participantRoutes(app: FastifyInstance, { db }: AppDeps, { hooks }: ParticipantRouteOptions) {
  const tags = ['participants'];

  app.get('/api/v1/participants/organisation/:org', { schema: { params: orgParams, querystring: participantListQuerySchema, tags, summary: 'One page of the organisation\'s participants: { items, total }', response: ok(participantPageSchema) } }, async (request): Promise<z.infer<typeof participantPageSchema>> => {
    const caller = techReader(request);
    ownOrganisation(caller, parseOr400(orgParams, request.params, request).org);
    return listParticipants(db, caller.organisation, parseOr400(participantListQuerySchema, request.query, request));
  });

  app.get('/api/v1/participants/organisation/:org/export', { schema: { params: orgParams, querystring: csvQuery, tags, summary: 'The current view of the list as CSV', response: mediaAnswer('text/csv', 'The list as CSV') } }, async (request, reply) => {
    const caller = patientWriter(request);
    ownOrganisation(caller, parseOr400(orgParams, request.params, request).org);
    const query = parseOr400(csvQuery, request.query, request);
    const rows = await allParticipantRows(db, caller.organisation, { ...query, page: 0, pageSize: 0 });
    const date = new Date().toISOString().slice(0, 10);
    return reply.type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="participants-${caller.organisation.abbr}-${date}.csv"`)
      .send(participantsCsv(rows, requestLanguage(request), new Date()));
  });

  app.post('/api/v1/participant', { schema: { body: participantCreateSchema, tags, summary: 'Creates a participant with its devices, external ids, FHIR Patient and ResearchSubject; a CCM creator becomes a manager', response: created(participantFullRecordSchema) } }, async (request, reply) => {
    const caller = patientWriter(request);
    const record: z.infer<typeof participantFullRecordSchema> = await createParticipant(db, caller, parseOr400(participantCreateSchema, request.body, request), hooks);
    return reply.status(201).send(record);
  });

  app.get('/api/v1/participant/:id', { schema: { params: idParams, tags, summary: 'The participant\'s study record', response: ok(participantFullRecordSchema) } }, async (request): Promise<z.infer<typeof participantFullRecordSchema>> =>
    getParticipant(db, patientWriter(request), parseOr400(idParams, request.params, request).id));

  app.put('/api/v1/participant/:id', { schema: { body: participantInputSchema, params: idParams, tags, summary: 'Replaces the study record (not the recruitment status)', response: ok(participantRecordSchema) } }, async (request): Promise<z.infer<typeof participantRecordSchema>> => {
    const caller = patientWriter(request);
    const { id } = parseOr400(idParams, request.params, request);
    return updateParticipant(db, caller, id, parseOr400(participantInputSchema, request.body, request), hooks);
  });

  app.delete('/api/v1/participant/:id', { schema: { params: idParams, tags, summary: 'Deletes a participant without clinical data', response: noContent } }, async (request, reply) => {
    const caller = patientWriter(request);
    await deleteParticipant(db, caller, parseOr400(idParams, request.params, request).id, hooks);
    return reply.status(204).send();
  });
}
