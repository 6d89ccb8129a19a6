import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { organisationByAbbr } from '@geria/domain';
import { assessmentEncounter } from '@geria/domain/rules/assessment-encounter.ts';
import { toFhirCondition } from '@geria/domain/rules/assessment-conditions.ts';
import { PROFILING_QUESTIONNAIRE, profilingResponseItems, type ProfilingInput } from '@geria/domain/rules/assessment-profiling.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createParticipant } from '../participants/test-helpers.ts';
import { setPatient, system } from '../assessments/test-helpers.ts';
import { TEST_ORGANISATION } from '../test/fixtures.ts';
import { VALUE_CODES } from './queries.ts';

/** The statistics' copies of the FHIR dimensions (migration 015) follow every write of the resources they come from. */
let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const participantRow = async (id: string) => (await sql<{ patient: boolean; gender: string | null; birth_year: number | null; profiled: boolean }>`
  select patient, gender, birth_year, profiled from stat_participant where patient_id = ${id}`.execute(ctx.db.kysely)).rows[0] ?? null;
const conditions = async (id: string) => (await sql<{ condition: string }>`
  select condition from stat_condition where patient_id = ${id} order by condition`.execute(ctx.db.kysely)).rows.map((r) => r.condition);
const assessmentOf = async (observationId: string) => (await sql<{ assessment: number | null }>`
  select assessment from stat_value where observation_id = ${observationId}`.execute(ctx.db.kysely)).rows[0]?.assessment;

const NONE: ProfilingInput = { hearingLoss: false, cardiovascular: false, frailty: false, cognitive: false, mental: false, balance: false, backPain: false };
const profiling = (patient: string, yes: Partial<ProfilingInput>) => ({
  resourceType: 'QuestionnaireResponse' as const, questionnaire: PROFILING_QUESTIONNAIRE, status: 'completed' as const,
  subject: { reference: `Patient/${patient}` }, item: profilingResponseItems({ ...NONE, ...yes }),
});

describe('stat_participant: gender, birth year and profiling of each participant', () => {
  it('follows the Patient written, updated and deleted', async () => {
    const id = await createParticipant(ctx, {});
    await setPatient(ctx, id, { birthDate: '1948-06', gender: 'male' });
    expect(await participantRow(id)).toEqual({ patient: true, gender: 'male', birth_year: 1948, profiled: false });
    await setPatient(ctx, id, { gender: 'female' });
    expect(await participantRow(id)).toMatchObject({ gender: 'female', birth_year: 1948 });
    // A study record's Patient goes only with its participant: a Patient of no record shows the delete.
    const fhir = system(ctx);
    const loose = (await fhir.create({
      resourceType: 'Patient', gender: 'other', birthDate: '1930', managingOrganization: { reference: `Organization/${organisationByAbbr(TEST_ORGANISATION)!.orgid}` },
    })).resource!;
    expect(await participantRow(loose.id!)).toEqual({ patient: true, gender: 'other', birth_year: 1930, profiled: false });
    await fhir.delete('Patient', loose.id!);
    expect(await participantRow(loose.id!)).toBeNull();
  });

  it('is profiled while a profiling response exists, whose yes answers are the comorbidities with the active Conditions', async () => {
    const id = await createParticipant(ctx, {});
    const fhir = system(ctx);
    const response = (await fhir.create(profiling(id, { cardiovascular: true, frailty: true }))).resource!;
    expect(await participantRow(id)).toMatchObject({ patient: true, profiled: true });
    expect(await conditions(id)).toEqual(['cardiovascular', 'frailty']);
    await fhir.update('QuestionnaireResponse', response.id!, { ...profiling(id, { frailty: true }), id: response.id });
    expect(await conditions(id)).toEqual(['frailty']);

    const condition = (await fhir.create(toFhirCondition(id, 'hypertension', 'active'))).resource!;
    expect(await conditions(id)).toEqual(['frailty', 'hypertension']);
    await fhir.update('Condition', condition.id!, toFhirCondition(id, 'hypertension', 'inactive', condition.id));
    expect(await conditions(id)).toEqual(['frailty']);
    await fhir.update('Condition', condition.id!, toFhirCondition(id, 'hypertension', 'active', condition.id));
    await fhir.delete('Condition', condition.id!);
    expect(await conditions(id)).toEqual(['frailty']);

    await fhir.delete('QuestionnaireResponse', response.id!);
    expect(await participantRow(id)).toMatchObject({ patient: true, profiled: false });
    expect(await conditions(id)).toEqual([]);
  });
});

describe('stat_value.assessment: the assessment number of each value', () => {
  it('is the number of the encounter, follows its change and is cleared when the encounter is deleted', async () => {
    const id = await createParticipant(ctx, {});
    const fhir = system(ctx);
    const start = '2026-03-01T10:00:00Z';
    const author = { username: 'test-ccm', name: 'Test' };
    const encounter = (await fhir.create(assessmentEncounter({ patient: id, number: 2, start, author }))).resource!;
    const [system_, code] = VALUE_CODES.moca;
    const observation = (await fhir.create({
      resourceType: 'Observation', status: 'final', code: { coding: [{ system: system_, code }] }, subject: { reference: `Patient/${id}` },
      encounter: { reference: `Encounter/${encounter.id}` }, effectiveDateTime: start, valueQuantity: { value: 25 },
    })).resource!;
    expect(await assessmentOf(observation.id!)).toBe(2);
    await fhir.update('Encounter', encounter.id!, { ...assessmentEncounter({ patient: id, number: 3, start, author }), id: encounter.id });
    expect(await assessmentOf(observation.id!)).toBe(3);
    // A rewritten value keeps the number of its encounter.
    await fhir.update('Observation', observation.id!, { ...observation, valueQuantity: { value: 26 } });
    expect(await assessmentOf(observation.id!)).toBe(3);
    await fhir.delete('Encounter', encounter.id!);
    expect(await assessmentOf(observation.id!)).toBeNull();
  });
});

describe('GDPR erasure', () => {
  it('clears the participant\'s statistics dimensions with their record', async () => {
    const id = await createParticipant(ctx, {});
    await setPatient(ctx, id, { birthDate: '1950-01-01', gender: 'female' });
    await system(ctx).create(profiling(id, { balance: true }));
    expect(await conditions(id)).toEqual(['balance']);
    const headers = await ctx.as('test-ccm');
    const request = await ctx.app.inject({ method: 'POST', url: '/api/v1/GDPRRequest', headers, payload: { participantId: id, right: 4, about: 'Erasure', description: 'Asked by letter' } });
    expect(request.statusCode).toBe(201);
    // An erasure is confirmed with the participant's name.
    const { participantName } = (await ctx.app.inject({ method: 'GET', url: `/api/v1/GDPRRequest/${request.json().id}`, headers })).json();
    const executed = await ctx.app.inject({ method: 'POST', url: `/api/v1/GDPRRequest/${request.json().id}/execute`, headers, payload: { confirm: true, confirmation: participantName } });
    expect(executed.statusCode).toBe(200);
    expect(await participantRow(id)).toBeNull();
    expect(await conditions(id)).toEqual([]);
  });
});
