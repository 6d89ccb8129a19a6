import type { Bundle, BundleEntry, BundleLink, OperationOutcome, Resource } from '@medplum/fhirtypes';
import type { HistoryRow } from './repository.ts';
import type { PageLinks, SearchJson, SearchRequest, SearchResult } from './search.ts';
import { encodeCursor, type PageCursor } from './page-cursor.ts';

/** Search and history results as FHIR Bundles, with their page links (searches by cursor, histories by offset). */
export const etag = (versionId: number | string) => `W/"${versionId}"`;

function pageLinks(url: (offset: number) => string, offset: number, count: number, returned: number, total: number | undefined): BundleLink[] {
  const links: BundleLink[] = [{ relation: 'self', url: url(offset) }];
  const more = total !== undefined ? offset + count < total : returned === count;
  if (count > 0 && more) links.push({ relation: 'next', url: url(offset + count) });
  if (offset > 0 && count > 0) links.push({ relation: 'previous', url: url(Math.max(0, offset - count)) });
  return links;
}

const queryString = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();

/**
 * A searchset Bundle without its entries: `self` as asked, `first`, and
 * `next` and `previous` as cursors (page-cursor.ts) where the page has neighbours.
 */
function searchsetEnvelope(request: SearchRequest, total: number | undefined, links: PageLinks, base: string): Bundle {
  const url = (paging: [string, string][]) => `${base}/${request.type}?${queryString([...request.query, ['_count', String(request.count)], ...paging])}`;
  const at = (cursor: PageCursor | undefined) => cursor && url([['_cursor', encodeCursor(request.query, cursor)]]);
  const self = request.cursor ? at(request.cursor)! : url([['_offset', String(request.offset)]]);
  const link: BundleLink[] = [{ relation: 'self', url: self }];
  if (request.count > 0) {
    link.push({ relation: 'first', url: url([]) });
    const next = at(links.next);
    const previous = at(links.previous);
    if (next) link.push({ relation: 'next', url: next });
    if (previous) link.push({ relation: 'previous', url: previous });
  }
  return { resourceType: 'Bundle', type: 'searchset', ...(total !== undefined && { total }), link };
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
    ...searchsetEnvelope(request, result.total, result.links, base),
    entry: [
      ...result.resources.map((resource) => entry(resource, base, 'match')),
      ...(extra.included ?? []).map((resource) => entry(resource, base, 'include')),
      ...(extra.outcome ? [{ resource: extra.outcome, search: { mode: 'outcome' as const } }] : []),
    ],
  };
}

/** searchsetBundle's JSON text, with each match's stored JSON put in as it is (not parsed and written again). */
export function searchsetBundleJson(request: SearchRequest, result: SearchJson, base: string): string {
  const envelope = JSON.stringify(searchsetEnvelope(request, result.total, result.links, base));
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
