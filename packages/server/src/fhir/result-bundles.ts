import type { Bundle, BundleEntry, BundleLink, OperationOutcome, Resource } from '@medplum/fhirtypes';
import type { HistoryPageRow } from './repository.ts';
import type { PageLinks, SearchJson, SearchRequest, SearchResult } from './search.ts';
import { encodeCursor, type PageCursor } from './page-cursor.ts';

/** Search and history results as FHIR Bundles, with their page links (by cursor; an `_offset` asked for is kept in `self`). */
export const etag = (versionId: number | string) => `W/"${versionId}"`;

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

/** What a history's page cursor is checked against: the history (its path) and its parameters. */
export const historyCursorQuery = (path: string, query: readonly [string, string][]): [string, string][] => [['_history', path], ...query];

/** A history's page: its path (`Type/_history`, `Type/id/_history`), parameters other than paging, and where it stands. */
export interface HistoryPaging {
  base: string;
  path: string;
  query: [string, string][];
  count: number;
  offset: number;
  cursor?: PageCursor;
  links: PageLinks;
}

/** A history Bundle: `self` as asked, `first`, and `next` and `previous` as cursors (page-cursor.ts) where the page has neighbours. */
export function historyBundle(rows: HistoryPageRow[], total: number, paging: HistoryPaging): Bundle {
  const url = (pairs: [string, string][]) => `${paging.base}/${paging.path}?${queryString([...paging.query, ['_count', String(paging.count)], ...pairs])}`;
  const at = (cursor: PageCursor | undefined) => cursor && url([['_cursor', encodeCursor(historyCursorQuery(paging.path, paging.query), cursor)]]);
  const link: BundleLink[] = [{ relation: 'self', url: paging.cursor ? at(paging.cursor)! : url([['_offset', String(paging.offset)]]) }];
  if (paging.count > 0) {
    link.push({ relation: 'first', url: url([]) });
    const next = at(paging.links.next);
    const previous = at(paging.links.previous);
    if (next) link.push({ relation: 'next', url: next });
    if (previous) link.push({ relation: 'previous', url: previous });
  }
  return {
    resourceType: 'Bundle',
    type: 'history',
    total,
    link,
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
