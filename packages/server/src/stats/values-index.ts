import { sql } from 'kysely';
import type { Executor } from '../fhir/repository.ts';
import type { FhirWrite } from '../fhir/write-hooks.ts';
import { VALUE_CODES, type ValueName } from './queries.ts';
import { indexDimensions, type IndexedWrite } from './dimensions-index.ts';
import { countResources } from './resource-counts.ts';

/** The first key of the per-participant advisory locks of stat_latest (any number that no other lock space uses). */
export const STAT_LOCK_SPACE = 7_011;

const NAME_OF = new Map(Object.entries(VALUE_CODES).map(([name, [system, code]]) => [`${system}|${code}`, name as ValueName]));

// FHIR JSON read loosely: a charted Observation may come from any client through /fhir.
type Loose = Record<string, any>;
const reference = (value: unknown, type: string) => {
  const ref = (value as Loose | undefined)?.reference;
  return typeof ref === 'string' && ref.startsWith(`${type}/`) ? ref.slice(type.length + 1) : null;
};

// A partial date (2024, 2024-05) orders as its first day.
const fullDate = (value: unknown) => (typeof value !== 'string' ? null : /^\d{4}-\d{2}-\d{2}/.test(value) ? value : /^\d{4}(-\d{2})?$/.test(value) ? `${value}-01-01`.slice(0, 10) : null);

/** The stat_value row of an Observation, or null when its code is not charted. */
export function statValueOf(id: string, organisationId: number | null, resource: Loose) {
  const coding = resource.code?.coding?.[0];
  const name = coding && NAME_OF.get(`${coding.system}|${coding.code}`);
  const patient = reference(resource.subject, 'Patient');
  if (!name || !patient) return null;
  const value = resource.valueQuantity?.value ?? resource.valueInteger;
  return {
    observation_id: id, organisation_id: organisationId, patient_id: patient, encounter_id: reference(resource.encounter, 'Encounter'), name,
    value: typeof value === 'number' ? value : null,
    coded: resource.valueCodeableConcept?.coding?.[0]?.code ?? null,
    band: resource.interpretation?.[0]?.coding?.[0]?.code ?? null,
    effective: fullDate(resource.effectiveDateTime ?? resource.effectiveInstant ?? resource.effectivePeriod?.start),
  };
}

/**
 * Keeps stat_value in step with the Observations written (FHIR write hook, same transaction):
 * a changed or deleted Observation loses its row, a charted one gets its new row.
 */
export const statValuesHook = (db: Executor, _actor: unknown, writes: readonly FhirWrite[]) => indexStatistics(db, writes);

/** Everything the statistics index of these writes: the charted values, the dimensions they are grouped by, the resource counts. */
export async function indexStatistics(db: Executor, writes: readonly IndexedWrite[]) {
  await indexStatValues(db, writes);
  await indexDimensions(db, writes);
  await countResources(db, writes);
}

export async function indexStatValues(db: Executor, writes: readonly IndexedWrite[]) {
  const observations = writes.filter((w) => w.type === 'Observation');
  if (!observations.length) return;
  const removed = await sql<{ patient_id: string; name: string }>`
    delete from stat_value where observation_id = any(${sql.val(observations.map((w) => w.id))}::text[]) returning patient_id, name`.execute(db);
  const rows = observations.flatMap((w) => {
    const row = w.resource && statValueOf(w.id, w.organisationId, w.resource as Loose);
    return row ? [row] : [];
  });
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await sql`insert into stat_value (observation_id, organisation_id, patient_id, encounter_id, name, value, coded, band, effective) values ${sql.join(chunk.map((r) =>
      sql`(${r.observation_id}, ${r.organisation_id}, ${r.patient_id}, ${r.encounter_id}, ${r.name}, ${r.value}, ${r.coded}, ${r.band}, ${r.effective}::timestamptz)`))}`.execute(db);
  }
  // The latest value of every (participant, name) these writes touched, recomputed from stat_value.
  const keys = [...new Map([...removed.rows, ...rows].map((r) => [`${r.patient_id} ${r.name}`, r])).values()];
  if (!keys.length) return;
  // Two transactions writing the same participant's values at once (two saves of one questionnaire)
  // would both delete the old latest row and both insert the new one: a unique violation, a 500.
  // A transaction lock per participant, taken in one order, makes the second wait for the first to
  // commit; its recompute below then sees the first one's rows (each statement takes a new snapshot).
  const lockedPatients = [...new Set(keys.map((k) => k.patient_id))].sort();
  await sql`select pg_advisory_xact_lock(${STAT_LOCK_SPACE}, hashtext(p)) from unnest(${sql.val(lockedPatients)}::text[]) as p`.execute(db);
  const patients = sql.val(keys.map((k) => k.patient_id));
  const names = sql.val(keys.map((k) => k.name));
  await sql`delete from stat_latest l using unnest(${patients}::text[], ${names}::text[]) as k(patient_id, name)
    where l.patient_id = k.patient_id and l.name = k.name`.execute(db);
  await sql`insert into stat_latest
    select distinct on (v.patient_id, v.name) v.patient_id, v.name, v.organisation_id, v.value, v.coded, v.band, v.effective
    from stat_value v join unnest(${patients}::text[], ${names}::text[]) as k(patient_id, name) on v.patient_id = k.patient_id and v.name = k.name
    order by v.patient_id, v.name, v.effective desc nulls last, v.observation_id`.execute(db);
}
