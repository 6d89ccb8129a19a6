import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Bundle, BundleEntry, BundleEntryResponse, Resource } from '@medplum/fhirtypes';
import type { Language } from '@geria/domain';
import { conditionalCreate, MAX_MATCHES } from './conditional-create.ts';
import { conditionalUpdate } from './conditional-update.ts';
import { FhirError, invalid, notSupported, operationOutcome, type Issue } from './outcome.ts';
import { isValidId } from './references.ts';
import { lockKey } from './repository.ts';
import { storedType } from './resource-types.ts';
import { etag } from './result-bundles.ts';
import type { FhirClient } from './service.ts';
import type { WriteResult, WriteSession } from './writes.ts';

/**
 * `batch` and `transaction` Bundles posted to /fhir. Entries use POST, PUT, DELETE or GET with a
 * relative URL; a PUT to `Type?search` is a conditional update (conditional-update.ts). A transaction is all or nothing: it is checked as a whole first (shape, urn:uuid
 * references, every resource), then runs in one database transaction in FHIR's order (DELETE, POST,
 * PUT, GET) and the first failure rolls everything back. A batch answers each entry on its own.
 */
const requestSchema = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD']),
  url: z.string().min(1),
  ifMatch: z.string().optional(),
  ifNoneMatch: z.string().optional(),
  ifNoneExist: z.string().optional(),
  ifModifiedSince: z.string().optional(),
});
const entrySchema = z.looseObject({
  fullUrl: z.string().optional(),
  resource: z.looseObject({ resourceType: z.string() }).optional(),
  request: requestSchema,
});
const bundleSchema = z.looseObject({
  resourceType: z.literal('Bundle'),
  type: z.enum(['batch', 'transaction']),
  entry: z.array(z.unknown()).default([]),
});
type EntryInput = z.infer<typeof entrySchema>;

type Operation =
  | { method: 'POST'; type: string; resource: Record<string, unknown>; fullUrl?: string; id: string; ifNoneExist?: string }
  | { method: 'PUT'; type: string; id: string; resource: Record<string, unknown>; ifMatch?: number }
  | { method: 'PUT'; type: string; id?: undefined; query: string; resource: Record<string, unknown>; ifMatch?: number }
  | { method: 'DELETE'; type: string; id: string; ifMatch?: number }
  | { method: 'GET'; type: string; id?: string; history?: boolean; versionId?: string; query: string };

const ORDER = { DELETE: 0, POST: 1, PUT: 2, GET: 3 } as const;

export function parseIfMatch(value: string | undefined, expression: string): number | undefined {
  if (value === undefined) return undefined;
  const m = /^(?:W\/)?"?(\d+)"?$/.exec(value.trim());
  if (!m) throw invalid(`If-Match must be a version tag such as W/"3", not ${value}`, expression);
  return Number(m[1]);
}

const zodIssues = (error: z.ZodError, prefix: string): Issue[] =>
  error.issues.map((issue) => ({ code: 'structure', text: issue.message, expression: [prefix, ...issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))].join('') }));

function parseOperation(raw: unknown, index: number): Operation {
  const at = `Bundle.entry[${index}]`;
  const parsed = entrySchema.safeParse(raw);
  if (!parsed.success) throw new FhirError(400, zodIssues(parsed.error, at));
  const entry: EntryInput = parsed.data;
  const { method, url } = entry.request;
  if (/^[a-z]+:/i.test(url) || url.startsWith('/')) throw invalid('Entry URLs are relative, e.g. Observation or Observation/123', `${at}.request.url`);
  const [path, query = ''] = url.split(/\?(.*)/s, 2);
  const [type, id, history, versionId, ...rest] = path.split('/');
  if (!type || rest.length || (history !== undefined && history !== '_history') || (id !== undefined && !isValidId(id))) {
    throw invalid(`Unsupported entry URL ${url}`, `${at}.request.url`);
  }
  if ((entry.request.ifNoneExist && method !== 'POST') || (entry.request.ifMatch && method !== 'PUT' && method !== 'DELETE')
    || entry.request.ifNoneMatch || entry.request.ifModifiedSince) {
    throw notSupported('Conditional requests other than ifNoneExist on POST and ifMatch on PUT or DELETE (ifNoneMatch, ifModifiedSince) are not supported', `${at}.request`);
  }
  const needResource = () => {
    if (!entry.resource) throw invalid(`A ${method} entry needs a resource`, `${at}.resource`);
    if (entry.resource.resourceType !== type) throw invalid(`The entry's resource is a ${entry.resource.resourceType}, its URL a ${type}`, `${at}.resource.resourceType`);
    return entry.resource;
  };
  const plain = id === undefined && !query;
  switch (method) {
    case 'POST':
      if (!plain) throw invalid('A POST entry URL is the resource type only (conditional create is not supported)', `${at}.request.url`);
      return { method, type, resource: needResource(), fullUrl: entry.fullUrl, id: randomUUID(), ifNoneExist: entry.request.ifNoneExist };
    case 'PUT':
      if (history !== undefined || (id === undefined) === !query) throw invalid('A PUT entry URL is Type/id, or Type?search for a conditional update', `${at}.request.url`);
      if (id === undefined) return { method, type, query, resource: needResource(), ifMatch: parseIfMatch(entry.request.ifMatch, `${at}.request.ifMatch`) };
      return { method, type, id, resource: needResource(), ifMatch: parseIfMatch(entry.request.ifMatch, `${at}.request.ifMatch`) };
    case 'DELETE':
      if (id === undefined || history !== undefined || query) throw invalid('A DELETE entry URL is Type/id (conditional delete is not supported)', `${at}.request.url`);
      return { method, type, id, ifMatch: parseIfMatch(entry.request.ifMatch, `${at}.request.ifMatch`) };
    case 'GET':
      return { method, type, id, history: history !== undefined, versionId, query };
    default:
      throw notSupported(`${method} entries are not supported: use POST, PUT, DELETE or GET`, `${at}.request.method`);
  }
}

