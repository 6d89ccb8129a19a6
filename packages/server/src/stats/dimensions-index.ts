import { sql, type RawBuilder } from 'kysely';
import type { Resource } from '@medplum/fhirtypes';
import { ASSESSMENT_NUMBER_SYSTEM } from '@geria/domain/rules/assessment-encounter.ts';
import { PROFILING_QUESTIONNAIRE } from '@geria/domain/rules/assessment-profiling.ts';
import { CONDITIONS } from '@geria/domain/rules/assessment-conditions.ts';
import type { Executor } from '../fhir/repository.ts';
import type { FhirWrite } from '../fhir/write-hooks.ts';

/**
 * The dimensions the Home charts group by, copied out of the FHIR JSON at write time (migration 015
 * computes the same for the resources stored before it): the assessment number of each charted
 * value's Encounter (stat_value.assessment), each participant's gender, birth year and whether they
 * have a profiling (stat_participant), and their comorbidities (stat_condition). Requests then
 * aggregate narrow rows and read no JSON.
 */
export type IndexedWrite = Pick<FhirWrite, 'type' | 'id' | 'organisationId' | 'resource'> & { before?: Resource | null };

const PROFILING_TOKEN = `questionnaire=${PROFILING_QUESTIONNAIRE}`;
const textArray = (values: Iterable<string>) => sql`${sql.val([...values])}::text[]`;

/** The assessment number of an Encounter's JSON, read as the domain's assessmentNumber() reads it. */
const assessmentNumber = (content: RawBuilder<unknown>) => sql`(select case when c->>'code' ~ '^[0-9]+$' then (c->>'code')::int end
  from jsonb_array_elements(case when jsonb_typeof(${content}->'type') = 'array' then ${content}->'type' else '[]' end) t,
    jsonb_array_elements(case when jsonb_typeof(t->'coding') = 'array' then t->'coding' else '[]' end) c
  where c->>'system' = ${ASSESSMENT_NUMBER_SYSTEM} limit 1)`;

/** stat_value.assessment of a value: the number of its live Encounter (null without one). */
export const encounterAssessmentNumber = (encounterId: RawBuilder<unknown>) =>
  sql`(select ${assessmentNumber(sql`e.content`)} from fhir_resource e where e.resource_type = 'Encounter' and e.id = ${encounterId} and not e.deleted)`;

/** A changed or deleted Encounter renumbers (or clears) its values; new values are numbered as they are inserted (values-index.ts). */
async function indexAssessmentNumbers(db: Executor, writes: readonly IndexedWrite[]) {
  const encounters = writes.filter((w) => w.type === 'Encounter').map((w) => w.id);
  if (!encounters.length) return;
  await sql`update stat_value v set assessment = ${encounterAssessmentNumber(sql`v.encounter_id`)}
    where v.encounter_id = any(${textArray(encounters)})`.execute(db);
}

const subjectPatient = (resource: Resource | null | undefined) => {
  const ref = (resource as { subject?: { reference?: unknown } } | null | undefined)?.subject?.reference;
  return typeof ref === 'string' && ref.startsWith('Patient/') ? ref.slice('Patient/'.length) : null;
};
const isProfiling = (resource: Resource | null | undefined) =>
  String((resource as { questionnaire?: unknown } | null | undefined)?.questionnaire ?? '').split('|')[0] === PROFILING_QUESTIONNAIRE;

/** The participants whose dimensions a write may change: its Patient, or the subject of a profiling or a Condition (before and after). */
function touchedPatients(writes: readonly IndexedWrite[]) {
  const ids = new Set<string>();
  for (const w of writes) {
    if (w.type === 'Patient') ids.add(w.id);
    for (const resource of [w.resource, w.before]) {
      if (w.type === 'Condition' || (w.type === 'QuestionnaireResponse' && isProfiling(resource))) {
        const patient = subjectPatient(resource);
        if (patient) ids.add(patient);
      }
    }
  }
  return ids;
}

/** stat_participant and stat_condition of the given participants, recomputed from their current resources. */
export async function recomputeParticipantDimensions(db: Executor, patients: Iterable<string>) {
  const ids = textArray(patients);
  await sql`delete from stat_participant where patient_id = any(${ids})`.execute(db);
  await sql`insert into stat_participant
    select * from (
      select k.id, p.id is not null as patient, p.content->>'gender' as gender,
        case when p.content->>'birthDate' ~ '^[0-9]{4}' then left(p.content->>'birthDate', 4)::int end as birth_year,
        exists (select 1 from fhir_resource q where q.resource_type = 'QuestionnaireResponse' and q.patient_id = k.id and not q.deleted
          and ${PROFILING_TOKEN} = any(q.tokens)) as profiled
      from unnest(${ids}) as k(id) left join fhir_resource p on p.resource_type = 'Patient' and p.id = k.id and not p.deleted
    ) x where patient or profiled`.execute(db);
  await sql`delete from stat_condition where patient_id = any(${ids})`.execute(db);
  // The conditions answered yes in the latest profiling, and the active Conditions of the study's list (a key once).
  await sql`insert into stat_condition
    with profiled as (
      select distinct on (q.patient_id) q.patient_id as pid, q.content->'item' as item from fhir_resource q
      where q.resource_type = 'QuestionnaireResponse' and not q.deleted and q.patient_id = any(${ids}) and ${PROFILING_TOKEN} = any(q.tokens)
      order by q.patient_id, q.last_updated desc)
    select pid, i->>'linkId' from profiled, jsonb_array_elements(case when jsonb_typeof(item) = 'array' then item else '[]' end) i
    where (i->'answer'->0->>'valueBoolean')::boolean and i->>'linkId' is not null
    union
    select c.patient_id, k.key from fhir_resource c
      join (values ${sql.join(Object.entries(CONDITIONS).map(([key, coding]) => sql`(${coding.system}, ${coding.code}, ${key})`))}) as k(system, code, key)
        on k.system = c.content->'code'->'coding'->0->>'system' and k.code = c.content->'code'->'coding'->0->>'code'
    where c.resource_type = 'Condition' and not c.deleted and c.patient_id = any(${ids})
      and c.content->'clinicalStatus'->'coding'->0->>'code' = 'active'`.execute(db);
}

/** The FHIR write hook's part for the dimensions (same transaction as the writes). */
export async function indexDimensions(db: Executor, writes: readonly IndexedWrite[]) {
  await indexAssessmentNumbers(db, writes);
  const patients = touchedPatients(writes);
  if (patients.size) await recomputeParticipantDimensions(db, patients);
}
