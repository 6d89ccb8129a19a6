import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addResponse, apiOf, screenedParticipant, setPatient, system } from './test-helpers.ts';

let ctx: TestContext;
let api: ReturnType<typeof apiOf>;
beforeAll(async () => { ctx = await createTestContext(); api = apiOf(ctx); });
afterAll(async () => { await ctx?.close(); });

describe('assessment creation', () => {
  it('creates the first assessment of a pending participant as a FHIR Encounter numbered 1, authored by the user', async () => {
    const id = await screenedParticipant(ctx);
    const res = await api('POST', `/participants/${id}/assessments`);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ number: 1, status: 'in-progress', author: { username: 'test-ccm' } });
    const encounter = await system(ctx).read('Encounter', created.id) as { subject: { reference: string }; period: { start: string } };
    expect(encounter.subject.reference).toBe(`Patient/${id}`);
    expect(Date.parse(encounter.period.start)).not.toBeNaN();
  });

  it('refuses another assessment while the participant is pending', async () => {
    const id = await screenedParticipant(ctx);
    await api('POST', `/participants/${id}/assessments`);
    const res = await api('POST', `/participants/${id}/assessments`);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'rules.assessment.pendingHasAssessment', message: 'You cannot create another assessment if the user is still in pending status',
    });
  });

  it('asks for the birth date first', async () => {
    const id = await screenedParticipant(ctx, { birthDate: null });
    const res = await api('POST', `/participants/${id}/assessments`);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'rules.assessment.birthDateRequired', message: 'Before creating an assessment, you must first set the birth date of the patient.',
    });
  });

  it('asks for the age when the birth date gives none', async () => {
    const id = await screenedParticipant(ctx, { birthDate: `${new Date().getUTCFullYear() + 1}-01-01` });
    const res = await api('POST', `/participants/${id}/assessments`);
    expect(res.json().error).toMatchObject({
      code: 'rules.assessment.ageRequired', message: 'Before creating an assessment, you must first set the age of the patient.',
    });
  });

  it('numbers the assessments of an accepted participant in order and lists them newest first', async () => {
    const id = await screenedParticipant(ctx, { dexterity: 2, moca: 27 });
    expect((await api('POST', `/participants/${id}/recruitment-decisions`, { to: 'accepted' })).statusCode).toBe(201);
    for (let i = 0; i < 3; i++) expect((await api('POST', `/participants/${id}/assessments`)).statusCode).toBe(201);
    const list = await api('GET', `/participants/${id}/assessments`);
    expect(list.json().items.map((a: { number: number }) => a.number)).toEqual([3, 2, 1]);
    expect(list.json().canCreate).toEqual({ ok: true });
  });

  it('refuses a new assessment once the participation has ended', async () => {
    const id = await screenedParticipant(ctx);
    await api('POST', `/participants/${id}/recruitment-decisions`, { to: 'withdrawn', dropOffDate: '2026-10-01' });
    const res = await api('POST', `/participants/${id}/assessments`);
    expect(res.json().error.code).toBe('rules.assessment.participationEnded');
  });

  it('answers 404 to another organisation, for the timeline, creation and one assessment', async () => {
    const id = await screenedParticipant(ctx);
    const created = (await api('POST', `/participants/${id}/assessments`)).json();
    expect((await api('GET', `/participants/${id}/assessments`, undefined, 'other-ccm')).statusCode).toBe(404);
    expect((await api('POST', `/participants/${id}/assessments`, undefined, 'other-ccm')).statusCode).toBe(404);
    expect((await api('GET', `/participants/${id}/assessments/${created.id}`, undefined, 'other-ccm')).statusCode).toBe(404);
  });

  it('is refused to roles without patient access', async () => {
    const id = await screenedParticipant(ctx);
    expect((await api('POST', `/participants/${id}/assessments`, undefined, 'test-auditor')).statusCode).toBe(403);
  });
});

describe('assessment timeline and tabs', () => {
  it('shows per assessment which tabs are open and how many of their questionnaires were answered', async () => {
    const id = await screenedParticipant(ctx);
    const created = (await api('POST', `/participants/${id}/assessments`)).json();
    await addResponse(ctx, id, 'dexterity', { 'dexterity-1': 2 }, created.id);
    const one = (await api('GET', `/participants/${id}/assessments/${created.id}`)).json();
    const general = one.tabs.find((t: { tab: string }) => t.tab === 'general');
    expect(general).toMatchObject({ open: true, answered: 1 });
    expect(one.tabs.find((t: { tab: string }) => t.tab === 'frailty')).toMatchObject({ open: false });
    expect(one.responses).toEqual([expect.objectContaining({ instrument: 'dexterity', total: 2 })]);
  });

  it('scores a corrected response again: the total follows the response\'s new version', async () => {
    const id = await screenedParticipant(ctx);
    const created = (await api('POST', `/participants/${id}/assessments`)).json();
    const responseId = await addResponse(ctx, id, 'dexterity', { 'dexterity-1': 2 }, created.id);
    const totals = async () => (await api('GET', `/participants/${id}/assessments/${created.id}`)).json().responses.map((r: { total: number }) => r.total);
    expect(await totals()).toEqual([2]);
    const fhir = system(ctx);
    const stored = await fhir.read('QuestionnaireResponse', responseId) as { item: { answer: { valueCoding?: { code: string }; valueInteger?: number }[] }[] };
    const answer = stored.item[0].answer[0];
    const corrected = structuredClone(stored);
    if (answer.valueCoding) corrected.item[0].answer[0] = { valueCoding: { ...answer.valueCoding, code: '1' } };
    else corrected.item[0].answer[0] = { valueInteger: 1 };
    await fhir.update('QuestionnaireResponse', responseId, corrected);
    expect(await totals()).toEqual([1]);
  });

  it('answers 404 for an encounter that is not one of the participant\'s assessments', async () => {
    const id = await screenedParticipant(ctx);
    const other = await screenedParticipant(ctx);
    const created = (await api('POST', `/participants/${other}/assessments`)).json();
    expect((await api('GET', `/participants/${id}/assessments/${created.id}`)).statusCode).toBe(404);
  });

  it('keeps the birth date on the Patient, where the demographics screen records it', async () => {
    const id = await screenedParticipant(ctx, { birthDate: null });
    await setPatient(ctx, id, { birthDate: '1948' });
    expect((await api('POST', `/participants/${id}/assessments`)).statusCode).toBe(201);
  });
});
