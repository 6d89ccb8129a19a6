import { sql, type RawBuilder } from 'kysely';
import type { Resource } from '@medplum/fhirtypes';
import { extractIndex, type StoredType } from '../fhir/resource-types.ts';
import type { IndexedWrite } from './dimensions-index.ts';

/**
 * Keeps stat_resource_count (migration 016): each participant's live resources per type. A write
 * takes its previous version off the count of the patient it belonged to and adds the new one, with
 * the same patient reference the FHIR store indexes, so the counts equal a count of fhir_resource.
 * The statement, not run (none when the counts do not change): the caller runs it with others.
 */
export function resourceCountChanges(writes: readonly IndexedWrite[]): RawBuilder<unknown>[] {
  const delta = new Map<string, { patient: string; type: string; n: number }>();
  const add = (type: StoredType, resource: Resource | null | undefined, n: number) => {
    const patient = resource ? extractIndex(type, resource).patientId : null;
    if (!patient) return;
    const key = `${patient}\u0000${type}`;
    const entry = delta.get(key) ?? { patient, type, n: 0 };
    entry.n += n;
    delta.set(key, entry);
  };
  for (const w of writes) {
    add(w.type, w.before, -1);
    add(w.type, w.resource, 1);
  }
  // One order for every transaction, so two writers of the same participants cannot deadlock on the rows.
  const rows = [...delta.entries()].filter(([, e]) => e.n !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, e]) => e);
  if (!rows.length) return [];
  return [sql`insert into stat_resource_count (patient_id, resource_type, n)
    select * from unnest(${sql.val(rows.map((r) => r.patient))}::text[], ${sql.val(rows.map((r) => r.type))}::text[], ${sql.val(rows.map((r) => r.n))}::int[])
    on conflict (patient_id, resource_type) do update set n = stat_resource_count.n + excluded.n`];
}
