import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { openTestDb } from '../test/context.ts';
import { indexStatValues, statValueOf } from './values-index.ts';

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
  it('skips an uncharted code or an observation without a patient', () => {
    expect(statValueOf('o4', 8, observation({ system: 'http://loinc.org', code: '8867-4' }, { valueQuantity: { value: 70 } }))).toBeNull();
    expect(statValueOf('o5', 8, { code: { coding: [{ system: 'http://loinc.org', code: '39156-5' }] }, subject: { reference: 'Group/g' } })).toBeNull();
  });
});

describe('indexStatValues under concurrent writes', () => {
  const moca = (id: string, value: number, effectiveDateTime: string) => ({
    type: 'Observation' as const, id, organisationId: 8,
    resource: { resourceType: 'Observation' as const, status: 'final' as const, code: { coding: [{ system: 'https://geria.example.org/fhir/CodeSystem/instrument-score', code: 'moca' }] }, subject: { reference: 'Patient/p-concurrent' }, valueQuantity: { value }, effectiveDateTime },
  });

  it('lets two transactions write one participant\'s values at once: both commit and the latest value is the newer', async () => {
    const { db, drop } = await openTestDb();
    try {
      let second: Promise<unknown> | undefined;
      await db.kysely.transaction().execute(async (tx) => {
        await indexStatValues(tx, [moca('o-first', 20, '2026-01-01T10:00:00Z')]);
        second = db.kysely.transaction().execute((tx2) => indexStatValues(tx2, [moca('o-second', 25, '2026-02-01T10:00:00Z')]));
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

async function waitForALockWait(db: Db) {
  for (let i = 0; i < 500; i++) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db.kysely);
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the second transaction never waited');
}
