import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../repository.ts';
import { groupMembers, groupPopulation, parseGroupId } from './groups.ts';
import type { BulkExportJobRow } from './tables.ts';

/** What a job exports: its scope at kick-off, level and `_since`, up to its transaction time. */
export type ExportScope = Pick<BulkExportJobRow, 'organisation_id' | 'organisation' | 'level' | 'group_id' | 'since' | 'transaction_time'>;

/** The participants of the requester's organisation who restricted or objected to processing (GDPR rights 5, 7, 8). */
const excluded = (scope: ExportScope) =>
  sql`select id::text from participant where organisation = ${scope.organisation} and processing_excluded`;

const groupOf = (scope: ExportScope) => {
  const ref = scope.group_id === null ? undefined : parseGroupId(scope.group_id);
  if (!ref) throw new Error(`not a Group: ${scope.group_id}`);
  return ref;
};

/**
 * The rows of `type` a job exports, as a condition on fhir_resource `r`: what the requester sees on
 * /fhir (their organisation's rows and the shared ones, not deleted), changed after `_since` and by
 * the transaction time, never about a participant excluded from processing. A Patient export takes
 * the resources about a participant; a Group export those about its members.
 */
function exported(scope: ExportScope, type: string): RawBuilder<unknown> {
  const visible = scope.organisation_id === null
    ? sql`r.organisation_id is null`
    : sql`(r.organisation_id = ${scope.organisation_id} or r.organisation_id is null)`;
  const since = scope.since ? sql`and r.last_updated > ${scope.since}` : sql``;
  const about = scope.level === 'system'
    ? sql`(r.patient_id is null or r.patient_id not in (${excluded(scope)}))`
    : scope.level === 'patient'
      ? sql`(r.patient_id is not null and r.patient_id not in (${excluded(scope)}))`
      : sql`r.patient_id in (${groupMembers(scope.organisation, groupOf(scope))})`;
  return sql`r.resource_type = ${type} and not r.deleted and ${visible} and r.last_updated <= ${scope.transaction_time} ${since} and ${about}`;
}

/** How many resources of `type` the job exports. */
export async function countExported(db: Executor, scope: ExportScope, type: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from fhir_resource r where ${exported(scope, type)}`.execute(db);
  return rows[0].n;
}

/** How many participants of the scope (in a Group export, of the Group's population) are left out for GDPR. */
export async function countExcluded(db: Executor, scope: ExportScope): Promise<number> {
  const population = scope.level === 'group' ? groupPopulation(scope.organisation, groupOf(scope)) : sql`select id, processing_excluded from participant where organisation = ${scope.organisation}`;
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from (${population}) g where g.processing_excluded`.execute(db);
  return rows[0].n;
}

/**
 * The exported resources of `type` as JSON text, `batch` at a time in id order (keyset paging: each
 * batch is one indexed query, whatever the table's size), so an export never holds a table in memory.
 */
export async function* exportedBatches(db: Executor, scope: ExportScope, type: string, batch: number): AsyncGenerator<string[]> {
  let after: string | null = null;
  for (;;) {
    const from: RawBuilder<unknown> = after === null ? sql`` : sql`and r.id > ${after}`;
    const { rows }: { rows: { id: string; json: string }[] } = await sql<{ id: string; json: string }>`
      select r.id, r.content::text as json from fhir_resource r where ${exported(scope, type)} ${from} order by r.id limit ${batch}`.execute(db);
    if (rows.length === 0) return;
    yield rows.map((r) => r.json);
    if (rows.length < batch) return;
    after = rows[rows.length - 1].id;
  }
}
