import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addResponse, apiOf, screenedParticipant, system } from './test-helpers.ts';

let ctx: TestContext;
let api: ReturnType<typeof apiOf>;
beforeAll(async () => { ctx = await createTestContext(); api = apiOf(ctx); });
afterAll(async () => { await ctx?.close(); });

const answers = {
  numberOfFalls: '0', hasFearOfFalling: false, hasMoreThanFourMedications: false, hasPsychoactiveDrugs: false,
  symptoms: { dizziness: true }, shortFESScore: 8, rombergTestAbnormal: false, timedUpAndGoAbnormal: false,
};

async function firstAssessment(options: Parameters<typeof screenedParticipant>[1] = {}) {
  const id = await screenedParticipant(ctx, { dexterity: 2, moca: 27, ...options });
  const encounter = (await api('POST', `/participants/${id}/assessments`)).json().id as string;
  return { id, encounter, confirm: (body: unknown) => api('POST', `/participants/${id}/balance-assessment`, body) };
}

describe('balance-disorder assessment', () => {
  it('is not eligible when no input reaches its threshold', async () => {
    const { confirm } = await firstAssessment();
    const res = await confirm(answers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ eligible: false, reasons: [] });
  });

  it.each([
    ['falls', { numberOfFalls: '2' }],
    ['fearOfFalling', { hasFearOfFalling: true }],
    ['polypharmacy', { hasMoreThanFourMedications: true }],
    ['psychoactiveDrugs', { hasPsychoactiveDrugs: true }],
    ['symptoms', { symptoms: { dizziness: true, unsteadiness: true, disorientation: true } }],
    ['shortFesI', { shortFESScore: 11 }],
    ['romberg', { rombergTestAbnormal: true }],
    ['timedUpAndGo', { timedUpAndGoAbnormal: true }],
  ])('is eligible on %s alone', async (reason, change) => {
    const { confirm } = await firstAssessment();
    expect((await confirm({ ...answers, ...change })).json()).toMatchObject({ eligible: true, reasons: [reason] });
  });

  it('gives every reason that holds when several do', async () => {
    const { confirm } = await firstAssessment();
    const res = await confirm({ ...answers, numberOfFalls: 3, hasPsychoactiveDrugs: true, timedUpAndGoAbnormal: true });
    expect(res.json().reasons).toEqual(['falls', 'psychoactiveDrugs', 'timedUpAndGo']);
  });

  it('gates the steps: the number of falls first, then an answer at every step', async () => {
    const { confirm } = await firstAssessment();
    const falls = await confirm({ ...answers, numberOfFalls: '' });
    expect(falls.statusCode).toBe(422);
    expect(falls.json().error).toMatchObject({ code: 'rules.balance.fallsRequired', message: 'Please enter the number of falls (0 if none).' });
    const step = await confirm({ ...answers, hasFearOfFalling: null });
    expect(step.json().error).toMatchObject({ code: 'rules.balance.answerRequired', message: 'Please answer every question of step 2 before continuing.' });
  });

  it('starts only when the participant has exactly one assessment', async () => {
    const none = await screenedParticipant(ctx, { dexterity: 2, moca: 27 });
    const res = await api('POST', `/participants/${none}/balance-assessment`, answers);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('rules.assessment.balanceOnlyFirst');
    const { id, confirm } = await firstAssessment();
    await api('POST', `/participants/${id}/recruitment-decisions`, { to: 'accepted' });
    await api('POST', `/participants/${id}/assessments`);
    expect((await confirm(answers)).json().error.code).toBe('rules.assessment.balanceOnlyFirst');
  });

  it('records the result in the first assessment, shows it in the working state, and resets it', async () => {
    const { id, encounter, confirm } = await firstAssessment();
    await confirm({ ...answers, hasFearOfFalling: true });
    const state = (await api('GET', `/participants/${id}/working-state`)).json();
    expect(state.balanceAssessment).toMatchObject({ eligible: true, reasons: ['fearOfFalling'] });
    expect(state.state.balance).toMatchObject({ hasFearOfFalling: true, numberOfFalls: 0, numberOfBalanceDisorders: 1, shortFESScore: 8 });
    await confirm(answers);
    const responses = await system(ctx).search('QuestionnaireResponse', { encounter: `Encounter/${encounter}`, _count: '0' });
    expect(responses.total).toBe(1);
    expect((await api('DELETE', `/participants/${id}/balance-assessment`)).statusCode).toBe(204);
    expect((await api('GET', `/participants/${id}/working-state`)).json().balanceAssessment).toBeNull();
  });

  it('starts the wizard from the record: short FES-I score, medications and physical tests', async () => {
    const { id } = await firstAssessment();
    await addResponse(ctx, id, 'sfesi', Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`sfesi-${i + 1}`, 2])));
    const { balance } = (await api('GET', `/participants/${id}/working-state`)).json().state;
    expect(balance).toMatchObject({ shortFESScore: 14, hasMoreThanFourMedications: false, hasPsychoactiveDrugs: false, numberOfFalls: null });
  });
});
