import { sql, type RawBuilder } from 'kysely';
import type { Resource } from '@medplum/fhirtypes';
import { extractIndex, type StoredType } from '../fhir/resource-types.ts';
import type { IndexedWrite } from './dimensions-index.ts';

/** Per participant and key, what the writes add (+1 for a resource now, -1 for its previous version). */
function deltas(writes: readonly IndexedWrite[], keyOf: (type: StoredType, resource: Resource) => string | null) {
  const delta = new Map<string, { patient: string; key: string; n: number }>();
  const add = (type: StoredType, resource: Resource | null | undefined, n: number) => {
    // The key first: most writes have none for a count, and their index is not worth extracting.
    const key = resource && keyOf(type, resource);
    const patient = key ? extractIndex(type, resource!).patientId : null;
    if (!patient || !key) return;
    const id = `${patient}\u0000${key}`;
    const entry = delta.get(id) ?? { patient, key, n: 0 };
    entry.n += n;
    delta.set(id, entry);
  };
  for (const w of writes) {
    add(w.type, w.before, -1);
    add(w.type, w.resource, 1);
  }
  // One order for every transaction, so two writers of the same participants cannot deadlock on the rows.
  return [...delta.entries()].filter(([, e]) => e.n !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, e]) => e);
}

/** The upsert adding the deltas to a count table keyed by (patient_id, `column`); none when nothing changes. */
function upsert(table: string, column: string, rows: ReturnType<typeof deltas>): RawBuilder<unknown>[] {
  if (!rows.length) return [];
  return [sql`insert into ${sql.table(table)} (patient_id, ${sql.ref(column)}, n)
    select * from unnest(${sql.val(rows.map((r) => r.patient))}::text[], ${sql.val(rows.map((r) => r.key))}::text[], ${sql.val(rows.map((r) => r.n))}::int[])
    on conflict (patient_id, ${sql.ref(column)}) do update set n = ${sql.table(table)}.n + excluded.n`];
}

/** The questionnaire a response answers: its canonical URL without the version (as Home groups them). */
export function questionnaireOf(resource: Resource): string | null {
  const url = (resource as { questionnaire?: unknown }).questionnaire;
  return typeof url === 'string' && url ? url.split('|')[0]! : null;
}

/**
 * Keeps stat_resource_count (migration 016), each participant's live resources per type, and
 * stat_questionnaire_count (migration 125), their live responses per questionnaire. A write takes
 * its previous version off the count of the patient it belonged to and adds the new one, with the
 * same patient reference the FHIR store indexes, so the counts equal a count of fhir_resource.
 * The statements, not run (none when the counts do not change): the caller runs them with others.
 */
export function resourceCountChanges(writes: readonly IndexedWrite[]): RawBuilder<unknown>[] {
  return [
    ...upsert('stat_resource_count', 'resource_type', deltas(writes, (type) => type)),
    ...upsert('stat_questionnaire_count', 'questionnaire', deltas(writes, (type, r) => (type === 'QuestionnaireResponse' ? questionnaireOf(r) : null))),
  ];
}
