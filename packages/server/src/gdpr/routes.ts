import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { GDPR_FILE_MAX_BYTES, GDPR_STATUSES, servedFileType } from '@geria/domain';
import {
  gdprRequestDetailSchema, gdprRequestEditSchema, gdprRequestInputSchema, gdprRequestPageSchema, gdprRequestSchema,
} from '@geria/domain/rules/gdpr.ts';
import type { AppDeps } from '../app.ts';
import { parseOr400 } from '../http/errors.ts';
import { created, mediaAnswer, ok } from '../http/openapi.ts';
import { gdprActor, gdprReader } from './access.ts';
import { createRequest, editRequest, executeRequest, getRequest, listRequests, moveRequest, readFile, uploadFile } from './service.ts';

const tags = ['gdpr'];
const listQuery = z.object({
  status: z.enum(GDPR_STATUSES).optional(),
  right: z.coerce.number().int().min(1).max(8).optional(),
  participantId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
}).strict();
const requestParams = z.object({ id: z.string().max(20) });
const fileParams = z.object({ id: z.string().max(20), fileId: z.string().max(20) });
// Carrying out a right is only done on an explicit confirmation (the screen names the consequences
// first); an erasure also carries what the user typed to confirm it (the participant's name or study code).
const executeBody = z.object({ confirm: z.literal(true), confirmation: z.string().max(300).optional() }).strict();
const moveBody = z.object({ status: z.enum(GDPR_STATUSES) }).strict();
// Base64 of at most GDPR_FILE_MAX_BYTES (the size itself is checked after decoding).
const uploadBody = z.object({
  fileName: z.string().min(1).max(255),
  mimeType: z.string().min(1).max(100),
  content: z.string().min(1).max(Math.ceil(GDPR_FILE_MAX_BYTES / 3) * 4 + 4),
}).strict();

/**
 * GDPR requests of the organisation (SPEC §2 /gdpr, §3, §4; the configured /GDPRRequest(s) and
 * /GDPRRequestFile endpoints): list, create, edit, queue/close, files, and carrying out the right.
 */
export function registerGdprRoutes(app: FastifyInstance, { db }: AppDeps) {
  app.get('/api/v1/GDPRRequests', { schema: { querystring: listQuery, tags, summary: 'The organisation\'s GDPR requests, most recently updated first', response: ok(gdprRequestPageSchema) } }, async (request) =>
    listRequests(db, gdprReader(request), parseOr400(listQuery, request.query, request)));

  app.post('/api/v1/GDPRRequest', { schema: { body: gdprRequestInputSchema, tags, summary: 'Opens a GDPR request (status initiation)', response: created(gdprRequestSchema) } }, async (request, reply) => {
    const caller = gdprActor(request);
    return reply.status(201).send(await createRequest(db, caller, parseOr400(gdprRequestInputSchema, request.body, request)));
  });

  app.get('/api/v1/GDPRRequest/:id', { schema: { params: requestParams, tags, summary: 'A GDPR request with its files and step log', response: ok(gdprRequestDetailSchema) } }, async (request) =>
    getRequest(db, gdprReader(request), parseOr400(requestParams, request.params, request).id));

  app.put('/api/v1/GDPRRequest/:id', { schema: { params: requestParams, body: gdprRequestEditSchema, tags, summary: 'Edits the right, about and description; 422 once closed', response: ok(gdprRequestSchema) } }, async (request) => {
    const caller = gdprActor(request);
    const { id } = parseOr400(requestParams, request.params, request);
    return editRequest(db, caller, id, parseOr400(gdprRequestEditSchema, request.body, request));
  });

  app.post('/api/v1/GDPRRequest/:id/status', { schema: { params: requestParams, body: moveBody, tags, summary: 'Adds to the queue, closes or takes back from the queue; 409 when the lifecycle forbids it', response: ok(gdprRequestSchema) } }, async (request) => {
    const caller = gdprActor(request);
    const { id } = parseOr400(requestParams, request.params, request);
    return moveRequest(db, caller, id, parseOr400(moveBody, request.body, request).status);
  });

  app.post('/api/v1/GDPRRequest/:id/execute', { schema: { params: requestParams, body: executeBody, tags, summary: 'Carries out the right (export, erasure, processing flags ...), once, when confirmed', response: ok(gdprRequestSchema) } }, async (request) => {
    const caller = gdprActor(request);
    const { id } = parseOr400(requestParams, request.params, request);
    const { confirmation } = parseOr400(executeBody, request.body, request);
    return executeRequest(db, caller, id, confirmation);
  });

  app.post('/api/v1/GDPRRequestFile/:id', { schema: { params: requestParams, body: uploadBody, tags, summary: 'Attaches a file (base64; allowed types, at most 10 MB)', response: created(z.object({ id: z.string() })) } }, async (request, reply) => {
    const caller = gdprActor(request);
    const { id } = parseOr400(requestParams, request.params, request);
    return reply.status(201).send(await uploadFile(db, caller, id, parseOr400(uploadBody, request.body, request)));
  });

  app.get('/api/v1/GDPRRequestFile/:id/:fileId', { schema: { params: fileParams, tags, summary: 'Downloads a file of the request', response: mediaAnswer('application/octet-stream', 'The file, of the type it was stored with') } }, async (request, reply) => {
    const caller = gdprReader(request);
    const { id, fileId } = parseOr400(fileParams, request.params, request);
    const file = await readFile(db, caller, id, fileId);
    return reply
      .header('content-type', servedFileType(file.file_name, file.mime_type))
      .header('content-disposition', `attachment; filename="${file.file_name}"`)
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(file.content));
  });
}
