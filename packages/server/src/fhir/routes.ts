import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Resource } from '@medplum/fhirtypes';
import { organisationByAbbr, translate, type ReadAction } from '@geria/domain';
import type { AppDeps } from '../app.ts';
import { AppError, requestLanguage } from '../http/errors.ts';
import { guardedJsonParser } from '../http/json-body.ts';
import { unsafeJsonCode } from '../http/json-guard.ts';
import { requireUser } from '../auth/guard.ts';
import type { FhirActor } from './access.ts';
import { parseIfMatch } from './bundle.ts';
import { capabilityStatement } from './capability.ts';
import { issuerDiscovery } from '../auth/discovery.ts';
import { smartConfiguration } from './smart-configuration.ts';
import { adaptExternalSubjects } from './external-subjects.ts';
import { FhirError, operationOutcome, translatedError, type FhirStatus, type IssueCode } from './outcome.ts';
import { etag } from './result-bundles.ts';
import { isNotModified, refuseOtherConditionals } from './conditional-headers.ts';
import { acceptsJson, notAcceptable, wantsPretty } from './format.ts';
import { fhirService, type FhirClient } from './service.ts';
import { BULK_FILE_ROUTE, registerBulkExportRoutes } from './bulk/routes.ts';
import type { WriteResult } from './writes.ts';

/**
 * The FHIR R4 REST API at /fhir (JSON only: a request for another format answers 406). Errors are
 * OperationOutcome bodies, as FHIR clients expect; paths outside the routes below fall through to
 * the app's JSON 404. Conditional headers are honoured or refused, never ignored (conditional-headers.ts).
 */
const FHIR_JSON = 'application/fhir+json; charset=utf-8';

type Params = { type: string; id: string; vid: string };
/** OpenAPI description of a FHIR interaction (bodies and answers are FHIR R4 JSON; errors an OperationOutcome). */
const doc = (summary: string) => ({ schema: { tags: ['fhir'], summary } });

