import { sql } from 'kysely';
import type { DatasetParams, EncounterFacts, ParticipantFacts } from '@geria/domain/exports/index.ts';
import { dateWanted, encounterWanted } from '@geria/domain/exports/index.ts';
import { assessmentNumberOf } from '@geria/domain/rules/assessment-encounter.ts';
import { PROFILING_QUESTIONNAIRE, profilingFromResponseItems } from '@geria/domain/rules/assessment-profiling.ts';
import type { FhirObservation } from '@geria/domain/rules/observation-builder.ts';
import type { ResponseItem } from '@geria/domain/rules/questionnaire-response.ts';
import { recruitmentStatusCode, recruitmentStatusFromCode } from '@geria/domain/rules/recruitment-status.ts';
import type { Db } from '../db/connection.ts';

/**
 * The database reads of a dataset export. Participants are read in batches in id order (keyset
 * paging), each batch with its Patients, assessments, their Observations and QuestionnaireResponses,
 * so memory holds one batch, whatever the size of the study.
 */
export interface Scope { organisation: string; params: DatasetParams }

const inScope = (db: Db, { organisation, params }: Scope) => db.kysely.selectFrom('participant as p')
  .where('p.organisation', '=', organisation)
  .$if(params.pilots.length > 0, (q) => q.where('p.pilot', 'in', params.pilots))
  .$if(params.recruitment.length > 0, (q) => q.where('p.recruitment', 'in', params.recruitment.map(recruitmentStatusCode)));

/** Participants of the scope, and those of them left out for their processing rights (GDPR restriction or objection). */
export async function countScope(db: Db, scope: Scope): Promise<{ participants: number; excluded: number }> {
  const row = await inScope(db, scope)
    .select([sql<string>`count(*) filter (where not p.processing_excluded)`.as('participants'), sql<string>`count(*) filter (where p.processing_excluded)`.as('excluded')])
    .executeTakeFirstOrThrow();
  return { participants: Number(row.participants), excluded: Number(row.excluded) };
}

type EncounterContent = Parameters<typeof assessmentNumberOf>[0] & { period?: { start?: string } };
const wantedAssessment = (content: EncounterContent, params: DatasetParams) => {
  const number = assessmentNumberOf(content);
  const date = content.period?.start ?? null;
  return number !== null && encounterWanted(number, params.encounters) && dateWanted(date, params) ? { number, date } : null;
};

const encountersOf = (db: Db, ids: readonly string[] | null, scope: Scope) => db.kysely.selectFrom('fhir_resource as e')
  .select(['e.id', 'e.patient_id', 'e.content'])
  .where('e.resource_type', '=', 'Encounter').where('e.deleted', '=', false)
  .$if(ids !== null, (q) => q.where('e.patient_id', 'in', ids!))
  .$if(ids === null, (q) => q.where(({ exists }) => exists(inScope(db, scope).select(sql`1`.as('one'))
    .where('p.processing_excluded', '=', false).where(sql<boolean>`p.id::text = e.patient_id`))));

/**
 * The assessment numbers the dataset has columns for (wide layout): those recorded in the scope, as
 * the parameters keep them. SQL gives each distinct number and day; the domain's rule chooses.
 */
export async function encounterNumbers(db: Db, scope: Scope): Promise<number[]> {
  const rows = await encountersOf(db, null, scope).clearSelect()
    .select([sql<EncounterContent['type']>`e.content->'type'`.as('type'), sql<string | null>`left(e.content->'period'->>'start', 10)`.as('day')])
    .distinct().execute();
  const numbers = new Set<number>();
  for (const row of rows) {
    const wanted = wantedAssessment({ type: row.type, period: { start: row.day ?? undefined } }, scope.params);
    if (wanted) numbers.add(wanted.number);
  }
  return [...numbers].sort((a, b) => a - b);
}

export interface DeviceDay { patientId: string; day: string; system: string; code: string; value: number; unit: string | null }
export interface ParticipantBatchEntry { id: string; facts: Omit<ParticipantFacts, 'studyId'>; encounters: EncounterFacts[]; deviceDays: DeviceDay[] }

function groupBy<T>(rows: readonly T[], key: (row: T) => string | null): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    const list = map.get(k);
    if (list) list.push(row); else map.set(k, [row]);
  }
  return map;
}

const text = (column: string) => sql<string | null>`${sql.ref(column)}::text`;

/**
 * The scope's participants who did not restrict or object to processing, `size` at a time. The next
 * batch is read while the caller works on the current one, so database time and work overlap.
 */
export async function* participantBatches(db: Db, scope: Scope, size: number): AsyncGenerator<ParticipantBatchEntry[]> {
  let next = readBatch(db, scope, size, null);
  for (;;) {
    const batch = await next;
    if (!batch.length) return;
    next = readBatch(db, scope, size, batch.at(-1)!.id);
    // Read ahead: if the caller stops (a cancel), nobody awaits it, and its failure must not go unhandled.
    next.catch(() => undefined);
    yield batch;
  }
}

