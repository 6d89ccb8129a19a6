import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instrumentAt, toQuestionnaireResponse } from '@geria/domain';
import { createTestContext, type TestContext } from '../test/context.ts';
import { fhir } from '../test/fhir-fixtures.ts';
import { mocaAnswers } from '../assessments/demo-answers.ts';
import { apiOf, screenedParticipant, system } from '../assessments/test-helpers.ts';
import { INSTRUMENT_SCORE_SYSTEM } from './derived-observations.ts';

let ctx: TestContext;
let api: ReturnType<typeof apiOf>;
beforeAll(async () => { ctx = await createTestContext(); api = apiOf(ctx); });
afterAll(async () => { await ctx?.close(); });

/** A MoCA saved before 2.0.0 (13 items): 15 points, more than 12 years of education. */
const MOCA_V1 = { 'moca-1': 1, 'moca-2': 1, 'moca-3': 3, 'moca-4': 3, 'moca-5': 2, 'moca-6': 1, 'moca-7': 3, 'moca-8': 1, 'moca-9': 0, 'moca-10': 0, 'moca-11': 0, 'moca-12': 0, 'moca-13': false };

/** Stores a response as an earlier Geria did: recorded with that version's definition. */
async function storeRecordedWith(patientId: string, id: string, version: string, answers: Record<string, unknown>) {
  const response = toQuestionnaireResponse({ instrument: instrumentAt(id, version)!, answers, subject: `Patient/${patientId}`, authored: '2026-01-10T10:00:00Z' });
  return (await system(ctx).create(response)).resource!.id!;
}

