import { z } from 'zod';
import { attributeList, type Projection } from './scim-attributes.ts';
import { parseScimFilter, ScimFilterError, type ScimFilter } from './scim-filter.ts';
import { ScimError } from './scim-input.ts';

/**
 * The parameters of a SCIM query (RFC 7644 §3.4.2), from a GET's query string or the body of a
 * POST …/.search (§3.4.3): filter, paging and the attributes to return. Sorting is not offered
 * (ServiceProviderConfig says so), so sortBy and sortOrder are ignored as the RFC allows.
 */
export const MAX_COUNT = 200;

export interface ScimQuery { filter?: ScimFilter; startIndex: number; count: number; projection: Projection }

/** One resource type's search: the page the query asks for, and how many resources match in all. */
export type ScimSearch = (query: ScimQuery) => Promise<{ resources: object[]; total: number }>;

/**
 * The search at the service provider's root (RFC 7644 §3.4.3) across resource types, in their order
 * (Users, then Groups) as one list that the query pages through. A filter on an attribute one type
 * lacks matches none of that type (§3.4.2.2); it is refused only when no type has it.
 */
export async function searchAcross(searches: readonly ScimSearch[], query: ScimQuery) {
  const resources: object[] = [];
  let total = 0;
  let refusal: unknown;
  let answered = 0;
  for (const search of searches) {
    // Where this type's part of the page starts, once the previous types' resources are counted.
    const part = { ...query, startIndex: Math.max(1, query.startIndex - total), count: query.count - resources.length };
    const found = await search(part).catch((error: unknown) => {
      if (!(error instanceof ScimFilterError)) throw error;
      refusal ??= error;
      return undefined;
    });
    if (!found) continue;
    answered++;
    resources.push(...found.resources);
    total += found.total;
  }
  if (answered === 0 && refusal) throw refusal;
  return { resources, total };
}

const names = z.union([z.string().max(2000), z.array(z.string().max(200)).max(100)]).optional();

const fromQueryString = z.looseObject({
  filter: z.string().max(1000).optional(),
  startIndex: z.coerce.number().int().catch(1).default(1),
  count: z.coerce.number().int().catch(100).default(100),
  attributes: z.string().max(2000).optional(),
  excludedAttributes: z.string().max(2000).optional(),
});

const SEARCH_REQUEST = 'urn:ietf:params:scim:api:messages:2.0:SearchRequest';
const fromSearchRequest = z.looseObject({
  schemas: z.array(z.string()).refine((s) => s.includes(SEARCH_REQUEST), `schemas must hold ${SEARCH_REQUEST}`).optional(),
  filter: z.string().max(1000).optional(),
  startIndex: z.number().int().default(1),
  count: z.number().int().default(100),
  attributes: names,
  excludedAttributes: names,
});

function query(raw: { filter?: string; startIndex: number; count: number; attributes?: string | string[]; excludedAttributes?: string | string[] }): ScimQuery {
  const projection = { attributes: attributeList(raw.attributes), excludedAttributes: attributeList(raw.excludedAttributes) };
  if (projection.attributes && projection.excludedAttributes) throw new ScimError(400, 'invalidSyntax', 'attributes and excludedAttributes cannot be given together');
  return {
    ...(raw.filter !== undefined && raw.filter.trim() !== '' && { filter: parseScimFilter(raw.filter) }),
    // Out-of-range values are read as the nearest allowed (§3.4.2.4).
    startIndex: Math.max(1, raw.startIndex),
    count: Math.min(MAX_COUNT, Math.max(0, raw.count)),
    projection,
  };
}

function readQueryString(queryString: unknown) {
  const parsed = fromQueryString.safeParse(queryString);
  if (!parsed.success) throw new ScimError(400, 'invalidValue', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return parsed.data;
}

export const queryFromUrl = (queryString: unknown): ScimQuery => query(readQueryString(queryString));

export function queryFromSearch(body: unknown): ScimQuery {
  const parsed = fromSearchRequest.safeParse(body ?? {});
  if (!parsed.success) throw new ScimError(400, 'invalidSyntax', `a SearchRequest is expected: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ')}`);
  return query(parsed.data);
}

/** The projection of a read of one resource (GET, and the answers of POST, PUT and PATCH). */
export const projectionFromUrl = (queryString: unknown): Projection => query({ ...readQueryString(queryString), filter: undefined }).projection;
