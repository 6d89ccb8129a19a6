import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { demoParticipants } from '../demo/participants.ts';
import { fhirService } from '../fhir/service.ts';
import { openTestDb } from '../test/context.ts';
import { entries } from '../participants/fhir-link.ts';
import { readPatientFacts } from './patient-facts.ts';
import { demoAssessments } from './demo.ts';
import { workingState } from './working-state.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => { ({ db, drop } = await openTestDb()); });
afterAll(async () => { await drop?.(); });

const system = () => fhirService(db).withContext({ kind: 'system', name: 'test' });

async function stateOf(id: string) {
  return db.kysely.transaction().execute(async (tx) => workingState(await readPatientFacts(tx, fhirService(tx).withContext({ kind: 'system', name: 'test' }), id)));
}

describe('demo assessments', () => {
  it('gives the demo organisation\'s participants assessments that agree with their status, once', async () => {
    await demoParticipants(db, { participants: 60 });
    await demoAssessments(db, { participants: 60 });
    const encounters = (await system().search('Encounter', { _count: '0' })).total!;
    expect(encounters).toBeGreaterThan(5);
    await demoAssessments(db, { participants: 60 });
    expect((await system().search('Encounter', { _count: '0' })).total).toBe(encounters);

    const rows = await db.kysely.selectFrom('participant').select(['id', 'recruitment']).where('organisation', '=', 'MIL-GER').execute();
    const states = await Promise.all(rows.map(async (row) => ({ row, view: await stateOf(row.id) })));
    // A participant past screening (accepted, at risk, excluded, withdrawn, completed) was screened in an assessment.
    const unscreened = states.filter(({ row, view }) => row.recruitment !== 0 && !view.state.numberOfAssessments);
    expect(unscreened.map(({ row }) => `${row.id} status ${row.recruitment}`)).toEqual([]);
    const accepted = states.filter(({ row, view }) => row.recruitment === 1 && view.state.numberOfAssessments);
    expect(accepted.length).toBeGreaterThan(0);
    for (const { row, view } of accepted) {
      expect(view.screening.findings, row.id).toEqual([]);
      expect(view.gates.profiling.ok).toBe(true);
    }
    const atRisk = states.filter(({ row, view }) => [2, 3].includes(row.recruitment) && view.state.numberOfAssessments);
    for (const { view } of atRisk) expect(view.screening.risks.length).toBeGreaterThan(0);
    const pending = states.filter(({ row }) => row.recruitment === 0);
    expect(pending.some(({ view }) => view.state.numberOfAssessments === 0 && view.state.birthdayPresent)).toBe(true);
  });

  it('dates every generated resource in the past, and gives each participant a gender that agrees with the name', async () => {
    const now = new Date().toISOString();
    const { rows } = await sql<{ latest: string | null }>`select max(date_start)::text as latest from fhir_resource where resource_type in ('Encounter', 'QuestionnaireResponse', 'Observation', 'Condition')`.execute(db.kysely);
    expect(rows[0].latest === null || new Date(rows[0].latest) <= new Date(now)).toBe(true);
    const participants = await db.kysely.selectFrom('participant').select(['id', 'first_name']).execute();
    const female = new Set(['Maria', 'Anna', 'Giuseppina', 'Rosa', 'Angela', 'Teresa', 'Lucia', 'Carmela', 'Ana', 'Fernanda', 'Isabel', 'Conceição', 'Marie', 'Jeanne', 'Françoise', 'Monique', 'Catherine', 'Nicole', 'María', 'Carmen', 'Josefa', 'Dolores', 'Pilar', 'Elena', 'Ioana', 'Mihaela', 'Μαρία', 'Ελένη', 'Αικατερίνη', 'Βασιλική', 'Σοφία']);
    for (const p of participants.slice(0, 40)) {
      const patient = (await system().read('Patient', p.id)) as { gender?: string };
      expect([p.first_name, patient.gender]).toEqual([p.first_name, female.has(p.first_name) ? 'female' : 'male']);
    }
  });

  it('records clinical fields with their derived values in the first assessments', async () => {
    const bmi = entries(await system().search('Observation', { code: 'http://loinc.org|39156-5', _count: '5' }));
    expect(bmi.length).toBeGreaterThan(0);
    expect((bmi[0] as { encounter?: { reference: string } }).encounter?.reference).toMatch(/^Encounter\//);
  });
});