/** Replaces references to entries' fullUrls (urn:uuid:...) by the ids they get; an unknown urn is an error. */
function resolveReferences(value: unknown, ids: Map<string, string>, path: string, issues: Issue[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => resolveReferences(item, ids, `${path}[${i}]`, issues));
    return;
  }
  if (!value || typeof value !== 'object') return;
  const object = value as Record<string, unknown>;
  for (const [key, child] of Object.entries(object)) {
    if (key === 'reference' && typeof child === 'string' && (ids.has(child) || child.startsWith('urn:'))) {
      const target = ids.get(child);
      if (target) object[key] = target;
      else issues.push({ code: 'not-found', text: `${child} is not the fullUrl of an entry of this Bundle`, expression: `${path}.reference` });
    } else resolveReferences(child, ids, `${path}.${key}`, issues);
  }
}

const STATUS_TEXT: Record<number, string> = {
  200: '200 OK', 201: '201 Created', 204: '204 No Content', 400: '400 Bad Request', 403: '403 Forbidden', 404: '404 Not Found', 409: '409 Conflict',
  410: '410 Gone', 412: '412 Precondition Failed', 422: '422 Unprocessable Entity',
};
const statusText = (status: number) => STATUS_TEXT[status] ?? String(status);

/** A write's entry; its fullUrl absolute like a searchset's (`base` is the server's /fhir URL). */
function writeEntry(write: WriteResult | undefined, status: number, base: string): BundleEntry {
  if (!write) return { response: { status: statusText(204) } };
  const response: BundleEntryResponse = {
    status: statusText(status),
    location: `${write.type}/${write.id}/_history/${write.versionId}`,
    etag: etag(write.versionId),
    lastModified: write.lastUpdated,
  };
  return { ...(write.resource && { fullUrl: `${base ? `${base}/` : ''}${write.type}/${write.id}`, resource: write.resource }), response };
}

/** `found`: a conditional create's matches, looked up beforehand with the transaction's others. */
async function runOperation(op: Operation, session: WriteSession | undefined, client: FhirClient, found?: readonly Resource[]): Promise<BundleEntry> {
  switch (op.method) {
    case 'POST': {
      const created = op.ifNoneExist ? await conditionalCreate(session!, client, op.resource, op.ifNoneExist, op.id, found) : await session!.create(op.resource, op.id);
      return writeEntry(created, created.created ? 201 : 200, client.baseUrl);
    }
    case 'PUT': {
      const updated = op.id === undefined ? await conditionalUpdate(session!, client, storedType(op.type), op.query, op.resource, op.ifMatch)
        : await session!.update(storedType(op.type), op.id, op.resource, op.ifMatch);
      return writeEntry(updated, updated.created ? 201 : 200, client.baseUrl);
    }
    case 'DELETE': {
      const deleted = await session!.delete(storedType(op.type), op.id, op.ifMatch);
      return deleted ? { response: { status: statusText(204), etag: etag(deleted.versionId) } } : writeEntry(undefined, 204, client.baseUrl);
    }
    case 'GET': {
      const resource: Resource = op.id === undefined ? await (op.history ? client.history(op.type, undefined, op.query) : client.search(op.type, op.query))
        : op.history && op.versionId ? await client.vread(op.type, op.id, op.versionId)
          : op.history ? await client.history(op.type, op.id, op.query) : await client.read(op.type, op.id);
      return { resource, response: { status: statusText(200) } };
    }
  }
}

