import { createHash } from 'node:crypto';
import { z } from 'zod';
import { invalid } from './outcome.ts';
import { isValidId } from './references.ts';

/**
 * Keyset paging of FHIR searches and histories: a `next` or `previous` link carries `_cursor`, an
 * opaque token naming the last (or first) row of the page it was made for by its sort keys and id,
 * so that the next page starts right after that row whatever its depth (an `_offset` makes
 * PostgreSQL walk and drop every row before it) and whatever was inserted or deleted before it since.
 *
 * The token is base64url JSON and a digest of it with the search's (or history's) own parameters: a
 * token altered, cut, or sent with another search answers 400. It grants nothing: the rows a search
 * reads are always those the caller's organisation sees, wherever the token places the page.
 */
export type SortColumn = 'last_updated' | 'id' | 'date_start';
export interface SortKey { column: SortColumn; descending: boolean }
/** A column a page's order may end with besides a search's: a history's versions of one resource (fhir_history). */
export type KeyColumn = SortColumn | 'version_id';

/** `after`: the rows following the keys (a next page); `before`: those preceding them (a previous page). */
export interface PageCursor {
  direction: 'after' | 'before';
  /** One per column of the page's order (pageOrder, or a history's), timestamps as `YYYY-MM-DDThh:mm:ss.ffffffZ`. */
  keys: (string | null)[];
}

/** The order a search's pages follow: its sort, then the id (in the last key's direction) so that no two rows tie. */
export function pageOrder(sort: readonly SortKey[]): SortKey[] {
  const byId = sort.findIndex((s) => s.column === 'id');
  if (byId >= 0) return sort.slice(0, byId + 1).map(({ column, descending }) => ({ column, descending }));
  return [...sort.map(({ column, descending }) => ({ column, descending })), { column: 'id', descending: sort.at(-1)?.descending ?? false }];
}

/** A timestamp key as the page statement gives it (microseconds, UTC), so that no two instants share a key. */
export const TIMESTAMP_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A version number as a key: what fhir_history's integer holds. */
const VERSION_KEY = /^[1-9]\d{0,8}$/;

const payloadSchema = z.strictObject({ v: z.literal(1), d: z.enum(['a', 'b']), k: z.array(z.string().max(64).nullable()).max(8) });

const digest = (query: readonly [string, string][], payload: string) =>
  createHash('sha256').update(JSON.stringify(query)).update('\0').update(payload).digest('base64url').slice(0, 22);

/** The token of `cursor` for the search whose parameters (as received, paging left out) are `query`. */
export function encodeCursor(query: readonly [string, string][], cursor: PageCursor): string {
  const payload = Buffer.from(JSON.stringify({ v: 1, d: cursor.direction === 'after' ? 'a' : 'b', k: cursor.keys })).toString('base64url');
  return `${payload}.${digest(query, payload)}`;
}

/** The cursor a token carries, checked against the search it comes with; 400 when it was not made for it. */
export function decodeCursor(query: readonly [string, string][], order: readonly { column: KeyColumn }[], token: string): PageCursor {
  const refuse = () => invalid('_cursor is not a page link of this search or history: follow the next or previous link as it was given', '_cursor');
  const [payload, sum, ...rest] = token.split('.');
  if (!payload || !sum || rest.length || sum !== digest(query, payload)) throw refuse();
  let parsed: z.infer<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    throw refuse();
  }
  if (parsed.k.length !== order.length) throw refuse();
  const fits = order.every(({ column }, i) => {
    const key = parsed.k[i];
    if (column === 'id') return key !== null && isValidId(key);
    if (column === 'last_updated') return key !== null && TIMESTAMP_KEY.test(key);
    if (column === 'version_id') return key !== null && VERSION_KEY.test(key);
    return key === null || TIMESTAMP_KEY.test(key);
  });
  if (!fits) throw refuse();
  return { direction: parsed.d === 'a' ? 'after' : 'before', keys: parsed.k };
}
