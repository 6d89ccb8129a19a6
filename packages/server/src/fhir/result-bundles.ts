import type { Bundle, BundleEntry, BundleLink, OperationOutcome, Resource } from '@medplum/fhirtypes';
import type { HistoryRow } from './repository.ts';
import type { SearchJson, SearchRequest, SearchResult } from './search.ts';

/** Search and history results as FHIR Bundles, with self/next/previous links for offset paging. */
export const etag = (versionId: number | string) => `W/"${versionId}"`;

function pageLinks(url: (offset: number) => string, offset: number, count: number, returned: number, total: number | undefined): BundleLink[] {
  const links: BundleLink[] = [{ relation: 'self', url: url(offset) }];
  const more = total !== undefined ? offset + count < total : returned === count;
  if (count > 0 && more) links.push({ relation: 'next', url: url(offset + count) });
  if (offset > 0 && count > 0) links.push({ relation: 'previous', url: url(Math.max(0, offset - count)) });
  return links;
}

const queryString = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();

/** A searchset Bundle without its entries, for `returned` matches. */
function searchsetEnvelope(request: SearchRequest, returned: number, total: number | undefined, base: string): Bundle {
  const url = (offset: number) =>
    `${base}/${request.type}?${queryString([...request.query, ['_count', String(request.count)], ['_offset', String(offset)]])}`;
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    ...(total !== undefined && { total }),
    link: pageLinks(url, request.offset, request.count, returned, total),
  };
}

const MATCH = { mode: 'match' } as const;

const entry = (resource: Resource, base: string, mode: 'match' | 'include'): BundleEntry =>
  ({ fullUrl: `${base}/${resource.resourceType}/${resource.id}`, resource, search: mode === 'match' ? MATCH : { mode } });

/**
 * The matches, then what _include/_revinclude added (search mode `include`), then an
 * OperationOutcome about the search itself when there is something to say (search mode `outcome`).
 */
export function searchsetBundle(request: SearchRequest, result: SearchResult, base: string,
  extra: { included?: readonly Resource[]; outcome?: OperationOutcome } = {}): Bundle {
  return {
    ...searchsetEnvelope(request, result.resources.length, result.total, base),
    entry: [
      ...result.resources.map((resource) => entry(resource, base, 'match')),
      ...(extra.included ?? []).map((resource) => entry(resource, base, 'include')),
      ...(extra.outcome ? [{ resource: extra.outcome, search: { mode: 'outcome' as const } }] : []),
    ],
  };
}

/** searchsetBundle's JSON text, with each match's stored JSON put in as it is (not parsed and written again). */
export function searchsetBundleJson(request: SearchRequest, result: SearchJson, base: string): string {
  const envelope = JSON.stringify(searchsetEnvelope(request, result.matches.length, result.total, base));
  const entries = result.matches.map(({ type, id, json }) =>
    `{"fullUrl":${JSON.stringify(`${base}/${type}/${id}`)},"resource":${json},"search":${JSON.stringify(MATCH)}}`);
  return `${envelope.slice(0, -1)},"entry":[${entries.join(',')}]}`;
}

export function historyBundle(rows: HistoryRow[], total: number, paging: { base: string; path: string; count: number; offset: number; since?: string }): Bundle {
  const url = (offset: number) =>
    `${paging.base}/${paging.path}?${queryString([...(paging.since ? [['_since', paging.since] as [string, string]] : []), ['_count', String(paging.count)], ['_offset', String(offset)]])}`;
  return {
    resourceType: 'Bundle',
    type: 'history',
    total,
    link: pageLinks(url, paging.offset, paging.count, rows.length, total),
    entry: rows.map((row): BundleEntry => {
      // Versions written before migration 110 do not say how: told from the version.
      const method = row.method ?? (row.deleted ? 'DELETE' : row.version_id === 1 ? 'POST' : 'PUT');
      return {
        fullUrl: `${paging.base}/${row.resource_type}/${row.id}`,
        ...(row.content && { resource: row.content as Resource }),
        request: { method, url: method === 'POST' ? row.resource_type : `${row.resource_type}/${row.id}` },
        response: {
          status: method === 'POST' ? '201 Created' : method === 'DELETE' ? '204 No Content' : '200 OK',
          etag: etag(row.version_id),
          lastModified: new Date(row.last_updated).toISOString(),
        },
      };
    }),
  };
}
