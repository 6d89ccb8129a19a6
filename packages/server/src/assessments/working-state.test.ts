import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyWorkingState, patientWorkingStateSchema } from '@geria/domain';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addResponse, apiOf, screenedParticipant } from './test-helpers.ts';

let ctx: TestContext;
let api: ReturnType<typeof apiOf>;
beforeAll(async () => { ctx = await createTestContext(); api = apiOf(ctx); });
afterAll(async () => { await ctx?.close(); });

const profiling = { hearingLoss: true, cardiovascular: false, frailty: true, cognitive: false, mental: false, balance: true };

describe('patient working state', () => {
  it('holds status, scores, counts and flags, in the shape of the domain schema', async () => {
    const id = await screenedParticipant(ctx, { dexterity: 3, moca: 24 });
    const created = (await api('POST', `/participants/${id}/assessments`)).json();
    const res = await api('GET', `/participants/${id}/working-state?encounter=${created.id}`);
    expect(res.statusCode).toBe(200);
    const { state, gates, screening } = res.json();
    expect(patientWorkingStateSchema.parse(state)).toEqual(state);
    expect(state).toMatchObject({
      status: 'pending', dexterity: 3, moca: 24, numberOfAssessments: 1, currentAssessmentNumber: 1, assessmentOpen: true,
      birthdayPresent: true, agePresent: true, heartFailureReduced: false, loading: emptyWorkingState().loading,
    });
    expect(gates.createAssessment).toMatchObject({ ok: false, code: 'rules.assessment.pendingHasAssessment' });
    expect(gates.balance).toEqual({ ok: true });
    expect(screening.alerts.map((a: { code: string }) => a.code)).toEqual(['rules.studyAlerts.mocaCognitiveTab']);
    expect(screening.allowedTransitions).toEqual(['accepted', 'excluded', 'withdrawn']);
  });

  it('answers 404 for another organisation\'s participant, an unknown id and a malformed one', async () => {
    const id = await screenedParticipant(ctx, { dexterity: 3, moca: 24 });
    expect((await api('GET', `/participants/${id}/working-state`, undefined, 'other-ccm')).statusCode).toBe(404);
    expect((await api('GET', '/participants/00000000-0000-4000-8000-000000000000/working-state')).statusCode).toBe(404);
    expect((await api('GET', '/participants/not-an-id/working-state')).statusCode).toBe(404);
    expect((await api('GET', `/participants/${id}/working-state`)).statusCode).toBe(200);
  });

  it('explains what is missing before the assessments page opens and before profiling', async () => {
    const id = await screenedParticipant(ctx, { birthDate: null });
    const { gates, screening } = (await api('GET', `/participants/${id}/working-state`)).json();
    expect(gates.openAssessments).toMatchObject({
      ok: false, code: 'rules.assessment.recordBirthdayOrAge',
    });
    expect(gates.profiling).toMatchObject({ ok: false, code: 'rules.assessment.profilingMissing' });
    expect(screening.findings.map((f: { code: string }) => f.code)).toEqual(['UPDATE.Message_113', 'UPDATE.Message_115', 'UPDATE.Message_117']);
  });

  it('answers 404 to another organisation', async () => {
    const id = await screenedParticipant(ctx);
    expect((await api('GET', `/participants/${id}/working-state`, undefined, 'other-ccm')).statusCode).toBe(404);
  });
});

describe('profiling', () => {
  it('sets the seven tab statuses from the first assessment\'s profiling, and opens those tabs', async () => {
    const id = await screenedParticipant(ctx, { dexterity: 2, moca: 28 });
    const first = (await api('POST', `/participants/${id}/assessments`)).json();
    const res = await api('PUT', `/participants/${id}/assessments/${first.id}/profiling`, profiling);
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toMatchObject({
      hearing_loss_tab_status: true, cardiovascular_tab_status: false, frailty_tab_status: true, cognitive_disorders_tab_status: false,
      mental_disorders_tab_status: false, balance_disorders_tab_status: true, back_pain_tab_status: false,
    });
    expect(res.json().gates.profiling).toEqual({ ok: true });
    const tabs = (await api('GET', `/participants/${id}/assessments/${first.id}`)).json().tabs;
    expect(tabs.filter((t: { open: boolean }) => t.open).map((t: { tab: string }) => t.tab)).toEqual(['general', 'hearing_loss', 'frailty', 'balance_disorders']);
  });

  it('replaces the profiling when it is changed', async () => {
    const id = await screenedParticipant(ctx);
    const first = (await api('POST', `/participants/${id}/assessments`)).json();
    await api('PUT', `/participants/${id}/assessments/${first.id}/profiling`, profiling);
    const res = await api('PUT', `/participants/${id}/assessments/${first.id}/profiling`, { ...profiling, hearingLoss: false, backPain: true });
    expect(res.json().profiling).toMatchObject({ hearingLoss: false, backPain: true });
    expect(res.json().state).toMatchObject({ hearing_loss_tab_status: false, back_pain_tab_status: true });
  });

  it('is recorded in the first assessment only', async () => {
    const id = await screenedParticipant(ctx, { dexterity: 2, moca: 28 });
    await api('POST', `/participants/${id}/assessments`);
    await api('POST', `/participants/${id}/recruitment-decisions`, { to: 'accepted' });
    const second = (await api('POST', `/participants/${id}/assessments`)).json();
    const res = await api('PUT', `/participants/${id}/assessments/${second.id}/profiling`, profiling);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'assessments.errors.profilingOnlyFirst', message: 'The profiling is recorded in the first assessment of the patient.' });
  });

  it('needs the six booleans', async () => {
    const id = await screenedParticipant(ctx);
    const first = (await api('POST', `/participants/${id}/assessments`)).json();
    expect((await api('PUT', `/participants/${id}/assessments/${first.id}/profiling`, { hearingLoss: true })).statusCode).toBe(400);
  });
});

describe('PSFS gate', () => {
  it('allows the PSFS in the first assessment, and later only once it was created there', async () => {
    const id = await screenedParticipant(ctx, { dexterity: 2, moca: 28 });
    const first = (await api('POST', `/participants/${id}/assessments`)).json();
    expect((await api('GET', `/participants/${id}/working-state?encounter=${first.id}`)).json().gates.psfs).toEqual({ ok: true });
    await api('POST', `/participants/${id}/recruitment-decisions`, { to: 'accepted' });
    const second = (await api('POST', `/participants/${id}/assessments`)).json();
    const before = (await api('GET', `/participants/${id}/working-state?encounter=${second.id}`)).json().gates.psfs;
    expect(before).toMatchObject({ ok: false, code: 'rules.assessment.psfsNotCreated' });
    await addResponse(ctx, id, 'psfs', { 'psfs-1': 5 }, first.id);
    expect((await api('GET', `/participants/${id}/working-state?encounter=${second.id}`)).json().gates.psfs).toEqual({ ok: true });
  });
});
