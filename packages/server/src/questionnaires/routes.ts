import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  clinicalAccess, getInstrument, INSTRUMENT_IDS, InstrumentAnswerError, INSTRUMENTS, scoreInstrument, toFhirQuestionnaire, translate,
  type InstrumentDef, type Role,
} from '@geria/domain';
import type { AppDeps } from '../app.ts';
import { requireRole, requireUser } from '../auth/guard.ts';
import { notFound, parseOr400, requestLanguage } from '../http/errors.ts';
import { created, mediaAnswer, ok } from '../http/openapi.ts';
import {
  fhirResourceSchema, instrumentListSchema, instrumentViewSchema, responseDeletedSchema, responseDetailSchema, responseListSchema, responseSavedSchema, scoreSchema,
} from './answers.ts';
import { answerError } from './errors.ts';
import { instrumentView } from './instrument-view.ts';
import { deleteResponse, getResponse, listResponses, saveResponse, updateResponse } from './responses.ts';

/**
 * Who may do what with questionnaire responses. Writers are the roles that manage patients;
 * the Auditor also reads them (reviewing the study's clinical data is the role's job). Tech
 * support and the SysAdmin see no answers. Definitions and scoring hold no patient data: any
 * signed-in user may read and use them.
 */
export const RESPONSE_WRITERS: readonly Role[] = clinicalAccess('QuestionnaireResponse').write;
export const RESPONSE_READERS: readonly Role[] = clinicalAccess('QuestionnaireResponse').read;

