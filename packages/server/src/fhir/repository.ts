import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { Resource } from '@medplum/fhirtypes';
import type { Database } from '../db/types.ts';
import type { KeyColumn, PageCursor } from './page-cursor.ts';
import { isUuid } from './references.ts';
import { RESOURCE_TYPES, type SearchIndex } from './resource-types.ts';
import type { HistoryMethod } from './tables.ts';

/** SQL of the FHIR store: current versions in fhir_resource, every version in fhir_history. */
export type Executor = Kysely<Database> | Transaction<Database>;

export interface StoredVersion {
  type: string;
  id: string;
  versionId: number;
  lastUpdated: string;
  deleted: boolean;
  organisationId: number | null;
  /** The resource with its meta; null for a deletion. */
  content: Resource | null;
  /** Search values; null for a deletion. */
  index: SearchIndex | null;
}

export interface CurrentRow {
  version_id: number;
  organisation_id: number | null;
  /** The participant the resource is about (a Patient's own id; null on resources about no one). */
  patient_id: string | null;
  deleted: boolean;
  content: Resource | null;
}

export async function readCurrent(db: Executor, type: string, id: string): Promise<CurrentRow | undefined> {
  return db.selectFrom('fhir_resource')
    .select(['version_id', 'organisation_id', 'patient_id', 'deleted', 'content'])
    .where('resource_type', '=', type).where('id', '=', id)
    .executeTakeFirst() as Promise<CurrentRow | undefined>;
}

export interface HistoryRow {
  resource_type: string;
  id: string;
  version_id: number;
  last_updated: Date;
  deleted: boolean;
  organisation_id: number | null;
  content: Resource | null;
  method: HistoryMethod | null;
}

export async function readVersion(db: Executor, type: string, id: string, versionId: number): Promise<HistoryRow | undefined> {
  return db.selectFrom('fhir_history').selectAll()
    .where('resource_type', '=', type).where('id', '=', id).where('version_id', '=', versionId)
    .executeTakeFirst() as Promise<HistoryRow | undefined>;
}

export interface HistoryQuery {
  type: string;
  id?: string;
  /** Organisation seen besides shared rows; undefined = all. */
  scope?: { organisationId: number | null };
  since?: Date;
  count: number;
  offset: number;
  /** `_cursor`: the page starts right after (or ends right before) the version these keys name (HISTORY_ORDER). */
  cursor?: PageCursor;
}

/**
 * A history's order: newest first; versions of one instant by resource id, then a resource's newest
 * first (a transaction may write several at once). Its keys are what a history's page cursor carries.
 */
export const HISTORY_ORDER = [
  { column: 'last_updated', descending: true }, { column: 'id', descending: false }, { column: 'version_id', descending: true },
] as const satisfies readonly { column: KeyColumn; descending: boolean }[];

/** A history version with its page keys (HISTORY_ORDER's, as a cursor carries them). */
export interface HistoryPageRow extends HistoryRow { keys: string[] }

/**
 * The versions that come after a cursor's keys in HISTORY_ORDER (`backwards`: before them). The
 * first key's bound, said alone too, is what the index by type and update seeks to, at any depth.
 */
function beyondKeys([updated, id, version]: readonly (string | null)[], backwards: boolean) {
  const at = sql`${updated}::timestamptz`;
  const [bound, later, greater, older] = backwards ? ['>=', '>', '<', '>'] : ['<=', '<', '>', '<'];
  return sql<SqlBool>`last_updated ${sql.raw(bound)} ${at} and (last_updated ${sql.raw(later)} ${at}
    or (last_updated = ${at} and (id ${sql.raw(greater)} ${id} or (id = ${id} and version_id ${sql.raw(older)} ${Number(version)}))))`;
}

/**
 * A page of versions in HISTORY_ORDER from the cursor or offset on, whether more follow it in the
 * direction read, and how many versions the history holds. A previous page (cursor `before`) is
 * read backwards and put right.
 */
