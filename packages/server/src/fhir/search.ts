import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Resource } from '@medplum/fhirtypes';
import type { Database } from '../db/types.ts';
import { StatementTemplates } from '../db/statement-templates.ts';
import { parseDateRange, type DateRange } from './dates.ts';
import { invalid, notSupported } from './outcome.ts';
import { parseReference, isValidId } from './references.ts';
import { searchParams, tokenKeys, TYPES, type SearchParam, type StoredType } from './resource-types.ts';
import type { Executor } from './repository.ts';
import { resourcesOfVersions, VERSION_END, versionKey, versionKeys } from './parsed-versions.ts';
import { searchTemplate } from './search-template.ts';
import { parseInclude, type Include } from './includes.ts';
import { parseElements, SUMMARIES, type Summary } from './subsetting.ts';
import { decodeCursor, pageOrder, type PageCursor, type SortKey } from './page-cursor.ts';

/**
 * FHIR search: the query string is parsed into filters on the columns and token array filled at
 * write time (never on the JSON), ANDed across parameters and ORed across comma-separated values.
 * Unsupported modifiers and malformed values answer 400; unknown parameters too in strict mode,
 * while lenient mode (a REST search without `Prefer: handling=strict`) ignores them and names them.
 */
type DatePrefix = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';
export type Filter =
  | { kind: 'id'; ids: string[] }
  | { kind: 'column'; column: 'patient_id' | 'encounter_id'; values: string[] }
  | { kind: 'columnMissing'; column: 'patient_id' | 'encounter_id'; missing: boolean }
  | { kind: 'tokens'; keys: string[] }
  | { kind: 'tokenMissing'; key: string; missing: boolean }
  | { kind: 'date'; target: 'date' | 'lastUpdated'; any: { prefix: DatePrefix; range: DateRange }[] };

export interface SearchRequest {
  type: StoredType;
  filters: Filter[];
  count: number;
  offset: number;
  sort: (SortKey & { name: string })[];
  /** `_cursor`: the page starts after (or ends before) the row these keys name (page-cursor.ts); never with an offset. */
  cursor?: PageCursor;
  total: boolean;
  /** The parameters as received, minus paging, for the Bundle's links. */
  query: [string, string][];
  /** Unknown parameters a lenient search ignored, as received. */
  ignored: string[];
  /** _summary (count is turned into _count=0) and _elements: which elements of each match to answer (subsetting.ts). */
  summary?: Summary;
  elements?: string[];
  /** _include and _revinclude (includes.ts). */
  include: Include[];
  revinclude: Include[];
}

export const DEFAULT_COUNT = 20;
export const MAX_COUNT = 10_000;
const CONTROL = new Set(['_count', '_offset', '_sort', '_total', '_summary', '_elements', '_include', '_revinclude']);
/** Parameters about the answer's format, which routes.ts honours (json only; _pretty indents). */
const FORMAT = new Set(['_format', '_pretty']);

/** `_count` or `_offset` of a search or a history: a whole number ≥ 0. */
export const nonNegative = (name: string, value: string) => {
  if (!/^\d+$/.test(value)) throw invalid(`${name} must be a whole number ≥ 0, not "${value}"`, name);
  return Number(value);
};

/** An `_offset`: past the largest exact integer it is no longer the number asked for, and PostgreSQL refuses it as a bigint. */
export const pageOffset = (name: string, value: string) => {
  const offset = nonNegative(name, value);
  if (!Number.isSafeInteger(offset)) throw invalid(`${name} must be at most ${Number.MAX_SAFE_INTEGER}, not "${value}"`, name);
  return offset;
};

