import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Patient } from '@medplum/fhirtypes';
import { homePilot, ORGANISATIONS } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { SEEDED_TABLES } from '../demo/analyze.ts';
import { insertParticipants } from '../demo/participants.ts';
import { seedDemoStudy } from '../demo/study.ts';
import { fhirService } from '../fhir/service.ts';
import { executeRight } from '../gdpr/rights.ts';
import { demoDeviceDataWritten } from '../measurements/demo.ts';
import { openTestDb } from '../test/context.ts';
import { computeTab, type StatsScope } from './service.ts';

/**
 * Home counts what the FHIR store holds whichever path wrote it (issue 36): the demo, `npm run
 * seed`, FHIR writes, a transaction Bundle and a GDPR erasure. No app is built here, so no area
 * registers anything: the statistics index must come with the FHIR writes themselves.
 */
let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => { ({ db, drop } = await openTestDb()); });
afterAll(async () => { await drop?.(); });

const scopes = (): StatsScope[] => ORGANISATIONS.flatMap((o) => {
  const pilot = homePilot(o.abbr);
  return pilot ? [{ organisation: o.abbr, orgid: o.orgid, pilot: pilot.pilotid }] : [];
});

/** Home's resources by type, gender totals and questionnaire results of one scope, and the same counted in the FHIR store. */
async function both(scope: StatsScope) {
  const overview = await computeTab(db, 'overview', scope, ['Auditor']) as { resourcesByType: { key: string; n: number }[]; clinical: { questionnaireResults: { key: string; n: number }[] } };
  const demographics = await computeTab(db, 'demographics', scope, ['Auditor']) as { gender: { key: string; n: number }[] };
  const inScope = sql`select id::text from participant where organisation = ${scope.organisation} and pilot = ${scope.pilot} and not processing_excluded`;
  const byType = (await sql<{ key: string; n: number }>`select resource_type as key, count(*)::int as n from fhir_resource
    where not deleted and patient_id in (${inScope}) group by 1`.execute(db.kysely)).rows;
  const gender = (await sql<{ key: string; n: number }>`select coalesce(content->>'gender', 'unknown') as key, count(*)::int as n from fhir_resource
    where resource_type = 'Patient' and not deleted and id in (${inScope}) group by 1`.execute(db.kysely)).rows;
  const questionnaires = (await sql<{ key: string; n: number }>`select split_part(content->>'questionnaire', '|', 1) as key, count(*)::int as n from fhir_resource
    where resource_type = 'QuestionnaireResponse' and not deleted and patient_id in (${inScope}) group by 1`.execute(db.kysely)).rows;
  const sorted = (rows: { key: string; n: number }[]) => [...rows].map((r) => ({ key: r.key.split('/').at(-1)!, n: r.n })).sort((a, b) => a.key.localeCompare(b.key));
  return {
    home: { byType: sorted(overview.resourcesByType), gender: sorted(demographics.gender), questionnaires: sorted(overview.clinical.questionnaireResults) },
    store: { byType: sorted(byType), gender: sorted(gender), questionnaires: sorted(questionnaires) },
  };
}

async function expectAgreement(path: string) {
  let participants = 0;
  for (const scope of scopes()) {
    const { home, store } = await both(scope);
    expect(home, `${path}, ${scope.organisation}`).toEqual(store);
    participants += store.gender.reduce((sum, g) => sum + g.n, 0);
  }
  return participants;
}

const system = () => fhirService(db).withContext({ kind: 'system', name: 'test' });
const someParticipant = async (organisation: string) => (await db.kysely.selectFrom('participant').select(['id', 'organisation'])
  .where('organisation', '=', organisation).orderBy('id').executeTakeFirstOrThrow()).id;

describe('Home statistics against the FHIR store, after each path that writes clinical data', () => {
  let patients = 0;
  it('the demo study, which ends with ANALYZE of the tables it filled', { timeout: 600_000 }, async () => {
    await seedDemoStudy(db, { participants: 20 });
    // The device data go on in the background (npm start serves meanwhile): counted once written.
    await demoDeviceDataWritten();
    patients = await expectAgreement('demo');
    expect(patients).toBeGreaterThan(10);
    const { rows } = await sql<{ relname: string }>`select relname from pg_stat_user_tables
      where last_analyze is null and relname = any(${sql.val([...SEEDED_TABLES])}::text[]) order by 1`.execute(db.kysely);
    expect(rows).toEqual([]);
  });

  it('npm run seed (insertParticipants without any route registered)', { timeout: 120_000 }, async () => {
    await insertParticipants(db, 30, 36);
    expect(await expectAgreement('seed')).toBe(patients + 30);
  });

  it('FHIR creates, updates and deletes, and a transaction Bundle', { timeout: 120_000 }, async () => {
    const patient = await someParticipant('MIL-GER');
    const fhir = system();
    const stored = await fhir.read('Patient', patient) as Patient;
    await fhir.update('Patient', patient, { ...stored, gender: stored.gender === 'female' ? 'male' : 'female' });
    const created = await fhir.create({ resourceType: 'Observation', status: 'final', code: { text: 'note' }, subject: { reference: `Patient/${patient}` }, valueString: 'x' });
    await fhir.create({ resourceType: 'QuestionnaireResponse', status: 'completed', questionnaire: 'https://geria.example.org/fhir/Questionnaire/phq9|1.0.0', subject: { reference: `Patient/${patient}` } });
    await fhir.delete('Observation', created.id!);
    await expectAgreement('FHIR');
    await fhir.bundle({
      resourceType: 'Bundle', type: 'transaction', entry: [1, 2, 3].map((i) => ({
        request: { method: 'POST', url: 'Condition' },
        resource: { resourceType: 'Condition', subject: { reference: `Patient/${patient}` }, code: { text: `bundle ${i}` } },
      })),
    });
    await expectAgreement('Bundle');
  });

  it('a GDPR erasure', { timeout: 120_000 }, async () => {
    const participant = await someParticipant('MIL-GER');
    await db.kysely.transaction().execute(async (tx) => {
      const request = await tx.insertInto('gdpr_request').values({
        participant_id: participant, organisation: 'MIL-GER', right_number: 4, about: 'erasure', creator: 'test', created_at: new Date(), updated_at: new Date(),
      }).returningAll().executeTakeFirstOrThrow();
      await executeRight(tx, request, new Date());
    });
    expect(await expectAgreement('erasure')).toBe(patients + 29);
    const left = await sql<{ n: number }>`select (select count(*) from stat_resource_count where patient_id = ${participant})
      + (select count(*) from stat_questionnaire_count where patient_id = ${participant}) + (select count(*) from stat_participant where patient_id = ${participant}) as n`.execute(db.kysely);
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