export async function registerFhirRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  await app.register(async (fhir) => {
    fhir.removeContentTypeParser('application/json');
    const parseFhirJson = guardedJsonParser(fhir, (unsafe, request) => new FhirError(400, [{
      code: 'invalid',
      text: translate(requestLanguage(request), unsafeJsonCode[unsafe.problem]),
      expression: unsafe.path.replace(/\.(\d+)(?=\.|$)/g, '[$1]'),
    }]));
    fhir.addContentTypeParser(['application/json', 'application/fhir+json', 'application/json-patch+json'], { parseAs: 'string' }, (request, body, done) =>
      parseFhirJson(request, body, (error, value) =>
        done(error && !(error instanceof FhirError) ? new FhirError(400, [{ code: 'structure', text: 'The request body is not valid JSON' }]) : error, value)));
    fhir.setErrorHandler((error, request, reply) => sendError(error as FastifyError | FhirError | AppError, request, reply));
    // Before authentication and the body: a client that cannot read the answer learns so first.
    fhir.addHook('onRequest', async (request) => {
      if (request.routeOptions.url === BULK_FILE_ROUTE) return;
      if (!acceptsJson(request.headers.accept, query(request).get('_format'))) throw notAcceptable();
    });

    // Absolute URLs come from PUBLIC_URL only: a Host or X-Forwarded-Host header never reaches a response.
    const base = `${config.publicUrl}/fhir`;
    // An integration client acts within its permissions (a device hub writes and reads nothing clinical).
    const actorOf = (request: FastifyRequest): FhirActor => ({ kind: 'user', user: requireUser(request), permissions: request.integrationClient?.permissions });
    const client = (request: FastifyRequest): FhirClient =>
      fhirService(db, { baseUrl: base, language: requestLanguage(request) }).withContext(actorOf(request));
    // A read's client reports what it answered about participants, which the read audit records after the answer.
    const reader = (request: FastifyRequest<{ Params: Partial<Params> }>, action: ReadAction): FhirClient => {
      const { type: resourceType, id } = request.params;
      const parameters = [...new Set(query(request).keys())];
      const onRead = (participants: Record<string, number>, count: number) => {
        request.readAudit = { action, participants, details: { resourceType, ...(id !== undefined && { id }), ...(parameters.length > 0 && { parameters }), count } };
      };
      return fhirService(db, { baseUrl: base, language: requestLanguage(request), onRead }).withContext(actorOf(request));
    };
    const query = (request: FastifyRequest) => new URL(request.url, 'http://fhir').searchParams;
    const ifMatch = (request: FastifyRequest) => parseIfMatch(request.headers['if-match'], 'If-Match');

    const issuer = issuerDiscovery(app, config);
    fhir.get('/metadata', { schema: { tags: ['fhir'], summary: 'CapabilityStatement: what this FHIR server supports', security: [] } }, async (request, reply) => {
      refuseOtherConditionals(request.headers, [], 'the CapabilityStatement');
      return send(reply, 200, capabilityStatement(base, await issuer().catch((error: unknown) => void request.log.warn({ err: error }, 'issuer discovery unreadable'))));
    });
    fhir.get('/.well-known/smart-configuration', { schema: { tags: ['fhir'], summary: 'SMART App Launch configuration: the issuer\'s endpoints, scopes and capabilities', security: [] } }, async (_request, reply) =>
      reply.code(200).header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(smartConfiguration(await issuer().catch(() => { throw translatedError(503, 'transient', 'errors.issuerUnavailable'); }))));

    registerBulkExportRoutes(fhir, db, base);

    // A client whose Patient references carry external ids (the Citizen Hub app) posts through this adapter.
    const adapted = async (request: FastifyRequest): Promise<{ body: unknown; ifNoneExist?: string }> => {
      const subjectIds = request.integrationClient?.subjectIds ?? 'geria';
      const organisation = organisationByAbbr(requireUser(request).organisation);
      return subjectIds === 'geria' || !organisation ? { body: request.body } : adaptExternalSubjects(db.kysely, subjectIds, organisation, request.body);
    };

    fhir.post('/', doc('batch or transaction: a Bundle whose entries run in one interaction (transaction: all or nothing)'), async (request, reply) => {
      refuseOtherConditionals(request.headers, [], 'a batch or transaction (conditions go in the entries)');
      return send(reply, 200, await client(request).bundle((await adapted(request)).body));
    });

    fhir.get<{ Params: Params }>('/:type', doc('search: the resources of a type matching the query (searchset Bundle; unknown parameters are ignored and named in an outcome entry unless Prefer: handling=strict)'), async (request, reply) => {
      refuseOtherConditionals(request.headers, [], 'a search');
      const lenient = !/(?:^|[,;\s])handling\s*=\s*strict\b/i.test(String(request.headers.prefer ?? ''));
      return sendJson(reply, 200, await reader(request, 'read.fhirSearch').searchJson(request.params.type, query(request), { lenient }));
    });

    fhir.post<{ Params: Params }>('/:type', doc('create: a new resource of the type; the server gives the id (If-None-Exist: a search; when one resource matches it, that one answers 200)'), async (request, reply) => {
      refuseOtherConditionals(request.headers, ['if-none-exist'], 'a create');
      if ((request.body as { resourceType?: unknown } | undefined)?.resourceType !== request.params.type) {
        throw new FhirError(400, [{ code: 'invalid', text: `The body must be a ${request.params.type}`, expression: 'resourceType' }]);
      }
      const ifNoneExist = request.headers['if-none-exist'];
      if (ifNoneExist === '') throw new FhirError(400, [{ code: 'invalid', text: 'If-None-Exist must be a search, e.g. identifier=system|value', expression: 'If-None-Exist' }]);
      const { body, ifNoneExist: uploadKey } = await adapted(request);
      return sendWrite(reply, base, await client(request).create(body, { ifNoneExist: typeof ifNoneExist === 'string' ? ifNoneExist : uploadKey }));
    });

    fhir.get<{ Params: Params }>('/:type/_history', doc('history of every visible resource of the type, newest first'), async (request, reply) => {
      refuseOtherConditionals(request.headers, [], 'a history');
      return send(reply, 200, await reader(request, 'read.fhirSearch').history(request.params.type, undefined, query(request)));
    });

    fhir.get<{ Params: Params }>('/:type/:id', doc('read: the current version (If-None-Match, If-Modified-Since: 304 when unchanged)'), async (request, reply) => {
      refuseOtherConditionals(request.headers, ['if-none-match', 'if-modified-since'], 'a read');
      const resource = await reader(request, 'read.fhir').read(request.params.type, request.params.id);
      return sendRead(request, reply, resource);
    });

    fhir.put<{ Params: Params }>('/:type', doc('conditional update: the one resource matching the query replaced, created when none matches, 412 when several do (If-Match: the matching one\'s version)'), async (request, reply) => {
      refuseOtherConditionals(request.headers, ['if-match'], 'an update');
      const { type } = request.params;
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      if (!search) throw new FhirError(405, [{ code: 'not-supported', text: `PUT ${type} needs an id (PUT ${type}/<id>) or a search (PUT ${type}?<criteria>)` }]);
      if ((request.body as { resourceType?: unknown } | undefined)?.resourceType !== type) {
        throw new FhirError(400, [{ code: 'invalid', text: `The body must be a ${type}`, expression: 'resourceType' }]);
      }
      return sendWrite(reply, base, await client(request).conditionalUpdate(type, search, request.body, { ifMatch: ifMatch(request) }));
    });

    fhir.put<{ Params: Params }>('/:type/:id', doc('update (If-Match for versioned updates; creates with this id when absent)'), async (request, reply) => {
      refuseOtherConditionals(request.headers, ['if-match'], 'an update');
      const { type, id } = request.params;
      return sendWrite(reply, base, await client(request).update(type, id, request.body, { ifMatch: ifMatch(request) }));
    });

    fhir.patch<{ Params: Params }>('/:type/:id', doc('patch: a JSON Patch (application/json-patch+json)'), async (request, reply) => {
      refuseOtherConditionals(request.headers, ['if-match'], 'a patch');
      if (!request.headers['content-type']?.startsWith('application/json-patch+json')) {
        throw new FhirError(415, [{ code: 'not-supported', text: 'PATCH takes a JSON Patch: Content-Type application/json-patch+json' }]);
      }
      const { type, id } = request.params;
      return sendWrite(reply, base, await client(request).patch(type, id, request.body, { ifMatch: ifMatch(request) }));
    });

    fhir.delete<{ Params: Params }>('/:type/:id', doc('delete: adds a deletion version (then 410); If-Match: only if at that version'), async (request, reply) => {
      refuseOtherConditionals(request.headers, ['if-match'], 'a delete');
      const deleted = await client(request).delete(request.params.type, request.params.id, { ifMatch: ifMatch(request) });
      if (deleted) reply.header('etag', etag(deleted.versionId));
      return reply.code(204).header('cache-control', 'no-store').send();
    });

    fhir.get<{ Params: Params }>('/:type/:id/_history', doc('history of one resource, newest first'), async (request, reply) => {
      refuseOtherConditionals(request.headers, [], 'a history');
      return send(reply, 200, await reader(request, 'read.fhir').history(request.params.type, request.params.id, query(request)));
    });

    fhir.get<{ Params: Params }>('/:type/:id/_history/:vid', doc('vread: one version (If-None-Match, If-Modified-Since: 304 when unchanged)'), async (request, reply) => {
      refuseOtherConditionals(request.headers, ['if-none-match', 'if-modified-since'], 'a vread');
      const { type, id, vid } = request.params;
      return sendRead(request, reply, await reader(request, 'read.fhir').vread(type, id, vid));
    });
  }, { prefix: '/fhir' });
}