/** `lenient`: unknown parameters are ignored (listed in `ignored`) instead of answering 400. */
export function parseSearch(type: StoredType, params: URLSearchParams, { lenient = false } = {}): SearchRequest {
  const known = searchParams(type);
  const request: SearchRequest = { type, filters: [], count: DEFAULT_COUNT, offset: 0, sort: [], total: true, query: [], ignored: [], include: [], revinclude: [] };
  let cursor: string | undefined;
  for (const [key, rawValue] of params) {
    const value = rawValue.trim();
    if (FORMAT.has(key)) continue;
    if (key === '_cursor') {
      cursor = value;
      continue;
    }
    // Of the controls only _include and _revinclude take a modifier (:iterate, which includes.ts refuses).
    const control = /^_(rev)?include:/.test(key) ? key.split(':')[0] : key;
    if (CONTROL.has(control)) {
      applyControl(request, known, key, value);
      continue;
    }
    const [name, modifier, ...extra] = key.split(':');
    const param = known.get(name);
    if (!param || extra.length) {
      if (!lenient) throw invalid(`Unknown search parameter "${key}" for ${type}`, key);
      request.ignored.push(key);
      continue;
    }
    request.query.push([key, rawValue]);
    if (value === '') continue;
    request.filters.push(modifier === undefined ? filterOf(param, value) : modifiedFilter(param, modifier, value, key));
  }
  // _summary=count: the number of matches only.
  if (request.summary === 'count') Object.assign(request, { count: 0, total: true });
  if (cursor !== undefined) {
    if (params.has('_offset')) throw invalid('_cursor and _offset cannot be used together: a page link gives one of them', '_cursor');
    // Checked against the whole search: its parameters are known only now.
    request.cursor = decodeCursor(request.query, pageOrder(request.sort), cursor);
  }
  return request;
}

function applyControl(request: SearchRequest, known: Map<string, SearchParam>, key: string, value: string) {
  if (key.startsWith('_include') || key.startsWith('_revinclude')) {
    const reverse = key.startsWith('_revinclude');
    (reverse ? request.revinclude : request.include).push(parseInclude(request.type, key, value, reverse));
    request.query.push([key, value]);
  } else if (key === '_summary') {
    if (!SUMMARIES.includes(value as Summary)) throw invalid(`_summary must be one of ${SUMMARIES.join(', ')}`, key);
    request.summary = value as Summary;
    request.query.push([key, value]);
  } else if (key === '_elements') {
    request.elements = parseElements(request.type, value);
    request.query.push([key, value]);
  } else if (key === '_count') request.count = Math.min(nonNegative(key, value), MAX_COUNT);
  else if (key === '_offset') request.offset = pageOffset(key, value);
  else if (key === '_total') {
    if (!['none', 'estimate', 'accurate'].includes(value)) throw invalid(`_total must be none, estimate or accurate`, key);
    request.total = value !== 'none';
    request.query.push([key, value]);
  } else {
    request.sort = value.split(',').map((item) => {
      const descending = item.startsWith('-');
      const name = descending ? item.slice(1) : item;
      const param = known.get(name);
      const column = name === '_lastUpdated' ? 'last_updated' : name === '_id' ? 'id' : param?.target === 'date' ? 'date_start' : undefined;
      if (!column) throw invalid(`Cannot sort ${request.type} by "${name}": sort by _lastUpdated, _id${dateNames(request.type)}`, '_sort');
      return { column, descending, name: item } as const;
    });
    request.query.push([key, value]);
  }
}

const dateNames = (type: StoredType) => TYPES[type].date?.params.map((p) => `, ${p}`).join('') ?? '';
const orValues = (value: string) => value.split(',').map((v) => v.trim()).filter(Boolean);

function modifiedFilter(param: SearchParam, modifier: string, value: string, key: string): Filter {
  if (modifier !== 'missing' || param.target === 'id' || param.type === 'date') {
    throw notSupported(`Modifier :${modifier} is not supported on ${param.name}`, key);
  }
  if (value !== 'true' && value !== 'false') throw invalid(`${key} must be true or false`, key);
  const missing = value === 'true';
  if (param.target === 'patient' || param.target === 'encounter') {
    return { kind: 'columnMissing', column: param.target === 'patient' ? 'patient_id' : 'encounter_id', missing };
  }
  return { kind: 'tokenMissing', key: tokenKeys.present(param.name), missing };
}

function filterOf(param: SearchParam, value: string): Filter {
  switch (param.target) {
    case 'id':
      return { kind: 'id', ids: orValues(value) };
    case 'patient':
    case 'encounter':
      return { kind: 'column', column: param.target === 'patient' ? 'patient_id' : 'encounter_id', values: orValues(value).flatMap((v) => referenceIds(param, v)) };
    case 'date':
    case 'lastUpdated':
      return { kind: 'date', target: param.target, any: orValues(value).map((v) => dateValue(param.name, v)) };
    case 'tokens':
      return { kind: 'tokens', keys: orValues(value).map((v) => tokenKey(param, v)) };
  }
}

