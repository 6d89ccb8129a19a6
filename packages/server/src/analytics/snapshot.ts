import { sql } from 'kysely';
import { ageBand, IC_CODES, type Analytic, type ScoreRow } from '@geria/domain';
import { assessmentNumberOf } from '@geria/domain/rules/assessment-encounter.ts';
import { currentAge } from '@geria/domain/rules/participants-demographics.ts';
import type { Db } from '../db/connection.ts';
import { INSTRUMENT_SCORE_SYSTEM } from '../questionnaires/derived-observations.ts';

/** The score codes an analysis reads. */
export function codesOf(analysis: Analytic['analysis']): string[] {
  switch (analysis.type) {
    case 'kmeans': return analysis.features;
    case 'intrinsic_capacity': return IC_CODES;
    default: return analysis.scores;
  }
}

const RECRUITMENT = ['pending', 'accepted', 'riskExclusion', 'excluded', 'withdrawn', 'completion'];

/**
 * The input rows of a run, read with SQL: the organisation's participants matching the data source
 * who have not objected to processing nor asked for restriction (`processing_excluded`), and their
 * instrument scores per assessment (the instrument-score Observations of their questionnaires).
 */
export async function readSnapshot(db: Db, organisation: string, analytic: Analytic, participantId?: string, now = new Date()): Promise<ScoreRow[]> {
  const source = analytic.dataSource;
  const codes = codesOf(analytic.analysis);
  const rows = await db.kysely.selectFrom('participant as p')
    .innerJoin('fhir_resource as o', (join) => join.onRef('o.patient_id', '=', sql`p.id::text`)
      .on('o.resource_type', '=', 'Observation').on('o.deleted', '=', false))
    .innerJoin('fhir_resource as e', (join) => join.onRef('e.id', '=', 'o.encounter_id').on('e.resource_type', '=', 'Encounter').on('e.deleted', '=', false))
    .leftJoin('fhir_resource as pt', (join) => join.onRef('pt.id', '=', sql`p.id::text`).on('pt.resource_type', '=', 'Patient'))
    .select([
      sql<string>`p.id::text`.as('participantId'),
      sql<string>`p.first_name || ' ' || p.last_name`.as('name'),
      'p.recruitment', 'p.age_years', sql<string | null>`p.age_recorded_on::text`.as('ageRecordedOn'),
      sql<string | null>`pt.content->>'gender'`.as('gender'), sql<string | null>`pt.content->>'birthDate'`.as('birthDate'),
      sql<string>`o.content->'code'->'coding'->0->>'code'`.as('code'),
      sql<number>`(o.content->'valueQuantity'->>'value')::float8`.as('value'),
      'e.content as encounter',
    ])
    .where('p.organisation', '=', organisation)
    .where('p.processing_excluded', '=', false)
    .where(sql<boolean>`o.content->'code'->'coding'->0->>'system' = ${INSTRUMENT_SCORE_SYSTEM}`)
    .where(sql<boolean>`o.content->'code'->'coding'->0->>'code' = any(${sql.val(codes)}::text[])`)
    .where(sql<boolean>`o.content->'valueQuantity'->>'value' is not null`)
    .$if(participantId !== undefined, (q) => q.where(sql<boolean>`p.id::text = ${participantId}`))
    .$if(source.pilot !== undefined, (q) => q.where('p.pilot', '=', source.pilot!))
    .$if(source.recruitment.length > 0, (q) => q.where('p.recruitment', 'in', source.recruitment))
    .$if(source.condition !== undefined, (q) => q.where(({ exists, selectFrom }) => exists(selectFrom('fhir_resource as c').select(sql`1`.as('one'))
      .where('c.resource_type', '=', 'Condition').where('c.deleted', '=', false).whereRef('c.patient_id', '=', sql`p.id::text`)
      .where(sql<boolean>`c.content->'code'->'coding' @> ${JSON.stringify([{ code: source.condition }])}::jsonb`)
      .where(sql<boolean>`coalesce(c.content->'clinicalStatus'->'coding'->0->>'code', 'active') = 'active'`))))
    .orderBy('p.id').execute();

  const byKey = new Map<string, ScoreRow>();
  for (const r of rows) {
    const assessment = assessmentNumberOf(r.encounter as Parameters<typeof assessmentNumberOf>[0]);
    if (assessment === null || (source.assessmentNumber !== undefined && assessment !== source.assessmentNumber)) continue;
    // The age the record and Home show: from the birth date, else the entered age carried forward.
    const band = ageBand(currentAge({ birthDate: r.birthDate, age: r.age_years === null ? null : { years: r.age_years, recordedOn: r.ageRecordedOn } }, now));
    if (source.ageBands.length > 0 && (!band || !source.ageBands.includes(band))) continue;
    const groupBy = analytic.analysis.type === 'descriptive' ? analytic.analysis.groupBy : 'none';
    const group = groupBy === 'recruitment' ? RECRUITMENT[Number(r.recruitment)]! : groupBy === 'ageBand' ? band ?? 'unknown'
      : groupBy === 'gender' ? r.gender ?? 'unknown' : 'all';
    const key = `${r.participantId}/${assessment}`;
    const row = byKey.get(key) ?? { participantId: r.participantId, participantName: r.name, assessment, group, scores: {} };
    row.scores[r.code] = Number(r.value);
    byKey.set(key, row);
  }
  return [...byKey.values()];
}