export async function readHistory(db: Executor, q: HistoryQuery): Promise<{ rows: HistoryPageRow[]; total: number; beyond: boolean }> {
  let query = db.selectFrom('fhir_history').where('resource_type', '=', q.type);
  if (q.id !== undefined) query = query.where('id', '=', q.id);
  if (q.since) query = query.where('last_updated', '>=', q.since);
  if (q.scope) {
    const org = q.scope.organisationId;
    query = query.where((eb) => eb.or([eb('organisation_id', 'is', null), ...(org === null ? [] : [eb('organisation_id', '=', org)])]));
  }
  const { cursor } = q;
  const backwards = cursor?.direction === 'before';
  let page = query.selectAll().select(sql<string>`to_char(last_updated at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('key_last_updated'));
  if (cursor) page = page.where(beyondKeys(cursor.keys, backwards));
  for (const { column, descending } of HISTORY_ORDER) page = page.orderBy(column, descending !== backwards ? 'desc' : 'asc');
  const [read, count] = await Promise.all([
    // One row more than the page: whether another follows.
    page.limit(q.count + 1).offset(q.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const beyond = read.length > q.count;
  const rows = read.slice(0, q.count).map(({ key_last_updated, ...row }) => ({ ...row, keys: [key_last_updated, row.id, String(row.version_id)] }) as HistoryPageRow);
  return { rows: backwards ? rows.reverse() : rows, total: Number(count.n), beyond };
}

/** The participant each of `ids` (resources of one type, in order, repeats allowed) is about, for the read audit of a type's history. */
export async function participantsOf(db: Executor, type: string, ids: readonly string[]): Promise<(string | null)[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('fhir_resource').select(['id', 'patient_id']).where('resource_type', '=', type).where('id', 'in', [...new Set(ids)]).execute();
  const about = new Map(rows.map((r) => [r.id, r.patient_id]));
  return ids.map((id) => about.get(id) ?? null);
}

/** Organisation and state of the given Patients. */
/** What a write needs of a stored Patient: the organisation its resources belong to, and whether it is deleted. */
export interface PatientOrganisation { organisationId: number | null; deleted: boolean }

export async function patientOrganisations(db: Executor, ids: readonly string[]): Promise<Map<string, PatientOrganisation>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('fhir_resource').select(['id', 'organisation_id', 'deleted'])
    .where('resource_type', '=', 'Patient').where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, { organisationId: r.organisation_id, deleted: r.deleted }]));
}

/** A version's fhir_resource row, `content` as given (insertCreated nests the resource, a single write sends its text). */
const rowOf = <C>(v: StoredVersion, content: C) => ({
  resource_type: v.type,
  id: v.id,
  version_id: v.versionId,
  last_updated: v.lastUpdated,
  deleted: v.deleted,
  organisation_id: v.organisationId,
  content,
  patient_id: v.index?.patientId ?? null,
  encounter_id: v.index?.encounterId ?? null,
  date_start: v.index?.date?.start.toISOString() ?? null,
  date_end: v.index?.date?.end.toISOString() ?? null,
  tokens: v.index?.tokens ?? [],
});
const currentRow = (v: StoredVersion) => rowOf(v, v.content ? JSON.stringify(v.content) : null);

/** The columns fhir_history shares with fhir_resource. */
const HISTORY_COLUMNS = ['resource_type', 'id', 'version_id', 'last_updated', 'deleted', 'organisation_id', 'content'] as const;

/** fhir_resource's columns, as jsonb_to_recordset reads a row of insertCreated's parameter. */
const CREATED_RECORD = sql.raw(`r(resource_type text, id text, version_id int, last_updated timestamptz, deleted boolean, organisation_id int, content jsonb,
  patient_id text, encounter_id text, date_start timestamptz, date_end timestamptz, tokens text[])`);

/**
 * Inserts new resources (version 1), current and history rows, one statement per 2 000 resources:
 * the rows travel as one JSON array (one parameter, the resources nested in it as they are,
 * not as escaped text), and the history rows are copied from the inserted current rows, so each
 * resource's JSON is serialised, sent and parsed once. The statement's text does not depend on the
 * number of rows, so the connection prepares it once (db/prepared.ts).
 */
export async function insertCreated(db: Executor, versions: readonly StoredVersion[]): Promise<void> {
  for (let i = 0; i < versions.length; i += CHUNK) await insertChunk(db, versions.slice(i, i + CHUNK));
}

/** Resources per statement: an import or a seed of a million does not build one text of a gigabyte. */
const CHUNK = 2000;

async function insertChunk(db: Executor, versions: readonly StoredVersion[]) {
  const rows = JSON.stringify(versions.map((v) => rowOf(v, v.content)));
  await sql`with created as (
      insert into fhir_resource (resource_type, id, version_id, last_updated, deleted, organisation_id, content, patient_id, encounter_id, date_start, date_end, tokens)
      select * from jsonb_to_recordset(${rows}::jsonb) as ${CREATED_RECORD}
      returning ${sql.join(HISTORY_COLUMNS.map((c) => sql.ref(c)))})
    insert into fhir_history (${sql.join(HISTORY_COLUMNS.map((c) => sql.ref(c)))}, method)
    select ${sql.join(HISTORY_COLUMNS.map((c) => sql.ref(c)))}, ${sql.lit<HistoryMethod>('POST')} from created`.execute(db);
}

/**
 * Replaces the current version only if it is still `expectedVersion` (a conditional UPDATE, so two
 * writers holding the same version cannot both succeed) and appends the history row, recording the
 * interaction `method`, in one statement. False when another write came first.
 */
export async function replaceCurrent(db: Executor, version: StoredVersion, expectedVersion: number, method: Exclude<HistoryMethod, 'POST'>): Promise<boolean> {
  const { resource_type, id, ...changes } = currentRow(version);
  const result = await db.with('replaced', (w) => w.updateTable('fhir_resource').set(changes)
    .where('resource_type', '=', resource_type).where('id', '=', id).where('version_id', '=', expectedVersion)
    .returning(HISTORY_COLUMNS))
    .insertInto('fhir_history').columns([...HISTORY_COLUMNS, 'method'])
    .expression((eb) => eb.selectFrom('replaced').select([...HISTORY_COLUMNS, sql.lit(method).as('method')]))
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows) === 1;
}

/**
 * The study's records keyed by uuid, which the app and the audit trail name by id: a FHIR resource
 * created with a client's id must not take one of theirs. A test keeps the list complete.
 */
export const UUID_KEYED_TABLES = [
  'app_user', 'approval_task', 'participant', 'device', 'identity', 'recruitment_decision', 'participant_notification',
  'notebook', 'analytic', 'analytic_run', 'intervention_rule', 'intervention_firing', 'intervention_delivery',
  'dataset_export', 'bulk_export_job',
] as const;

/** Whether `id` already names a FHIR resource of another type (deleted or not), an integration client or a record of UUID_KEYED_TABLES. */
export async function idNamesAnotherRecord(db: Executor, type: string, id: string): Promise<boolean> {
  const otherTypes = RESOURCE_TYPES.filter((t) => t !== type);
  const checks = [
    // Probes the primary key once per type.
    sql`exists (select 1 from fhir_resource where resource_type = any(${otherTypes}::text[]) and id = ${id})`,
    sql`exists (select 1 from oidc_client where client_id = ${id})`,
    ...(isUuid(id) ? UUID_KEYED_TABLES.map((table) => sql`exists (select 1 from ${sql.table(table)} where id = ${id}::uuid)`) : []),
  ];
  const { rows } = await sql<{ taken: boolean }>`select ${sql.join(checks, sql` or `)} as taken`.execute(db);
  return rows[0]!.taken;
}

/**
 * Transaction-scoped advisory locks on text keys, held until commit or rollback: a check and the
 * insert it allows become one step against a simultaneous request taking the same key. Taken in
 * one statement in the order of their hashes, so two transactions locking overlapping sets cannot
 * each hold a lock the other waits for (PostgreSQL evaluates a volatile output after ORDER BY).
 */
export async function lockKeys(db: Executor, keys: readonly string[]): Promise<void> {
  if (!keys.length) return;
  await sql`select pg_advisory_xact_lock(h) from (select distinct hashtextextended(k, 0) as h from unnest(${[...keys]}::text[]) as k) as keys order by h`.execute(db);
}

/** Lock keys: a client's id for a new resource (whatever its type), and a conditional create's type and search (parameters in order, no leading '?'). */
export const lockKey = {
  id: (id: string) => `fhir-id:${id}`,
  ifNoneExist: (type: string, query: string) => {
    const params = new URLSearchParams(query);
    params.sort();
    return `fhir-if-none-exist:${type}?${params}`;
  },
};

/** Whether the error is PostgreSQL's unique violation (an id or version written twice at once). */
export const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';

export const nowIso = () => new Date().toISOString();