/** `Patient/1`, `1` or an absolute URL; a reference to another type matches nothing. */
function referenceIds(param: SearchParam, value: string): string[] {
  if (isValidId(value)) return [value];
  const ref = parseReference(value);
  if (!ref) throw invalid(`"${value}" is not a reference for ${param.name}`, param.name);
  return ref.type === param.referenceType ? [ref.id] : [];
}

function tokenKey(param: SearchParam, value: string): string {
  if (param.type === 'reference') {
    const ref = isValidId(value) && param.referenceType ? { type: param.referenceType, id: value } : parseReference(value);
    if (!ref) throw invalid(`"${value}" is not a reference for ${param.name}`, param.name);
    return tokenKeys.exact(param.name, undefined, `${ref.type}/${ref.id}`);
  }
  if (param.type === 'uri' || !value.includes('|')) return tokenKeys.exact(param.name, undefined, value);
  const bar = value.indexOf('|');
  const system = value.slice(0, bar);
  const code = value.slice(bar + 1);
  if (code === '') return tokenKeys.systemOnly(param.name, system);
  return tokenKeys.exact(param.name, system, code);
}

const PREFIXED = /^(eq|ne|gt|ge|lt|le|sa|eb|ap)?(.*)$/;

function dateValue(name: string, value: string): { prefix: DatePrefix; range: DateRange } {
  const [, prefix = 'eq', rest] = PREFIXED.exec(value)!;
  if (prefix === 'sa' || prefix === 'eb' || prefix === 'ap') throw notSupported(`Date prefix ${prefix} is not supported`, name);
  const range = parseDateRange(rest);
  if (!range) throw invalid(`"${value}" is not a date for ${name}: use [prefix]YYYY[-MM[-DD[Thh:mm[:ss][zone]]]]`, name);
  return { prefix: prefix as DatePrefix, range };
}

type Eb = ExpressionBuilder<Database, 'fhir_resource'>;

function dateCondition(eb: Eb, target: 'date' | 'lastUpdated', prefix: DatePrefix, { start, end }: DateRange): Expression<SqlBool> {
  // The resource covers [rs, re) (an instant for _lastUpdated); the search value covers [ps, pe).
  const rs = target === 'date' ? 'date_start' : 'last_updated';
  const re = target === 'date' ? 'date_end' : 'last_updated';
  const ps = start;
  const pe = end;
  const within = target === 'date' ? eb.and([eb(rs, '>=', ps), eb(re, '<=', pe)]) : eb.and([eb(rs, '>=', ps), eb(re, '<', pe)]);
  switch (prefix) {
    case 'eq': return within;
    case 'ne': return eb.not(within);
    case 'gt': return target === 'date' ? eb(re, '>', pe) : eb(re, '>=', pe);
    case 'ge': return target === 'date' ? eb(re, '>', ps) : eb(re, '>=', ps);
    case 'lt': return eb(rs, '<', ps);
    case 'le': return eb(rs, '<', pe);
  }
}

function condition(eb: Eb, filter: Filter): Expression<SqlBool> {
  switch (filter.kind) {
    case 'id':
      return eb('id', 'in', filter.ids);
    case 'column':
      return filter.values.length ? eb(filter.column, 'in', filter.values) : sql<SqlBool>`false`;
    case 'columnMissing':
      return eb(filter.column, filter.missing ? 'is' : 'is not', null);
    case 'tokens':
      return sql<SqlBool>`tokens && ${sql.val(filter.keys)}::text[]`;
    case 'tokenMissing': {
      const has = sql<SqlBool>`tokens @> ${sql.val([filter.key])}::text[]`;
      return filter.missing ? eb.not(has) : has;
    }
    case 'date':
      return eb.or(filter.any.map(({ prefix, range }) => dateCondition(eb, filter.target, prefix, range)));
  }
}

/**
 * The single-valued date filters of a search, narrowed to one range the resource must overlap:
 * `date=ge2024-06-01&date=le2024-06-01` is exactly "overlaps [06-01, 06-02)". Added beside the
 * filters themselves so that the GiST index on the range finds the rows.
 */
