import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../fhir/repository.ts';
import { VALUE_CODES, type ValueName } from './queries.ts';
import { encounterAssessmentNumber, indexDimensions, type IndexedWrite } from './dimensions-index.ts';
import { indexPosture } from './posture-index.ts';
import { resourceCountChanges } from './resource-counts.ts';

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

/**
 * The stat_value row of an Observation, or null when Home does not chart it: its code is not
 * charted, or it is a device's reading (it names a `device`). A smart scale sends BMI with the
 * clinical BMI's code (LOINC 39156-5), but Home's values are what staff recorded in assessments
 * and questionnaires; device readings have their own charts (README, "Home statistics: sources").
 */
export function statValueOf(id: string, organisationId: number | null, resource: Loose) {
  if (resource.device !== undefined) return null;
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
 * Everything the statistics index of these writes: the charted values, the dimensions they are
 * grouped by, the posture hours, the resource counts. A save of a questionnaire (new Observations only) costs two
 * statements: the values with their lock, then stat_latest and the counts together.
 */
export async function indexStatistics(db: Executor, writes: readonly IndexedWrite[]) {
  const keys = await writeStatValues(db, writes);
  await indexDimensions(db, writes);
  await indexPosture(db, writes);
  await together(db, [...refreshLatest(keys), ...resourceCountChanges(writes)]);
}

type Key = { patient_id: string; name: string };

/**
 * Writes stat_value for the Observations written; answers the (participant, name) keys whose latest
 * value may have changed, with their participants locked (see below).
 */
async function writeStatValues(db: Executor, writes: readonly IndexedWrite[]): Promise<Key[]> {
  const observations = writes.filter((w) => w.type === 'Observation');
  if (!observations.length) return [];
  // A created Observation (before null) has no row yet; any other write may have one, under a key it no longer has.
  const replaced = observations.filter((w) => w.before !== null).map((w) => w.id);
  const removed = replaced.length ? (await sql<Key>`
    delete from stat_value where observation_id = any(${sql.val(replaced)}::text[]) returning patient_id, name`.execute(db)).rows : [];
  const rows = observations.flatMap((w) => {
    const row = w.resource && statValueOf(w.id, w.organisationId, w.resource as Loose);
    return row ? [row] : [];
  });
  const keys = [...new Map([...removed, ...rows].map((r) => [`${r.patient_id} ${r.name}`, { patient_id: r.patient_id, name: r.name }])).values()];
  if (!keys.length) return [];
  // Two transactions writing the same participant's values at once (two saves of one questionnaire)
  // would each recompute stat_latest without the other's new value. A transaction lock per
  // participant, taken in one order, makes the second wait for the first to commit; its refresh,
  // a later statement with a new snapshot, then sees the first one's rows.
  const lock = sql`select pg_advisory_xact_lock(${STAT_LOCK_SPACE}, hashtext(p)) from unnest(${sql.val([...new Set(keys.map((k) => k.patient_id))].sort())}::text[]) as p`;
  if (!rows.length) {
    await lock.execute(db);
    return keys;
  }
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    // The first chunk takes the lock (the condition makes the insert wait for it); a value is numbered by its encounter as it goes in.
    await sql`${i === 0 ? sql`with locked as (${lock})` : sql``}
      insert into stat_value (observation_id, organisation_id, patient_id, encounter_id, name, value, coded, band, effective, assessment)
      select v.*, ${encounterAssessmentNumber(sql`v.encounter_id`)} from (values ${sql.join(chunk.map((r) =>
        sql`(${r.observation_id}::text, ${r.organisation_id}::int, ${r.patient_id}::text, ${r.encounter_id}::text, ${r.name}::text, ${r.value}::float8, ${r.coded}::text, ${r.band}::text, ${r.effective}::timestamptz)`))})
        as v(observation_id, organisation_id, patient_id, encounter_id, name, value, coded, band, effective)
      ${i === 0 ? sql`where (select count(*) from locked) > 0` : sql``}
      on conflict (observation_id) do update set organisation_id = excluded.organisation_id, patient_id = excluded.patient_id, encounter_id = excluded.encounter_id,
        name = excluded.name, value = excluded.value, coded = excluded.coded, band = excluded.band, effective = excluded.effective, assessment = excluded.assessment`.execute(db);
  }
  return keys;
}

/** stat_latest of these keys, recomputed from stat_value: the keys left without a value lose their row, the others get their latest. */
function refreshLatest(keys: readonly Key[]): RawBuilder<unknown>[] {
  if (!keys.length) return [];
  const given = sql`unnest(${sql.val(keys.map((k) => k.patient_id))}::text[], ${sql.val(keys.map((k) => k.name))}::text[]) as k(patient_id, name)`;
  // Two disjoint sets of rows, so one statement may do both.
  return [
    sql`delete from stat_latest l using ${given} where l.patient_id = k.patient_id and l.name = k.name
      and not exists (select 1 from stat_value v where v.patient_id = k.patient_id and v.name = k.name)`,
    sql`insert into stat_latest
      select distinct on (v.patient_id, v.name) v.patient_id, v.name, v.organisation_id, v.value, v.coded, v.band, v.effective
      from stat_value v join ${given} on v.patient_id = k.patient_id and v.name = k.name
      order by v.patient_id, v.name, v.effective desc nulls last, v.observation_id
      on conflict (patient_id, name) do update set organisation_id = excluded.organisation_id, value = excluded.value, coded = excluded.coded,
        band = excluded.band, effective = excluded.effective`,
  ];
}

/**
 * Data-modifying statements in one round trip, as the branches of one WITH: they run against one
 * snapshot, so they must not read what another of them writes, nor write the same rows.
 */
async function together(db: Executor, statements: readonly RawBuilder<unknown>[]) {
  if (!statements.length) return;
  await sql`with ${sql.join(statements.map((statement, i) => sql`${sql.raw(`s${i}`)} as (${statement})`))} select 1`.execute(db);
}