async function readBatch(db: Db, scope: Scope, size: number, after: string | null): Promise<ParticipantBatchEntry[]> {
  const { params } = scope;
  const people = await inScope(db, scope)
    .select(['p.id', 'p.pilot', 'p.organisation', 'p.recruitment', 'p.age_years', text('p.age_recorded_on').as('age_recorded_on'), text('p.created_at').as('created_at'),
      text('p.consent_date').as('consent_date'), text('p.consent_withdrawal_date').as('consent_withdrawal_date'), text('p.drop_off').as('drop_off')])
    .where('p.processing_excluded', '=', false)
    .$if(after !== null, (q) => q.where('p.id', '>', after!))
    .orderBy('p.id').limit(size).execute();
  if (!people.length) return [];
  const ids = people.map((p) => p.id);
  const patients = await db.kysely.selectFrom('fhir_resource').select(['id', sql<string | null>`content->>'gender'`.as('gender'), sql<string | null>`content->>'birthDate'`.as('birthDate')])
    .where('resource_type', '=', 'Patient').where('deleted', '=', false).where('id', 'in', ids).execute();
  const encounters = (await encountersOf(db, ids, scope).execute()).flatMap((e) => {
    const wanted = wantedAssessment(e.content as EncounterContent, params);
    return wanted ? [{ id: e.id, patientId: e.patient_id!, ...wanted }] : [];
  });
  const encounterIds = encounters.map((e) => e.id);
  const observations = params.clinicalSections.length && encounterIds.length ? await db.kysely.selectFrom('fhir_resource').select(['encounter_id', 'content'])
    .where('resource_type', '=', 'Observation').where('deleted', '=', false).where('patient_id', 'in', ids).where('encounter_id', 'in', encounterIds).execute() : [];
  // Every response when instruments are asked for; else only the profiling, which the record variables need.
  const responses = await db.kysely.selectFrom('fhir_resource').select(['patient_id', 'encounter_id', 'content'])
    .where('resource_type', '=', 'QuestionnaireResponse').where('deleted', '=', false).where('patient_id', 'in', ids)
    .$if(!params.instruments.length, (q) => q.where(sql<boolean>`tokens @> ${sql.val([`questionnaire=${PROFILING_QUESTIONNAIRE}`])}::text[]`))
    .execute();
  const deviceDays = params.deviceDaily ? await readDeviceDays(db, ids, params) : [];

  const observationsBy = groupBy(observations, (o) => o.encounter_id);
  const responsesBy = groupBy(responses, (r) => r.encounter_id);
  type Response = { questionnaire?: string; item?: ResponseItem[] };
  const profilings = groupBy(responses.filter((r) => String((r.content as Response).questionnaire ?? '').split('|')[0] === PROFILING_QUESTIONNAIRE), (r) => r.patient_id);
  const profilingOf = (id: string) => {
    const found = profilings.get(id)?.[0];
    return found ? profilingFromResponseItems((found.content as Response).item ?? []) : null;
  };
  const patientsBy = new Map(patients.map((x) => [x.id, x]));
  const encountersBy = groupBy(encounters, (e) => e.patientId);
  const devicesBy = groupBy(deviceDays, (d) => d.patientId);
  return people.map((p) => {
    const patient = patientsBy.get(p.id);
    return {
      id: p.id,
      facts: {
        pilot: p.pilot, organisation: p.organisation, gender: patient?.gender ?? null, birthDate: patient?.birthDate ?? null,
        age: p.age_years === null ? null : { years: p.age_years, recordedOn: p.age_recorded_on },
        recruitment: recruitmentStatusFromCode(p.recruitment), enrolledOn: p.created_at ? new Date(p.created_at).toISOString() : null,
        consentDate: p.consent_date, consentWithdrawalDate: p.consent_withdrawal_date, dropOffDate: p.drop_off, profiling: profilingOf(p.id),
      },
      encounters: (encountersBy.get(p.id) ?? []).map((e) => ({
        number: e.number, date: e.date,
        observations: (observationsBy.get(e.id) ?? []).map((o) => o.content as unknown as FhirObservation),
        responses: (responsesBy.get(e.id) ?? []).map((r) => r.content as unknown as Response),
      })),
      deviceDays: devicesBy.get(p.id) ?? [],
    };
  });
}

/** Device daily summaries (Observations that name a device, with a quantity) of the batch, within the date range. */
async function readDeviceDays(db: Db, ids: readonly string[], params: DatasetParams) {
  const rows = await db.kysely.selectFrom('fhir_resource').select([
    'patient_id', sql<string>`to_char(date_start at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
    sql<string>`content->'code'->'coding'->0->>'system'`.as('system'), sql<string>`content->'code'->'coding'->0->>'code'`.as('code'),
    sql<number>`(content->'valueQuantity'->>'value')::float8`.as('value'), sql<string | null>`content->'valueQuantity'->>'code'`.as('unit'),
  ])
    .where('resource_type', '=', 'Observation').where('deleted', '=', false).where('patient_id', 'in', ids)
    .where(sql<boolean>`content ? 'device'`).where(sql<boolean>`content->'valueQuantity'->>'value' is not null`)
    .$if(params.from !== undefined, (q) => q.where('date_start', '>=', new Date(`${params.from}T00:00:00Z`)))
    .$if(params.to !== undefined, (q) => q.where('date_start', '<', new Date(new Date(`${params.to}T00:00:00Z`).getTime() + 86_400_000)))
    .orderBy('patient_id').orderBy('date_start').execute();
  return rows.map((r) => ({ patientId: r.patient_id!, day: r.day, system: r.system, code: r.code, value: Number(r.value), unit: r.unit }));
}