function overlapCondition(filters: Filter[]): Expression<SqlBool> | undefined {
  let low: Date | undefined;
  let high: Date | undefined;
  for (const filter of filters) {
    if (filter.kind !== 'date' || filter.target !== 'date' || filter.any.length !== 1) continue;
    const { prefix, range } = filter.any[0];
    const from = prefix === 'ge' || prefix === 'eq' ? range.start : prefix === 'gt' ? range.end : undefined;
    const to = prefix === 'le' || prefix === 'eq' ? range.end : prefix === 'lt' ? range.start : undefined;
    if (from && (!low || from > low)) low = from;
    if (to && (!high || to < high)) high = to;
  }
  // Crossed bounds (ge X and lt X) still match ranges that span X: leave those to the filters alone.
  if ((!low && !high) || (low && high && low >= high)) return undefined;
  return sql<SqlBool>`tstzrange(date_start, date_end) && tstzrange(${low ?? null}::timestamptz, ${high ?? null}::timestamptz)`;
}

/** Where the pages beside a search's page start: absent where there is none (or the page is empty). */
export interface PageLinks {
  next?: PageCursor;
  previous?: PageCursor;
}

export interface SearchResult {
  resources: Resource[];
  total?: number;
  links: PageLinks;
}

export type Scope = { organisationId: number | null } | undefined;

/**
 * The rows an organisation sees: its own and those of no organisation. A search bound to participants
 * or encounters says so in a form no index on the organisation can serve. In the OR form PostgreSQL,
 * taking a participant and an organisation for independent, expected a handful of rows and read a
 * participant's Observations through the organisation's date index, walking every Observation of the
 * site: once statistics exist (autovacuum keeps them), an Observation search cost 1.6 ms of
 * PostgreSQL CPU and a working state 1.3 ms; in this form 0.65 and 0.77 ms.
 */
function scopeCondition(eb: Eb, filters: Filter[], org: number | null): Expression<SqlBool> {
  if (org === null) return eb('organisation_id', 'is', null);
  if (filters.some((f) => f.kind === 'column')) return sql<SqlBool>`coalesce(organisation_id, ${org}) = ${org}`;
  return eb.or([eb('organisation_id', '=', org), eb('organisation_id', 'is', null)]);
}

/** The current rows of the search's type that match its filters and are visible in `scope` (undefined = every row). */
function matching(db: Executor, request: SearchRequest, scope: Scope) {
  // Type and deletion are literals, not parameters: a prepared statement whose type is a parameter
  // gets a generic plan that must suit every type, so PostgreSQL re-plans it at every execution
  // (0.6 ms of the working state's 1.1). With them in the text, its generic plan is as good as a
  // custom one and is reused. The type is one of the stored types, never the caller's text.
  return db.selectFrom('fhir_resource')
    .where('resource_type', '=', sql.lit(request.type))
    .where('deleted', '=', sql.lit(false))
    .where((eb) => {
      const all = request.filters.map((f) => condition(eb, f));
      const overlap = overlapCondition(request.filters);
      if (overlap) all.push(overlap);
      if (scope) all.push(scopeCondition(eb, request.filters, scope.organisationId));
      return eb.and(all);
    });
}

/**
 * At most `max` matches, in no order (a conditional create's look-up). The filters run to the end
 * in a materialised CTE: with LIMIT alone the planner may walk the whole primary key hoping to meet
 * a match early, which took 7 s on a million Observations when none matched.
 */
export async function firstMatches(db: Executor, request: SearchRequest, scope: Scope, max: number): Promise<Resource[]> {
  const rows = await db.with((cte) => cte('matched').materialized(), () => matching(db, request, scope).select('content'))
    .selectFrom('matched').select('content').limit(max).execute();
  return rows.map((r) => r.content as unknown as Resource);
}

/**
 * firstMatches of several searches of one type, each by one token parameter (`identifier=system|value`,
 * comma-separated alternatives allowed), in one statement: a transaction's conditional creates look
 * their matches up together instead of one round trip each. The rows holding any of the keys are read
 * once by the token index, then each search takes those holding one of its own keys.
 */