describe('responses recorded with an earlier version of an instrument', () => {
  it('a 13-item MoCA is still read, scored and counted for screening', async () => {
    const patientId = await screenedParticipant(ctx, { dexterity: 2 });
    const responseId = await storeRecordedWith(patientId, 'moca', '1.0.0', MOCA_V1);

    const read = await api('GET', `/questionnaire-responses/${responseId}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ instrumentId: 'moca', version: '1.0.0', answers: MOCA_V1, score: { total: 15, band: 'impaired' } });
    const list = (await api('GET', `/patients/${patientId}/questionnaire-responses?instrumentId=moca`)).json();
    expect(list.items.map((r: { score: { total: number } }) => r.score.total)).toEqual([15]);

    const { state, screening } = (await api('GET', `/participants/${patientId}/working-state`)).json();
    expect(state.moca).toBe(15);
    expect(screening.findings.map((f: { code: string }) => f.code)).toContain('UPDATE.Message_116');
  });

  it('is edited in its own structure and keeps its version, without replacing the current Questionnaire', async () => {
    const patientId = await screenedParticipant(ctx);
    // A current MoCA publishes Questionnaire/moca 2.0.0.
    expect((await api('POST', `/patients/${patientId}/questionnaire-responses`, { instrumentId: 'moca', answers: mocaAnswers(27) })).statusCode).toBe(201);
    const responseId = await storeRecordedWith(patientId, 'moca', '1.0.0', MOCA_V1);

    const updated = await api('PUT', `/questionnaire-responses/${responseId}`, { answers: { ...MOCA_V1, 'moca-12': 6, 'moca-13': true } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ version: '1.0.0', score: { total: 22 } });
    expect(updated.json().response.questionnaire).toBe('https://geria.example.org/fhir/Questionnaire/moca|1.0.0');
    const [observation] = updated.json().observations;
    expect(observation).toMatchObject({ code: { coding: [{ system: INSTRUMENT_SCORE_SYSTEM, code: 'moca' }] }, valueQuantity: { value: 22 } });

    // The 17-item answers are not this response's items: refused, nothing changed.
    const current = await api('PUT', `/questionnaire-responses/${responseId}`, { answers: { 'moca-17': 6, 'moca-education': true } });
    expect(current.statusCode).toBe(400);
    expect(current.json().error).toMatchObject({ code: 'questionnaire.answerError.unknown-item' });
    expect((await api('GET', `/questionnaire-responses/${responseId}`)).json().score.total).toBe(22);

    const questionnaire = await fhir(ctx, 'test-ccm', 'GET', 'Questionnaire/moca');
    expect(questionnaire.body).toMatchObject({ version: '2.0.0' });
    expect(questionnaire.body.item.map((i: { linkId: string }) => i.linkId)).toContain('moca-education');
  });

  it('an MDPQ-16 keeps its 16 tasks and its score', async () => {
    const patientId = await screenedParticipant(ctx);
    const answers = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`mdpq-${i + 1}`, i === 5 ? 5 : 3]));
    const responseId = await storeRecordedWith(patientId, 'mdpq', '1.0.0', answers);
    // Data and file storage (3 + 5) / 2 = 4, the seven others 3: 25.
    expect((await api('GET', `/questionnaire-responses/${responseId}`)).json()).toMatchObject({ version: '1.0.0', score: { total: 25 } });
  });
});

describe('new structures through the API', () => {
  it('saves a 17-item MoCA as 2.0.0', async () => {
    const patientId = await screenedParticipant(ctx);
    const points = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 2, 1, 2, 5, 6];
    const answers = { ...Object.fromEntries(points.map((p, i) => [`moca-${i + 1}`, p])), 'moca-16': 2, 'moca-education': true };
    const saved = await api('POST', `/patients/${patientId}/questionnaire-responses`, { instrumentId: 'moca', answers });
    expect(saved.statusCode).toBe(201);
    // 30 − 3 recall points + 1 for education = 28.
    expect(saved.json()).toMatchObject({ version: '2.0.0', score: { total: 28, band: 'normal', subscales: { raw: 27, delayedRecall: 2 } } });
  });

  it('stores a timed test\'s time in its item\'s answer and reads it back', async () => {
    const patientId = await screenedParticipant(ctx);
    const answers = { ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`fga-${i + 1}`, 2])), 'fga-1-seconds': 6.4, 'fga-7-steps': 8 };
    const saved = await api('POST', `/patients/${patientId}/questionnaire-responses`, { instrumentId: 'fga', answers });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().response.item[0]).toMatchObject({
      linkId: 'fga-1', answer: [{ valueInteger: 2, item: [{ linkId: 'fga-1-seconds', answer: [{ valueDecimal: 6.4 }] }] }],
    });
    expect(saved.json().score.total).toBe(20);
    const read = (await api('GET', `/questionnaire-responses/${saved.json().id}`)).json();
    expect(read.answers).toMatchObject({ 'fga-1': 2, 'fga-1-seconds': 6.4, 'fga-7': 2, 'fga-7-steps': 8 });
    const stored = await fhir(ctx, 'test-expert', 'GET', `QuestionnaireResponse/${saved.json().id}`);
    expect(stored.body.item[6].answer[0].item[0]).toMatchObject({ linkId: 'fga-7-steps', answer: [{ valueInteger: 8 }] });
  });

  it('refuses a time without its level, in the user\'s language', async () => {
    const patientId = await screenedParticipant(ctx);
    const res = await ctx.app.inject({
      method: 'POST', url: `/api/v1/patients/${patientId}/questionnaire-responses`,
      headers: { ...(await ctx.as('test-ccm')), 'accept-language': 'el' }, payload: { instrumentId: 'fga', answers: { 'fga-8-seconds': 7.5 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'questionnaire.answerError.measure-without-level',
      details: [expect.objectContaining({ path: 'answers.fga-8-seconds', message: expect.stringContaining('επιλέξτε και το επίπεδο') })],
    });
  });

  it('records the GHABP derived benefit as the total observation', async () => {
    const patientId = await screenedParticipant(ctx);
    // Television: (4 − 2) × 25 = 50; busy street: (5 − 4) × 25 = 25 → 37.5.
    const answers = {
      'ghabp-s1-applies': true, 'ghabp-s1-q1': 4, 'ghabp-s1-q2': 3, 'ghabp-s1-q3': 5, 'ghabp-s1-q4': 4, 'ghabp-s1-q5': 2, 'ghabp-s1-q6': 4,
      'ghabp-s2-applies': false, 'ghabp-s3-applies': true, 'ghabp-s3-q1': 5, 'ghabp-s3-q5': 4, 'ghabp-s4-applies': false,
    };
    const saved = await api('POST', `/patients/${patientId}/questionnaire-responses`, { instrumentId: 'ghabp', answers });
    expect(saved.json().score.total).toBe(37.5);
    expect(saved.json().observations[0]).toMatchObject({ code: { coding: [{ code: 'ghabp' }] }, valueQuantity: { value: 37.5 } });
  });
});