function send(reply: FastifyReply, status: number, body: unknown) {
  return sendJson(reply, status, JSON.stringify(body));
}

function sendJson(reply: FastifyReply, status: number, json: string) {
  const pretty = wantsPretty(new URL(reply.request.url, 'http://fhir').searchParams.get('_pretty'));
  return reply.code(status).header('cache-control', 'no-store').type(FHIR_JSON).send(pretty ? JSON.stringify(JSON.parse(json), null, 2) : json);
}

/** A read's answer, or 304 without a body when the client's conditional read says it has this version. */
function sendRead(request: FastifyRequest, reply: FastifyReply, resource: Resource) {
  withVersion(reply, resource);
  if (isNotModified(request.headers, resource)) return reply.code(304).header('cache-control', 'no-store').send();
  return send(reply, 200, resource);
}

function withVersion(reply: FastifyReply, resource: Resource) {
  if (resource.meta?.versionId) reply.header('etag', etag(resource.meta.versionId));
  if (resource.meta?.lastUpdated) reply.header('last-modified', new Date(resource.meta.lastUpdated).toUTCString());
  return reply;
}

function sendWrite(reply: FastifyReply, base: string, write: WriteResult) {
  reply.header('location', `${base}/${write.type}/${write.id}/_history/${write.versionId}`);
  return send(withVersion(reply, write.resource!), write.created ? 201 : 200, write.resource);
}

const APP_ERROR_CODES: Partial<Record<number, IssueCode>> = { 401: 'login', 403: 'forbidden', 404: 'not-found', 409: 'conflict', 429: 'throttled' };

function sendError(error: FastifyError | FhirError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof FhirError) return send(reply, error.status, operationOutcome(error.issues, 'error', requestLanguage(request)));
  if (error instanceof AppError) {
    const text = translate(requestLanguage(request), error.code, error.params);
    return send(reply, error.statusCode, operationOutcome([{ code: APP_ERROR_CODES[error.statusCode] ?? 'processing', text }]));
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    const code: IssueCode = status === 415 ? 'not-supported' : status === 413 ? 'too-costly' : 'structure';
    return send(reply, status as FhirStatus, operationOutcome([{ code, text: error.message }]));
  }
  request.log.error({ err: error }, 'unhandled FHIR error');
  return send(reply, 500, operationOutcome([{ code: 'exception', text: translate(requestLanguage(request), 'errors.internal') }]));
}
