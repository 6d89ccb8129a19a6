import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('records clinical fields with their derived values in the first assessments', async () => {
    const bmi = entries(await system().search('Observation', { code: 'http://loinc.org|39156-5', _count: '5' }));
    expect(bmi.length).toBeGreaterThan(0);
    expect((bmi[0] as { encounter?: { reference: string } }).encounter?.reference).toMatch(/^Encounter\//);
  });
});