export async function firstMatchesByTokens(db: Executor, type: StoredType, keyLists: readonly (readonly string[])[], scope: Scope, max: number): Promise<Resource[][]> {
  if (!keyLists.length) return [];
  const all = [...new Set(keyLists.flat())];
  const request: SearchRequest = { type, filters: [], count: max, offset: 0, sort: [], total: false, query: [], ignored: [], include: [], revinclude: [] };
  const numbers = keyLists.flatMap((keys, n) => keys.map(() => n));
  // The keys behind a sub-select, which the planner does not look into: given the hundred keys of a
  // device's Bundle, none of them in the column's statistics, it estimated 40 % of a million
  // Observations and scanned them all (26 s a Bundle) instead of asking the GIN index (50 ms).
  const { rows } = await sql<{ n: number; content: Resource }>`
    with candidates as materialized (${matching(db, request, scope).where(sql<SqlBool>`tokens && (select ${sql.val(all)}::text[])`).select(['id', 'content', 'tokens'])}),
    wanted as (select n, array_agg(key) as keys from unnest(${numbers}::int[], ${keyLists.flat()}::text[]) as w(n, key) group by n)
    select n, content from (
      select w.n, c.content, row_number() over (partition by w.n order by c.id) as rank from wanted w join candidates c on c.tokens && w.keys
    ) as m where rank <= ${max}`.execute(db);
  const lists: Resource[][] = keyLists.map(() => []);
  for (const row of rows) lists[Number(row.n)].push(row.content);
  return lists;
}

/** Where a search's rows come in order: the page order, turned around for a previous page (read backwards, then put right). */
const readOrder = (request: SearchRequest) => pageOrder(request.sort).map(({ column, descending }) =>
  ({ column, descending: request.cursor?.direction === 'before' ? !descending : descending }));

