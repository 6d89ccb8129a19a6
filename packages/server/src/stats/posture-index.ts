import { sql } from 'kysely';
import { postureDayOf, postureHours, postureKindOf } from '@geria/domain';
import type { Executor } from '../fhir/repository.ts';
import type { IndexedWrite } from './dimensions-index.ts';

// FHIR JSON read loosely: a posture Observation may come from any client through /fhir.
type Loose = Record<string, any>;

/** The stat_posture row of a posture Observation (migration 100), or null for any other Observation. */
export function postureRowOf(id: string, organisationId: number | null, resource: Loose | null | undefined) {
  const kind = postureKindOf(resource?.code?.coding);
  const ref = resource?.subject?.reference;
  const start = resource?.effectivePeriod?.start;
  if (!kind || typeof ref !== 'string' || !ref.startsWith('Patient/') || typeof start !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(start)) return null;
  return { observation_id: id, organisation_id: organisationId, patient_id: ref.slice('Patient/'.length), day: postureDayOf(start), kind, hours: postureHours(resource?.valueSampledData?.data) };
}

/**
 * Keeps stat_posture in step with the posture Observations written (same transaction): a changed
 * or deleted one loses its row, a posture one gets its row. Writes of other resources cost nothing.
 */
export async function indexPosture(db: Executor, writes: readonly IndexedWrite[]) {
  const observations = writes.filter((w) => w.type === 'Observation');
  // A created Observation has no row yet; an earlier state not given may have been a posture one.
  const replaced = observations.filter((w) => w.before !== null && (w.before === undefined || postureKindOf((w.before as Loose).code?.coding))).map((w) => w.id);
  const rows = observations.flatMap((w) => {
    const row = postureRowOf(w.id, w.organisationId, w.resource as Loose | null);
    return row ? [row] : [];
  });
  if (replaced.length) await sql`delete from stat_posture where observation_id = any(${sql.val(replaced)}::text[])`.execute(db);
  if (!rows.length) return;
  await sql`insert into stat_posture (observation_id, organisation_id, patient_id, day, kind, hours)
    values ${sql.join(rows.map((r) => sql`(${r.observation_id}, ${r.organisation_id}::int, ${r.patient_id}, ${r.day}::date, ${r.kind}, ${r.hours}::float8)`))}
    on conflict (observation_id) do update set organisation_id = excluded.organisation_id, patient_id = excluded.patient_id,
      day = excluded.day, kind = excluded.kind, hours = excluded.hours`.execute(db);
}
