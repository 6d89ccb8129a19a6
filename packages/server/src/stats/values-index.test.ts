import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { openTestDb } from '../test/context.ts';
import { indexStatistics, statValueOf } from './values-index.ts';

const observation = (code: { system: string; code: string }, extra: Record<string, unknown> = {}) =>
  ({ resourceType: 'Observation', code: { coding: [code] }, subject: { reference: 'Patient/p1' }, encounter: { reference: 'Encounter/e1' }, ...extra });

describe('statValueOf', () => {
  it('names a charted score and keeps its value, band and date', () => {
    const row = statValueOf('o1', 8, observation({ system: 'https://geria.example.org/fhir/CodeSystem/instrument-score', code: 'moca' }, {
      valueQuantity: { value: 24 }, interpretation: [{ coding: [{ code: 'impaired' }] }], effectiveDateTime: '2026-01-02T10:00:00Z',
    }));
    expect(row).toEqual({ observation_id: 'o1', organisation_id: 8, patient_id: 'p1', encounter_id: 'e1', name: 'moca', value: 24, coded: null, band: 'impaired', effective: '2026-01-02T10:00:00Z' });
  });
  it('reads integers and coded values, and orders a partial date as its first day', () => {
    expect(statValueOf('o2', 8, observation({ system: 'https://geria.example.org/fhir/CodeSystem/geria-observation', code: 'falls-last-year' }, { valueInteger: 3, effectiveDateTime: '2025-05' }))).toMatchObject({ name: 'falls', value: 3, effective: '2025-05-01' });
    expect(statValueOf('o3', 8, observation({ system: 'http://loinc.org', code: '72166-2' }, { valueCodeableConcept: { coding: [{ code: '8517006' }] } }))).toMatchObject({ name: 'smoking', value: null, coded: '8517006', effective: null });
  });
  it('skips a device\'s reading of a charted code: a smart scale\'s BMI is not the clinical BMI', () => {
    const bmi = { system: 'http://loinc.org', code: '39156-5' };
    expect(statValueOf('o6', 8, observation(bmi, { valueQuantity: { value: 31.2 } }))).toMatchObject({ name: 'bmi', value: 31.2 });
    expect(statValueOf('o7', 8, observation(bmi, { valueQuantity: { value: 24.8 }, device: { reference: 'Device/scale-1' } }))).toBeNull();
  });
  it('skips an uncharted code or an observation without a patient', () => {
    expect(statValueOf('o4', 8, observation({ system: 'http://loinc.org', code: '8867-4' }, { valueQuantity: { value: 70 } }))).toBeNull();
    expect(statValueOf('o5', 8, { code: { coding: [{ system: 'http://loinc.org', code: '39156-5' }] }, subject: { reference: 'Group/g' } })).toBeNull();
  });
});

describe('indexStatistics under concurrent writes', () => {
  const moca = (id: string, value: number, effectiveDateTime: string) => ({
    type: 'Observation' as const, id, organisationId: 8,
    resource: { resourceType: 'Observation' as const, status: 'final' as const, code: { coding: [{ system: 'https://geria.example.org/fhir/CodeSystem/instrument-score', code: 'moca' }] }, subject: { reference: 'Patient/p-concurrent' }, valueQuantity: { value }, effectiveDateTime },
  });

  it('lets two transactions write one participant\'s values at once: both commit and the latest value is the newer', async () => {
    const { db, drop } = await openTestDb();
    try {
      let second: Promise<unknown> | undefined;
      await db.kysely.transaction().execute(async (tx) => {
        await indexStatistics(tx, [moca('o-first', 20, '2026-01-01T10:00:00Z')]);
        second = db.kysely.transaction().execute((tx2) => indexStatistics(tx2, [moca('o-second', 25, '2026-02-01T10:00:00Z')]));
        // On PostgreSQL the second transaction runs at once: let it reach the first one's lock before this commits.
        if (db.kind === 'pg') await waitForALockWait(db);
      });
      await second;
      const latest = await db.kysely.selectFrom('stat_latest' as never).selectAll().where('patient_id' as never, '=', 'p-concurrent' as never).execute();
      expect(latest).toMatchObject([{ name: 'moca', value: 25 }]);
    } finally {
      await drop();
    }
  });
});

describe('indexStatistics through a value\'s life', () => {
  const score = (code: string, patient: string, value: number, effectiveDateTime: string) => ({
    resourceType: 'Observation' as const, status: 'final' as const, code: { coding: [{ system: 'https://geria.example.org/fhir/CodeSystem/instrument-score', code }] },
    subject: { reference: `Patient/${patient}` }, valueQuantity: { value }, effectiveDateTime,
  });
  const write = (id: string, resource: ReturnType<typeof score> | null, before: ReturnType<typeof score> | null) =>
    ({ type: 'Observation' as const, id, organisationId: 8, resource, before });

  it('keeps stat_latest the latest value of each key through creates, a move to another key and deletes', async () => {
    const { db, drop } = await openTestDb();
    const latest = async () => (await sql<{ patient_id: string; name: string; value: number }>`
      select patient_id, name, value from stat_latest where patient_id like 'p-life-%' order by patient_id, name`.execute(db.kysely)).rows;
    const index = (...writes: ReturnType<typeof write>[]) => db.kysely.transaction().execute((tx) => indexStatistics(tx, writes));
    try {
      const older = score('moca', 'p-life-a', 20, '2026-01-01T10:00:00Z');
      const newer = score('moca', 'p-life-a', 24, '2026-03-01T10:00:00Z');
      await index(write('o-older', older, null), write('o-newer', newer, null));
      expect(await latest()).toEqual([{ patient_id: 'p-life-a', name: 'moca', value: 24 }]);
      // The newer value moves to another participant and instrument: both keys follow.
      const moved = score('gds15', 'p-life-b', 27, '2026-03-01T10:00:00Z');
      await index(write('o-newer', moved, newer));
      expect(await latest()).toEqual([{ patient_id: 'p-life-a', name: 'moca', value: 20 }, { patient_id: 'p-life-b', name: 'gds15', value: 27 }]);
      // Deleted, the last values leave no latest row behind.
      await index(write('o-older', null, older), write('o-newer', null, moved));
      expect(await latest()).toEqual([]);
      expect((await sql`select 1 from stat_value where observation_id in ('o-older', 'o-newer')`.execute(db.kysely)).rows).toEqual([]);
    } finally {
      await drop();
    }
  });
});

async function waitForALockWait(db: Db) {
  for (let i = 0; i < 500; i++) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db.kysely);
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the second transaction never waited');
}
