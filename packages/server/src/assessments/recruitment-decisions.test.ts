import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { entries } from '../participants/fhir-link.ts';
import { addResponse, apiOf, screenedParticipant, system } from './test-helpers.ts';

let ctx: TestContext;
let api: ReturnType<typeof apiOf>;
beforeAll(async () => { ctx = await createTestContext(); api = apiOf(ctx); });
afterAll(async () => { await ctx?.close(); });

const decide = (id: string, body: Record<string, unknown>, username?: string) =>
  api('POST', `/participants/${id}/recruitment-decisions`, body, username);

async function subjectOf(id: string) {
  const [subject] = entries(await system(ctx).search('ResearchSubject', { individual: `Patient/${id}` }));
  return subject as { status: string; period?: { end?: string } };
}

const statusOf = async (id: string) => (await ctx.db.kysely.selectFrom('participant').select('recruitment').where('id', '=', id).executeTakeFirstOrThrow()).recruitment;
const notificationsOf = (id: string) => ctx.db.kysely.selectFrom('participant_notification').selectAll().where('participant_id', '=', id).execute();

describe('acceptance and the exclusion criteria', () => {
  it.each([
    ['Dexterity missing', 'UPDATE.Message_113', { moca: 27 }, 'Please fill the Dexterity questionnaire before deciding whether the patient could be accepted'],
    ['Dexterity above 4', 'UPDATE.Message_114', { dexterity: 5, moca: 27 }, 'Dexterity of the patient is below the requirements'],
    ['MoCA missing', 'UPDATE.Message_115', { dexterity: 2 }, 'Please fill the MOCA questionnaire before deciding'],
    ['MoCA below 18', 'UPDATE.Message_116', { dexterity: 2, moca: 17 }, 'The patient has a cognitive disorder according to the MOCA'],
    ['birthday missing', 'UPDATE.Message_117', { dexterity: 2, moca: 27, birthDate: null }, 'Please add the birthday date of the patient'],
  ])('refuses acceptance when the %s (422 %s)', async (_, code, options, message) => {
    const id = await screenedParticipant(ctx, options);
    const res = await decide(id, { to: 'accepted' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code, message });
    expect(await statusOf(id)).toBe(0);
  });

  it('accepts a screened participant: row, ResearchSubject, decision, notification and audit together', async () => {
    const id = await screenedParticipant(ctx, { dexterity: 4, moca: 18 });
    const res = await decide(id, { to: 'accepted' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ from: 'pending', to: 'accepted', steps: ['accepted'], notified: ['test-ccm'] });
    expect(await statusOf(id)).toBe(1);
    expect((await subjectOf(id)).status).toBe('on-study');
    const [notification] = await notificationsOf(id);
    expect(notification).toMatchObject({
      recipient: 'test-ccm',
      message: { code: 'assessments.notifications.recruitmentChanged', refs: { from: 'rules.recruitment.status.pending', to: 'rules.recruitment.status.accepted' } },
    });
    const audit = await ctx.db.kysely.selectFrom('audit_event').selectAll().where('entity_id', '=', id).where('action', '=', 'participant.recruitmentDecision').execute();
    expect(audit).toHaveLength(1);
  });

  it('uses the latest Dexterity and MoCA responses', async () => {
    const id = await screenedParticipant(ctx, { dexterity: 5, moca: 27 });
    await addResponse(ctx, id, 'dexterity', { 'dexterity-1': 3 }, undefined, new Date(Date.now() + 1000).toISOString());
    expect((await decide(id, { to: 'accepted' })).statusCode).toBe(201);
  });
});