function failedEntry(error: unknown, language: Language): BundleEntry {
  if (!(error instanceof FhirError)) throw error;
  return { response: { status: statusText(error.status), outcome: operationOutcome(error.issues, 'error', language) } };
}

const within = (error: unknown, index: number) => (error instanceof FhirError ? error.within(`Bundle.entry[${index}]`) : error);

export async function processBundle(client: FhirClient, input: unknown): Promise<Bundle> {
  // References are rewritten in place: work on a copy of the caller's Bundle.
  const parsed = bundleSchema.safeParse(input === undefined ? input : JSON.parse(JSON.stringify(input)));
  if (!parsed.success) throw new FhirError(400, zodIssues(parsed.error, 'Bundle'));
  const { type, entry } = parsed.data;
  return type === 'transaction' ? transaction(client, entry) : batch(client, entry);
}

async function transaction(client: FhirClient, entries: unknown[]): Promise<Bundle> {
  const issues: Issue[] = [];
  const operations = entries.map((raw, index) => {
    try {
      return parseOperation(raw, index);
    } catch (error) {
      if (!(error instanceof FhirError)) throw error;
      issues.push(...error.issues);
      return undefined;
    }
  });
  if (issues.length) throw new FhirError(400, issues);
  const ops = operations as Operation[];
  const ids = new Map<string, string>();
  ops.forEach((op, index) => {
    if (op.method !== 'POST' || !op.fullUrl) return;
    if (ids.has(op.fullUrl)) issues.push({ code: 'invalid', text: `fullUrl ${op.fullUrl} is used twice`, expression: `Bundle.entry[${index}].fullUrl` });
    ids.set(op.fullUrl, `${op.type}/${op.id}`);
  });
  ops.forEach((op, index) => {
    if (op.method === 'POST' || op.method === 'PUT') resolveReferences(op.resource, ids, `Bundle.entry[${index}].resource`, issues);
  });
  if (issues.length) throw new FhirError(400, issues);

  const order = ops.map((op, index) => ({ op, index })).sort((a, b) => ORDER[a.op.method] - ORDER[b.op.method] || a.index - b.index);
  const responses = await client.writing(async (session, trxClient) => {
    // The locks of the conditional creates and updates and of the ids PUT may create, all at once in one order (repository.ts lockKeys).
    await session.lock(ops.flatMap((op) => (op.method === 'POST' && op.ifNoneExist ? [lockKey.ifNoneExist(op.type, op.ifNoneExist)]
      : op.method === 'PUT' ? [op.id === undefined ? lockKey.ifNoneExist(op.type, op.query) : lockKey.id(op.id)] : [])));
    await session.prefetchPatients(ops.flatMap((op) => ('resource' in op ? [op.resource as unknown as Resource] : [])));
    const out: BundleEntry[] = new Array(ops.length);
    const conditional = order.flatMap(({ op, index }) => (op.method === 'POST' && op.ifNoneExist ? [{ index, type: op.type, query: op.ifNoneExist }] : []));
    let found: Map<number, readonly Resource[]> | undefined;
    for (const { op, index } of order) {
      // Reads see the transaction's own writes.
      if (op.method === 'GET') await session.flush();
      // The conditional creates' matches, all at once under their locks: after the deletions, which they
      // see; the creates before them are not inserted yet, and are not seen, as one by one.
      if (op.method === 'POST' && op.ifNoneExist && !found) {
        const lists = await trxClient.matchesOfMany(conditional, MAX_MATCHES);
        found = new Map(conditional.flatMap(({ index: at }, i) => (lists[i] ? [[at, lists[i]!] as const] : [])));
      }
      try {
        out[index] = await runOperation(op, session, trxClient, found?.get(index));
      } catch (error) {
        throw within(error, index);
      }
    }
    return out;
  });
  return { resourceType: 'Bundle', type: 'transaction-response', entry: responses };
}

async function batch(client: FhirClient, entries: unknown[]): Promise<Bundle> {
  const out: BundleEntry[] = [];
  for (const [index, raw] of entries.entries()) {
    try {
      const op = parseOperation(raw, index);
      if (op.method !== 'GET' && op.method !== 'DELETE') {
        const issues: Issue[] = [];
        resolveReferences(op.resource, new Map(), `Bundle.entry[${index}].resource`, issues);
        if (issues.length) throw new FhirError(400, issues);
      }
      out.push(op.method === 'GET' ? await runOperation(op, undefined, client) : await client.writing((session, trxClient) => runOperation(op, session, trxClient)));
    } catch (error) {
      out.push(failedEntry(within(error, index), client.language));
    }
  }
  return { resourceType: 'Bundle', type: 'batch-response', entry: out };
}