const fhirId = z.string().regex(/^[A-Za-z0-9\-.]{1,64}$/);
const instrumentParams = z.object({ id: z.string() });
const patientParams = z.object({ patientId: fhirId });
const responseParams = z.object({ id: fhirId });
const answers = z.record(z.string(), z.unknown());
const scoreBody = z.object({ answers });
const authored = z.iso.datetime({ offset: true });
const newResponseBody = z.strictObject({ instrumentId: z.string().min(1), answers, encounterId: fhirId.optional(), authored: authored.optional() });
const changeBody = z.strictObject({ instrumentId: z.string().optional(), answers, encounterId: fhirId.optional(), authored: authored.optional() });
const listQuery = z.object({
  instrumentId: z.enum(INSTRUMENT_IDS as [string, ...string[]]).optional(),
  encounterId: fhirId.optional(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});
const ifMatchHeader = z.object({ 'if-match': z.string().regex(/^(W\/)?"?\d+"?$/).optional() });

function instrumentOf(request: FastifyRequest): InstrumentDef {
  const def = getInstrument(parseOr400(instrumentParams, request.params, request).id);
  if (!def) throw notFound();
  return def;
}

/** A confirmation in the catalogue's words (SPEC §8), for clients that show the server's text. */
const confirmation = (request: FastifyRequest, code: string, def?: InstrumentDef) => {
  const lang = requestLanguage(request);
  const params: Record<string, string> = def ? { name: def.title[lang] } : {};
  return { code, params, text: translate(lang, code, params) };
};

export function registerQuestionnaireRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['instruments'];

  app.get('/api/v1/instruments', { schema: { tags, summary: 'Every instrument\'s definition: items, options, groups, bands, range, texts in 7 languages', response: ok(instrumentListSchema) } }, async (request): Promise<z.infer<typeof instrumentListSchema>> => {
    requireUser(request);
    return { items: INSTRUMENTS.map(instrumentView) };
  });

  app.get('/api/v1/instruments/:id', { schema: { tags, summary: 'One instrument\'s definition', response: ok(instrumentViewSchema) } }, async (request): Promise<z.infer<typeof instrumentViewSchema>> => {
    requireUser(request);
    return instrumentView(instrumentOf(request));
  });

  app.get('/api/v1/instruments/:id/questionnaire', { schema: { tags, summary: 'The instrument as a FHIR R4 Questionnaire', response: mediaAnswer('application/fhir+json', 'A FHIR R4 Questionnaire', fhirResourceSchema) } }, async (request, reply) => {
    requireUser(request);
    return reply.type('application/fhir+json; charset=utf-8').send(toFhirQuestionnaire(instrumentOf(request)));
  });

  app.post('/api/v1/instruments/:id/score', { schema: { body: scoreBody, tags, summary: 'Scores { answers }; 400 naming the item of an invalid answer', response: ok(scoreSchema) } }, async (request): Promise<z.infer<typeof scoreSchema>> => {
    requireUser(request);
    const def = instrumentOf(request);
    const body = parseOr400(scoreBody, request.body, request);
    try {
      return scoreInstrument(def.id, body.answers);
    } catch (error) {
      if (error instanceof InstrumentAnswerError) throw answerError(error, requestLanguage(request));
      throw error;
    }
  });

  app.post('/api/v1/patients/:patientId/questionnaire-responses', {
    schema: { body: newResponseBody, params: patientParams, tags, summary: 'Saves a completed response and its derived score observations in one FHIR transaction', response: created(responseSavedSchema) },
  }, async (request, reply) => {
    const user = requireRole(request, RESPONSE_WRITERS);
    const { patientId } = parseOr400(patientParams, request.params, request);
    const input = parseOr400(newResponseBody, request.body, request);
    const saved = await saveResponse(db, user, patientId, input, requestLanguage(request));
    return reply.status(201).send({ ...saved, message: confirmation(request, 'questionnaire.updated', getInstrument(saved.instrumentId)) });
  });

  app.get('/api/v1/patients/:patientId/questionnaire-responses', { schema: { params: patientParams, querystring: listQuery, tags, summary: 'The patient\'s responses with their scores, newest first', response: ok(responseListSchema) } }, async (request): Promise<z.infer<typeof responseListSchema>> => {
    const user = requireRole(request, RESPONSE_READERS);
    const { patientId } = parseOr400(patientParams, request.params, request);
    return listResponses(db, user, patientId, parseOr400(listQuery, request.query, request), requestLanguage(request));
  });

  app.get('/api/v1/questionnaire-responses/:id', { schema: { params: responseParams, tags, summary: 'A response, its score and its derived observations', response: ok(responseDetailSchema) } }, async (request): Promise<z.infer<typeof responseDetailSchema>> => {
    const user = requireRole(request, RESPONSE_READERS);
    const detail = await getResponse(db, user, parseOr400(responseParams, request.params, request).id, requestLanguage(request));
    request.readAudit = { action: 'read.assessments', participants: { [detail.patientId]: 1 }, details: { responseId: detail.id } };
    return detail;
  });

  app.put('/api/v1/questionnaire-responses/:id', {
    schema: { body: changeBody, params: responseParams, tags, summary: 'Replaces the answers (If-Match: the version changed) and the derived observations', response: ok(responseSavedSchema) },
  }, async (request): Promise<z.infer<typeof responseSavedSchema>> => {
    const user = requireRole(request, RESPONSE_WRITERS);
    const { id } = parseOr400(responseParams, request.params, request);
    const change = parseOr400(changeBody, request.body, request);
    const ifMatch = parseOr400(ifMatchHeader, request.headers, request)['if-match'];
    const updated = await updateResponse(db, user, id, { ...change, ifMatch: ifMatch === undefined ? undefined : Number(ifMatch.replace(/\D/g, '')) }, requestLanguage(request));
    return { ...updated, message: confirmation(request, 'questionnaire.updated', getInstrument(updated.instrumentId)) };
  });

  app.delete('/api/v1/questionnaire-responses/:id', { schema: { params: responseParams, tags, summary: 'Deletes a response and its derived observations', response: ok(responseDeletedSchema) } }, async (request): Promise<z.infer<typeof responseDeletedSchema>> => {
    const user = requireRole(request, RESPONSE_WRITERS);
    await deleteResponse(db, user, parseOr400(responseParams, request.params, request).id, requestLanguage(request));
    return { message: confirmation(request, 'questionnaire.deleted') };
  });
}
