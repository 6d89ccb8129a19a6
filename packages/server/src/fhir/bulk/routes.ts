import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bulkProgressText } from '@geria/domain';
import type { Db } from '../../db/connection.ts';
import { requestLanguage } from '../../http/errors.ts';
import { requireUser } from '../../auth/guard.ts';
import { FhirError, operationOutcome, translatedError, translatedIssue } from '../outcome.ts';
import { cancelExport, exportFile, exportStatus, kickOff, manifest, type BulkCaller } from './jobs.ts';
import type { BulkExportLevel } from './tables.ts';

/**
 * FHIR Bulk Data Access IG v2 (`$export`), registered inside the /fhir plugin (its error handler
 * answers OperationOutcomes): kick-off at the system, Patient and Group levels, the status URL
 * (GET polls, DELETE cancels) and the NDJSON files. The status and file URLs belong to the requester.
 */
const FHIR_JSON = 'application/fhir+json; charset=utf-8';
/** What a poller should wait before asking again, in seconds. */
const RETRY_AFTER_SECONDS = 2;
/** The file route: it serves NDJSON, so /fhir's JSON-only content negotiation does not apply to it. */
export const BULK_FILE_ROUTE = '/fhir/$export-file/:id/:seq';

const doc = (summary: string) => ({ schema: { tags: ['fhir'], summary } });

export function registerBulkExportRoutes(fhir: FastifyInstance, db: Db, base: string) {
  const caller = (request: FastifyRequest): BulkCaller => ({
    user: requireUser(request),
    ...(request.integrationClient && { client: { permissions: request.integrationClient.permissions } }),
    language: requestLanguage(request),
  });
  const statusUrl = (id: string) => `${base}/$export-status/${id}`;
  const fileUrl = (id: string) => (seq: number) => `${base}/$export-file/${id}/${seq}`;

  const start = async (request: FastifyRequest, reply: FastifyReply, level: BulkExportLevel, groupId?: string) => {
    if (!/(?:^|[,;\s])respond-async\b/i.test(String(request.headers.prefer ?? ''))) throw translatedError(400, 'invalid', 'errors.bulkExport.preferAsync', {}, 'Prefer');
    const query = new URL(request.url, 'http://fhir').searchParams;
    const id = await kickOff(db, caller(request), { level, groupId, query, request: `${base}${request.url.replace(/^\/fhir/, '')}` });
    return reply.code(202).header('content-location', statusUrl(id)).header('cache-control', 'no-store').type(FHIR_JSON)
      .send(JSON.stringify(operationOutcome([{ code: 'informational', text: `Export queued: poll ${statusUrl(id)}` }], 'information')));
  };

  fhir.get('/$export', doc('Bulk Data export of every resource the caller may read in their scope (Prefer: respond-async; _type, _since, _outputFormat)'),
    (request, reply) => start(request, reply, 'system'));
  fhir.get('/Patient/$export', doc('Bulk Data export of the resources about the participants in the caller\'s scope'),
    (request, reply) => start(request, reply, 'patient'));
  fhir.get<{ Params: { id: string } }>('/Group/:id/$export', doc('Bulk Data export of the resources about a Group\'s members (Group/pilot-<pilotid>, Group/analytic-<id>)'),
    (request, reply) => start(request, reply, 'group', request.params.id));

  fhir.get<{ Params: { id: string } }>('/$export-status/:id', doc('Bulk Data export status: 202 with X-Progress while it runs, 200 with the manifest when done'), async (request, reply) => {
    const status = await exportStatus(db, caller(request), request.params.id);
    reply.header('cache-control', 'no-store');
    if (status.state === 'running') {
      return reply.code(202).header('x-progress', bulkProgressText(status.done, status.total)).header('retry-after', String(RETRY_AFTER_SECONDS)).send();
    }
    // The IG's "Error Status": the export itself failed, so the status answers with what went wrong.
    if (status.state === 'failed') throw new FhirError(500, [translatedIssue('exception', 'errors.bulkExport.failed', { reason: status.reason })]);
    if (status.job.expires_at) reply.header('expires', status.job.expires_at.toUTCString());
    return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(manifest(status, fileUrl(request.params.id))));
  });

  fhir.delete<{ Params: { id: string } }>('/$export-status/:id', doc('Bulk Data export cancel: the job and its files are deleted (202)'), async (request, reply) => {
    await cancelExport(db, caller(request), request.params.id);
    return reply.code(202).header('cache-control', 'no-store').type(FHIR_JSON)
      .send(JSON.stringify(operationOutcome([{ code: 'informational', text: 'Export cancelled' }], 'information')));
  });

  fhir.get<{ Params: { id: string; seq: string } }>(BULK_FILE_ROUTE.replace(/^\/fhir/, ''), doc('Bulk Data export file: NDJSON, one resource per line (the requester\'s token)'), async (request, reply) =>
    reply.code(200).header('cache-control', 'no-store').type('application/fhir+ndjson')
      .send(await exportFile(db, caller(request), request.params.id, request.params.seq)));
}
