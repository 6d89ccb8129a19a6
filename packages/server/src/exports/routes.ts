import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DATASET_EXPORT_ROLES } from '@geria/domain';
import { datasetParamsSchema } from '@geria/domain/exports/index.ts';
import type { AppDeps } from '../app.ts';
import { requireRole } from '../auth/guard.ts';
import { parseOr400, requestLanguage } from '../http/errors.ts';
import { created, mediaAnswer, ok } from '../http/openapi.ts';
import { cancelExport, createExport, exportViewSchema, getExport, listExports, openDownload } from './service.ts';

const idParams = z.object({ id: z.uuid() });

/** Study dataset exports (issue 37 §1): ClinicalExpert and Tester, within their organisation. */
export function registerExportRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['exports'];
  const analyst = (request: FastifyRequest) => requireRole(request, DATASET_EXPORT_ROLES);

  app.post('/api/v1/exports', { schema: { body: datasetParamsSchema, tags, summary: 'Queues a study dataset export (CSV and Parquet with a codebook, in one zip)', response: created(exportViewSchema) } }, async (request, reply) => {
    const user = analyst(request);
    return reply.status(201).send(await createExport(db, user, parseOr400(datasetParamsSchema, request.body ?? {}, request), requestLanguage(request)));
  });
  app.get('/api/v1/exports', { schema: { tags, summary: 'The organisation\'s dataset exports, newest first', response: ok(z.object({ exports: z.array(exportViewSchema) })) } }, async (request) =>
    ({ exports: await listExports(db, analyst(request), requestLanguage(request)) }));
  app.get('/api/v1/exports/:id', { schema: { params: idParams, tags, summary: 'An export: state, progress, counts', response: ok(exportViewSchema) } }, async (request) => {
    const user = analyst(request);
    return getExport(db, user, parseOr400(idParams, request.params, request).id, requestLanguage(request));
  });
  app.post('/api/v1/exports/:id/cancel', { schema: { params: idParams, tags, summary: 'Cancels a queued or running export (409 once it ended)', response: ok(exportViewSchema) } }, async (request) => {
    const user = analyst(request);
    return cancelExport(db, user, parseOr400(idParams, request.params, request).id, requestLanguage(request));
  });
  app.get('/api/v1/exports/:id/download', { schema: { params: idParams, tags, summary: 'The zip of a finished export (409 before it is done or after its retention period)', response: mediaAnswer('application/zip', 'The zip: README.txt, data.csv, data.parquet, codebook.csv, codebook.html (and device_daily.*)') } }, async (request, reply) => {
    const user = analyst(request);
    const file = await openDownload(db, user, parseOr400(idParams, request.params, request).id);
    return reply.header('content-type', 'application/zip').header('content-length', file.bytes)
      .header('content-disposition', `attachment; filename="${file.fileName}"`).send(Readable.from(file.chunks));
  });
}