/** The SQL of a timestamp key as the cursor carries it (page-cursor.ts TIMESTAMP_KEY). */
const timestampKey = (ref: string) => sql<string>`to_char(${sql.ref(ref)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The rows that come after the cursor's keys in `order` (PostgreSQL's: ascending puts nulls last,
 * descending first; only date_start may be null). One key, or two in one direction with a first
 * that is not null (the default order, `_sort=x`, `_sort=-x`), is a row comparison an index on
 * (type, x, id) answers by seeking; other orders take the general form, key by key.
 */
function afterKeys(eb: Eb, order: readonly SortKey[], keys: readonly (string | null)[]): Expression<SqlBool> {
  const value = (i: number) => (order[i].column === 'id' ? sql`${keys[i]}` : sql`${keys[i]}::timestamptz`);
  const column = (i: number) => sql.ref(order[i].column);
  const same = order.every((o) => o.descending === order[0].descending);
  if (order.length === 1 || (order.length === 2 && same && keys[0] !== null)) {
    const row = (of: (i: number) => unknown) => sql`(${sql.join(order.map((_, i) => of(i)))})`;
    const beyond = sql<SqlBool>`${row(column)} ${sql.raw(order[0].descending ? '<' : '>')} ${row(value)}`;
    // Ascending, the rows without a date come after every dated one.
    return order[0].column === 'date_start' && !order[0].descending ? eb.or([beyond, eb('date_start', 'is', null)]) : beyond;
  }
  const equal = (i: number) => (keys[i] === null ? eb(order[i].column, 'is', null) : sql<SqlBool>`${column(i)} = ${value(i)}`);
  const greater = (i: number): Expression<SqlBool> => {
    if (order[i].descending) return keys[i] === null ? eb(order[i].column, 'is not', null) : sql<SqlBool>`${column(i)} < ${value(i)}`;
    if (keys[i] === null) return sql<SqlBool>`false`;
    return order[i].column === 'date_start' ? eb.or([sql<SqlBool>`${column(i)} > ${value(i)}`, eb('date_start', 'is', null)]) : sql<SqlBool>`${column(i)} > ${value(i)}`;
  };
  return eb.or(order.map((_, i) => eb.and([...order.slice(0, i).map((__, j) => equal(j)), greater(i)])));
}

/** A search's rows in page order from its cursor or offset on, at most `limit` of them (with their sort columns). */
function orderedPage<C extends 'resource_type' | 'id' | 'patient_id' | 'content' | 'version_id' | 'last_updated' | 'date_start'>(
  db: Executor, request: SearchRequest, scope: Scope, columns: readonly C[], limit: Expression<number> | number) {
  const order = readOrder(request);
  const { cursor } = request;
  let page = matching(db, request, scope).select(columns);
  if (cursor) page = page.where((eb) => afterKeys(eb, order, cursor.keys));
  for (const { column, descending } of order) page = page.orderBy(column, descending ? 'desc' : 'asc');
  return page.limit(limit).offset(request.offset);
}

/**
 * The statement of a search's page over the rows visible in `scope`: each match's content as the
 * database gives it, parsed or (asText) as its JSON text, and its page keys; with `withTotal`, the
 * number of matches too. It reads one row more than the page, which tells whether another follows.
 */
export function pageStatement(db: Executor, request: SearchRequest, scope: Scope, asText: boolean, withTotal: boolean) {
  const page = orderedPage(db, request, scope, ['resource_type', 'id', 'patient_id', 'content', 'last_updated', 'date_start'], sql<number>`${request.count} + 1`);
  // The text is made once the page is chosen: a cast in the page's own select list ran for every
  // match, before the sort and the limit (PostgreSQL CPU +40 % on a participant's Observations).
  let rowsQuery = db.selectFrom(page.as('m')).select(['m.resource_type', 'm.id', 'm.patient_id', (asText ? sql<unknown>`m.content::text` : sql<unknown>`m.content`).as('content'),
    ...[...new Set(pageOrder(request.sort).map((o) => o.column))].filter((c) => c !== 'id').map((c) => timestampKey(`m.${c}`).as(`key_${c}`))]);
  // In page order whichever way it was read.
  for (const { column, descending } of pageOrder(request.sort)) rowsQuery = rowsQuery.orderBy(`m.${column}`, descending ? 'desc' : 'asc');
  // The total rides on the page's rows as an uncorrelated subquery (computed once, and only when a
  // row comes back): one round trip instead of two for the usual full page.
  return withTotal ? rowsQuery.select(countStatement(db, request, scope).as('total')) : rowsQuery;
}

const countStatement = (db: Executor, request: SearchRequest, scope: Scope) =>
  matching(db, request, scope).select((eb) => eb.fn.countAll<number>().as('n'));

// Compiled once per shape (searchTemplate): building a FHIR search's statement with Kysely was about
// a third of an Observation search's server CPU (its main thread went from 0.80 to 0.55 ms), though
// from one participant's Observations to the next only the values change.
const pageStatements = new StatementTemplates<undefined>(512);

/** pageStatement, compiled: from its template when the search has one. */
export function compiledPageStatement(db: Executor, request: SearchRequest, scope: Scope, asText: boolean, withTotal: boolean) {
  const template = searchTemplate(request, scope);
  if (!template) return pageStatement(db, request, scope, asText, withTotal).compile();
  return pageStatements.get(JSON.stringify([template.shape, asText, withTotal]), template.values, (values) => {
    const rebuilt = template.rebuild(values);
    return { compiled: pageStatement(db, rebuilt.request, rebuilt.scope, asText, withTotal).compile(), read: undefined };
  }).query;
}

type PageRow = { resource_type: string; id: string; patient_id: string | null; content: unknown; total?: number | string } & Partial<Record<`key_${SortKey['column']}`, string | null>>;

/** A parsed search's page over the rows visible in `scope` (undefined = every row), as pageStatement gives it, and the cursors of its neighbours. */
async function searchPage(db: Executor, request: SearchRequest, scope: Scope, asText: boolean) {
  const wantRows = request.count > 0;
  const wantTotal = request.total || !wantRows;
  const read = !wantRows ? [] : (await db.executeQuery(compiledPageStatement(db, request, scope, asText, wantTotal))).rows as PageRow[];
  // The row past the page: the first one, for a page read backwards.
  const backwards = request.cursor?.direction === 'before';
  const beyond = read.length > request.count;
  const rows = !beyond ? read : backwards ? read.slice(1) : read.slice(0, -1);
  const first = !request.cursor && request.offset === 0;
  // A first page with nothing beyond already tells the total.
  const total = !wantTotal ? undefined
    : wantRows && first && !beyond ? rows.length
      : rows.length ? Number(rows[0].total)
        : Number((await countStatement(db, request, scope).executeTakeFirstOrThrow()).n);
  const keysOf = (row: PageRow) => pageOrder(request.sort).map(({ column }) => (column === 'id' ? row.id : row[`key_${column}`] ?? null));
  const links: PageLinks = {
    ...(rows.length && (backwards || beyond) && { next: { direction: 'after', keys: keysOf(rows.at(-1)!) } }),
    ...(rows.length && (backwards ? beyond : !first) && { previous: { direction: 'before', keys: keysOf(rows[0]) } }),
  };
  return { rows, total, links };
}

/** Runs a parsed search over the rows visible in `scope` (undefined = every row). */
export async function runSearch(db: Executor, request: SearchRequest, scope: Scope): Promise<SearchResult> {
  const { rows, total, links } = await searchPage(db, request, scope, false);
  return { resources: rows.map((r) => r.content as Resource), ...(total !== undefined && { total }), links };
}

/** A search's page as the matches' stored JSON text, for an answer that passes them on unread. */
export interface SearchJson {
  /** participantId: whom the match is about (the Patient itself, or the one it names), for the read audit. */
  matches: { type: string; id: string; json: string; participantId: string | null }[];
  total?: number;
  links: PageLinks;
}

/**
 * runSearch without parsing: the REST search answer only passes the resources on, and parsing each
 * one to write it again was a fifth of that answer's server CPU. The text is the database's own
 * output of the stored jsonb (the key order a parse would give, and decimals exactly as stored).
 */
export async function runSearchJson(db: Executor, request: SearchRequest, scope: Scope): Promise<SearchJson> {
  const { rows, total, links } = await searchPage(db, request, scope, true);
  return { matches: rows.map((r) => ({ type: r.resource_type, id: r.id, json: r.content as string, participantId: r.patient_id })), ...(total !== undefined && { total }), links };
}

/**
 * The matching resources of several searches in one statement (one round trip instead of one per
 * search), each list as runSearch's page would give it: same filters, scope, order, count and
 * offset; no totals. Each search's page is aggregated into one text of its versions, in its own order.
 */
export async function runSearches(db: Executor, requests: readonly SearchRequest[], scope: Scope): Promise<Resource[][]> {
  if (!requests.length) return [];
  const { query, read } = searchesAlongside(db, requests, scope, {});
  return (await read(db, (await query.execute(db)).rows[0])).lists;
}

/**
 * runSearches, with other values read in the same statement: each of `alongside` is a subquery
 * yielding one json value (or null), the caller's to scope. A read that needs FHIR lists and a few
 * relational rows then costs one round trip (two when a version is new to this process). Gives the
 * statement, built and not run, and how to read its one row (with the same executor), so that a
 * caller may compile it once (db/statement-templates.ts).
 */
export function searchesAlongside<K extends string>(db: Executor, requests: readonly SearchRequest[], scope: Scope, alongside: Record<K, Expression<unknown>>) {
  const lists = requests.map((request, i) => {
    const page = orderedPage(db, request, scope, ['resource_type', 'id', 'version_id', 'last_updated', 'date_start'], request.count);
    const order = pageOrder(request.sort).map(({ column, descending }) => sql`${sql.ref(`s.${column}`)} ${sql.raw(descending ? 'desc' : 'asc')}`);
    // The versions' keys only: their JSON comes from the versions this process keeps (parsed-versions.ts).
    return sql`(select string_agg(${versionKey('s')}, ${VERSION_END} order by ${sql.join(order)}) from (${page}) as s) as ${sql.ref(`r${i}`)}`;
  });
  const names = Object.keys(alongside) as K[];
  const others = names.map((name, i) => sql`(${alongside[name]}) as ${sql.ref(`a${i}`)}`);
  const query = sql<Record<string, unknown>>`select ${sql.join([...lists, ...others])}`;
  const read = async (executor: Executor, row: Record<string, unknown>) => {
    // PGlite and pg both parse json; a string would mean a driver that did not.
    const value = (column: string) => {
      const v = row[column];
      return typeof v === 'string' ? JSON.parse(v) as unknown : v;
    };
    const keys = requests.map((_, i) => versionKeys(row[`r${i}`]));
    const resources = await resourcesOfVersions(executor, keys.flat());
    return {
      // Shared and frozen: a caller that changes a resource copies it first.
      lists: keys.map((list) => list.flatMap((key) => resources.get(key) ?? [])),
      alongside: Object.fromEntries(names.map((name, i) => [name, value(`a${i}`)])) as Record<K, unknown>,
    };
  };
  return { query, read };
}
