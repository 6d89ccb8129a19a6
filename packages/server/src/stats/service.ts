import { sql } from 'kysely';
import { ageBand, AGE_BANDS, hasAnyRole, type Organisation, type Role } from '@geria/domain';
import type { Db } from '../db/connection.ts';

export interface Count { key: string; n: number }

const counts = (rows: { key: string | number | null; n: number }[]): Count[] =>
  rows.map((r) => ({ key: String(r.key ?? 'unknown'), n: Number(r.n) }));

/** Roles that see individual-free clinical aggregates (demographics); SysAdmin and Tech see usage and devices only. */
const DEMOGRAPHICS_ROLES: readonly Role[] = ['CCM', 'ClinicalExpert', 'Tester', 'Auditor'];

/**
 * The Home overview of the caller's organisation, computed by SQL: participants by recruitment status,
 * assessments and questionnaire responses recorded, devices by status and type, and (for the clinical
 * and audit roles) participants by gender and age band. Aggregates only: no identifier leaves.
 */
export async function overview(db: Db, organisation: Organisation, roles: readonly Role[], now = new Date()) {
  const k = db.kysely;
  const org = organisation.abbr;
  const fhirCount = (type: string) => k.selectFrom('fhir_resource').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('resource_type', '=', type).where('deleted', '=', false).where('organisation_id', '=', organisation.orgid).executeTakeFirstOrThrow();
  const [byStatus, assessments, responses, deviceStatus, deviceType] = await Promise.all([
    k.selectFrom('participant').select(['recruitment as key', (eb) => eb.fn.countAll<number>().as('n')]).where('organisation', '=', org).groupBy('recruitment').orderBy('recruitment').execute(),
    fhirCount('Encounter'),
    fhirCount('QuestionnaireResponse'),
    k.selectFrom('device as d').innerJoin('participant as p', 'p.id', 'd.participant_id').select(['d.status as key', (eb) => eb.fn.countAll<number>().as('n')])
      .where('p.organisation', '=', org).groupBy('d.status').orderBy('d.status').execute(),
    k.selectFrom('device as d').innerJoin('participant as p', 'p.id', 'd.participant_id').select(['d.type as key', (eb) => eb.fn.countAll<number>().as('n')])
      .where('p.organisation', '=', org).groupBy('d.type').orderBy('n', 'desc').execute(),
  ]);
  const result = {
    computedAt: now.toISOString(),
    participantsByStatus: counts(byStatus),
    assessments: Number(assessments.n),
    questionnaireResponses: Number(responses.n),
    devicesByStatus: counts(deviceStatus),
    devicesByType: counts(deviceType),
  };
  if (!hasAnyRole(roles, DEMOGRAPHICS_ROLES)) return { ...result, gender: null, ageBands: null };
  // Participants who restricted or objected to processing (GDPR rights 5, 7, 8) are left out of the analytics.
  const patients = () => k.selectFrom('fhir_resource').where('resource_type', '=', 'Patient').where('deleted', '=', false).where('organisation_id', '=', organisation.orgid)
    .where(sql<boolean>`not exists (select 1 from participant x where x.processing_excluded and x.id::text = fhir_resource.id)`);
  const [gender, years] = await Promise.all([
    patients().select([sql<string>`content->>'gender'`.as('key'), (eb) => eb.fn.countAll<number>().as('n')]).groupBy(sql`content->>'gender'`).orderBy('n', 'desc').execute(),
    // Birth years (a birth date may be partial, YYYY or YYYY-MM); the band rule is the domain's.
    patients().select([sql<number>`left(content->>'birthDate', 4)::int`.as('year'), (eb) => eb.fn.countAll<number>().as('n')])
      .where(sql<boolean>`content->>'birthDate' ~ '^[0-9]{4}'`).groupBy(sql`left(content->>'birthDate', 4)`).execute(),
  ]);
  const bands = new Map<string, number>(AGE_BANDS.map((b) => [b, 0]));
  for (const { year, n } of years) {
    const band = ageBand(now.getUTCFullYear() - Number(year));
    if (band) bands.set(band, bands.get(band)! + Number(n));
  }
  return { ...result, gender: counts(gender), ageBands: [...bands].map(([key, n]) => ({ key, n })) };
}