describe('exclusion risk: Exclude or Don\'t exclude', () => {
  it('keeps a pending participant with a failing MoCA, with a reason, through risk of exclusion', async () => {
    const id = await screenedParticipant(ctx, { dexterity: 2, moca: 15 });
    const res = await decide(id, { to: 'accepted', reason: 'Low education level explains the score' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ to: 'accepted', steps: ['riskExclusion', 'accepted'] });
    const [decision] = await ctx.db.kysely.selectFrom('recruitment_decision').selectAll().where('participant_id', '=', id).execute();
    expect(decision).toMatchObject({ from_status: 0, to_status: 1, reason: 'Low education level explains the score', decided_by: 'test-ccm' });
    expect(decision!.risks).toEqual([{ code: 'UPDATE.Message_116', params: { moca: 15, min: 18 } }]);
  });

  it('excludes a pending participant with a recorded reason', async () => {
    const id = await screenedParticipant(ctx, { dexterity: 6, moca: 27 });
    expect((await decide(id, { to: 'excluded' })).json().error.code).toBe('rules.recruitment.reasonRequired');
    const res = await decide(id, { to: 'excluded', reason: 'Cannot use the devices' });
    expect(res.statusCode).toBe(201);
    expect(await statusOf(id)).toBe(3);
    expect((await subjectOf(id)).status).toBe('ineligible');
  });

  it('records "don\'t exclude" of an accepted participant with a study alert, without a status change', async () => {
    const id = await screenedParticipant(ctx, { dexterity: 2, moca: 27 });
    await decide(id, { to: 'accepted' });
    await addResponse(ctx, id, 'gds15', Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`gds15-${i + 1}`, ![0, 4, 6, 10, 12].includes(i)])));
    const state = (await api('GET', `/participants/${id}/working-state`)).json();
    expect(state.screening.risks.map((r: { code: string }) => r.code)).toContain('rules.studyAlerts.gdsConsiderExcluding');
    expect((await decide(id, { to: 'accepted' })).json().error.code).toBe('rules.recruitment.reasonRequired');
    const kept = await decide(id, { to: 'accepted', reason: 'Depression is treated' });
    expect(kept.json()).toMatchObject({ from: 'accepted', to: 'accepted', steps: [] });
    expect((await notificationsOf(id)).map((n) => n.message.code)).toContain('assessments.notifications.recruitmentKept');
    expect((await api('GET', `/participants/${id}/working-state`)).json().lastDecision).toMatchObject({
      to: 'accepted', reason: 'Depression is treated', risks: [expect.objectContaining({ code: 'rules.studyAlerts.gdsConsiderExcluding' })],
    });
  });

  it('excludes an accepted participant with a study alert through risk of exclusion', async () => {
    const id = await screenedParticipant(ctx, { dexterity: 2, moca: 27 });
    await decide(id, { to: 'accepted' });
    // The most dependent answer of every domain: IADL 0, at most 2 raises the alert.
    await addResponse(ctx, id, 'iadl', { 'iadl-1': 4, 'iadl-2': 4, 'iadl-3': 4, 'iadl-4': 5, 'iadl-5': 3, 'iadl-6': 5, 'iadl-7': 3, 'iadl-8': 3 });
    const res = await decide(id, { to: 'excluded', reason: 'Fully dependent' });
    expect(res.json()).toMatchObject({ to: 'excluded', steps: ['riskExclusion', 'excluded'] });
  });

  it('refuses to exclude an accepted participant without any risk', async () => {
    const id = await screenedParticipant(ctx, { dexterity: 2, moca: 27 });
    await decide(id, { to: 'accepted' });
    expect((await decide(id, { to: 'excluded', reason: 'x' })).json().error.code).toBe('rules.recruitment.transitionNotAllowed');
  });
});

describe('withdrawal, completion and corrections', () => {
  it('records the drop-off date of a withdrawal and closes the ResearchSubject', async () => {
    const id = await screenedParticipant(ctx);
    expect((await decide(id, { to: 'withdrawn' })).json().error).toMatchObject({
      code: 'rules.recruitment.dropOffDateRequired', message: 'Please record the drop-off date of the patient.',
    });
    expect((await decide(id, { to: 'withdrawn', dropOffDate: '2026-09-30' })).statusCode).toBe(201);
    const row = await ctx.db.kysely.selectFrom('participant').select(['recruitment']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.recruitment).toBe(4);
    expect((await api('GET', `/participant/${id}`)).json().dropOff).toBe('2026-09-30');
    expect(await subjectOf(id)).toMatchObject({ status: 'withdrawn', period: { end: '2026-09-30' } });
  });

  it('completes an accepted participant, then refuses any change but a documented correction', async () => {
    const id = await screenedParticipant(ctx, { dexterity: 1, moca: 29 });
    await decide(id, { to: 'accepted' });
    expect((await decide(id, { to: 'completed' })).statusCode).toBe(201);
    expect((await subjectOf(id)).status).toBe('off-study');
    expect((await decide(id, { to: 'accepted' })).json().error.code).toBe('rules.recruitment.terminalStatus');
    expect((await decide(id, { to: 'accepted', correction: true })).json().error.code).toBe('rules.recruitment.reasonRequired');
    expect((await decide(id, { to: 'accepted', correction: true, reason: 'Completed by mistake' })).statusCode).toBe(201);
  });

  it('refuses a change to the same status and an illegal transition', async () => {
    const id = await screenedParticipant(ctx, { dexterity: 1, moca: 29 });
    expect((await decide(id, { to: 'pending' })).json().error.code).toBe('rules.recruitment.sameStatus');
    await decide(id, { to: 'accepted' });
    const res = await decide(id, { to: 'pending' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('rules.recruitment.transitionNotAllowed');
  });

  it('validates the body and hides other organisations\' participants', async () => {
    const id = await screenedParticipant(ctx);
    expect((await decide(id, { to: 'somewhere' })).statusCode).toBe(400);
    expect((await decide(id, { to: 'withdrawn', dropOffDate: '2026-09-30' }, 'other-ccm')).statusCode).toBe(404);
    expect(await statusOf(id)).toBe(0);
  });

  it('lists the decisions with their reasons, newest first', async () => {
    const id = await screenedParticipant(ctx, { dexterity: 2, moca: 15 });
    await decide(id, { to: 'accepted', reason: 'Kept' });
    await decide(id, { to: 'withdrawn', dropOffDate: '2026-11-01', reason: 'Moved away' });
    const list = (await api('GET', `/participants/${id}/recruitment-decisions`)).json();
    expect(list.map((d: { to: number; reason: string }) => [d.to, d.reason])).toEqual([[4, 'Moved away'], [1, 'Kept']]);
  });
});
