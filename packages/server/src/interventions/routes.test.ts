import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { fhir, observation } from '../test/fhir-fixtures.ts';
import { createParticipant } from '../participants/test-helpers.ts';
import { outboxMailer } from '../mail/outbox.ts';
import { asIntegrationClient } from '../test/integration-client.ts';
import type { Mailer } from '../mail/mailer.ts';
import { PROFILING_QUESTIONNAIRE, profilingResponseItems, type ProfilingInput } from '@geria/domain/rules/assessment-profiling.ts';
import { deliverDueEmails, retryDelay } from './deliveries.ts';
import { evaluateWindowedRules } from './evaluate.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const T = { optimalLow: 60, optimalHigh: 100, extremeLow: 40, extremeHigh: 130 };
const heartRule = (extra: Record<string, unknown> = {}) => ({
  name: 'Heart rate', type: 'heartRate', target: { kind: 'organisation' }, priority: 'high', thresholds: T,
  channels: ['app', 'managers', 'caregivers'], app: 'geria-app', language: 'en', message: 'Heart rate {{value}} {{unit}} ({{level}})', ...extra,
});
const api = async (user: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url: `/api/v1/interventions${url}`, headers: await ctx.as(user), ...(payload !== undefined && { payload: payload as object }) });
const code = (c: string, value: number, unit: string) => ({ code: { coding: [{ system: 'http://loinc.org', code: c }] }, valueQuantity: { value, unit } });
const ingest = (participantId: string, value: number, at = '2026-11-20T10:00:00Z', extra: Record<string, unknown> = {}) =>
  fhir(ctx, 'test-ccm', 'POST', 'Observation', observation(participantId, { effectiveDateTime: at, ...code('8867-4', value, '/min'), ...extra }));
const firings = async (participantId: string) =>
  (await api('test-ccm', 'GET', `/logs?participant=${participantId}&pageSize=100`)).json().items as { level: string; value: number; ruleId: string; deliveries: { channel: string; status: string; recipient: string }[] }[];

async function withRule(rule: Record<string, unknown>) {
  const res = await api('test-ccm', 'POST', '/rules', rule);
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

describe('intervention rules API', () => {
  it('creates, reads, replaces and deletes rules of the caller\'s organisation only, audited', async () => {
    const id = await withRule(heartRule({ name: 'CRUD', active: false }));
    expect((await api('test-expert', 'GET', `/rules/${id}`)).json()).toMatchObject({ name: 'CRUD', thresholds: T, createdBy: 'test-ccm', active: false });
    expect((await api('other-ccm', 'GET', `/rules/${id}`)).statusCode).toBe(404);
    expect((await api('other-ccm', 'GET', '/rules')).json().items.some((r: { id: string }) => r.id === id)).toBe(false);
    expect((await api('other-ccm', 'PUT', `/rules/${id}`, heartRule({ active: false }))).statusCode).toBe(404);
    expect((await api('test-tester', 'PUT', `/rules/${id}`, heartRule({ name: 'CRUD 2', active: false }))).json()).toMatchObject({ name: 'CRUD 2' });
    expect((await api('test-ccm', 'DELETE', `/rules/${id}`)).statusCode).toBe(204);
    expect((await api('test-ccm', 'GET', `/rules/${id}`)).statusCode).toBe(404);
    const actions = await ctx.db.kysely.selectFrom('audit_event').select('action').where('entity_id', '=', id).orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(['intervention.rule.create', 'intervention.rule.update', 'intervention.rule.delete']);
  });

  it('refuses bad rules with 400, a participant of another organisation with 422, other roles with 403', async () => {
    expect((await api('test-ccm', 'POST', '/rules', heartRule({ thresholds: { ...T, extremeHigh: 99 } }))).statusCode).toBe(400);
    expect((await api('test-ccm', 'POST', '/rules', heartRule({ message: 'Hi {{name}}' }))).statusCode).toBe(400);
    expect((await api('test-ccm', 'POST', '/rules', { ...heartRule(), thresholds: undefined })).statusCode).toBe(400);
    const res = await api('test-ccm', 'POST', '/rules', heartRule({ target: { kind: 'participant', participantId: randomUUID() } }));
    expect(res.statusCode).toBe(422);
    for (const user of ['test-auditor', 'test-sysadmin', 'test-tech']) expect((await api(user, 'GET', '/rules')).statusCode).toBe(403);
    expect((await api('test-ccm', 'GET', '/logs?pageSize=0')).statusCode).toBe(400);
  });
});

describe('evaluation as Observations arrive', () => {
  let participantId: string;
  let ruleId: string;
  beforeAll(async () => {
    participantId = await createParticipant(ctx);
    ruleId = await withRule(heartRule({ target: { kind: 'participant', participantId } }));
  });

  it('fires at every threshold boundary: inside the optimal range nothing, beyond it optimal, beyond extreme extreme', async () => {
    const cases: [number, string, string | null][] = [
      [60, '2026-10-01', null], [100, '2026-10-02', null], [59.9, '2026-10-03', 'optimal'], [100.1, '2026-10-04', 'optimal'],
      [40, '2026-10-05', 'optimal'], [130, '2026-10-06', 'optimal'], [39.9, '2026-10-07', 'extreme'], [130.1, '2026-10-08', 'extreme'],
    ];
    for (const [value, day] of cases) expect((await ingest(participantId, value, `${day}T08:00:00Z`)).status).toBe(201);
    const fired = (await firings(participantId)).filter((f) => f.ruleId === ruleId);
    expect(fired.map((f) => [f.value, f.level]).sort()).toEqual(cases.filter((c) => c[2]).map((c) => [c[0], c[2]]).sort());
  });

  it('an extreme value still fires after an optimal one the same day; a retry or an update of the same window does not', async () => {
    const day = '2026-10-10';
    await ingest(participantId, 105, `${day}T08:00:00Z`);
    const retried = await ingest(participantId, 105, `${day}T08:00:00Z`);
    await fhir(ctx, 'test-ccm', 'PUT', `Observation/${retried.body.id}`, { ...retried.body, valueQuantity: { value: 110, unit: '/min' } });
    await ingest(participantId, 140, `${day}T09:00:00Z`);
    const thatDay = (await ctx.db.kysely.selectFrom('intervention_firing').select(['level', 'value']).where('rule_id', '=', ruleId).where('window_key', 'like', `${day}%`).orderBy('level').execute());
    expect(thatDay).toEqual([{ level: 'extreme', value: 140 }, { level: 'optimal', value: 105 }]);
  });

  it('concurrent ingestion of the same window fires once', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => ingest(participantId, 101 + i, '2026-10-12T08:00:00Z')));
    expect(results.every((r) => r.status === 201)).toBe(true);
    const n = await ctx.db.kysely.selectFrom('intervention_firing').select('id').where('rule_id', '=', ruleId).where('window_key', '=', '2026-10-12:optimal').execute();
    expect(n).toHaveLength(1);
  });

  it('reads blood-pressure panels and ignores participants whose processing is restricted', async () => {
    const bpRule = await withRule({ ...heartRule({ name: 'BP', type: 'bloodPressure', target: { kind: 'participant', participantId } }),
      thresholds: { optimalLow: 90, optimalHigh: 140, extremeLow: 70, extremeHigh: 180 }, diastolicThresholds: { optimalLow: 60, optimalHigh: 90, extremeLow: 40, extremeHigh: 110 } });
    const panel = { code: { coding: [{ system: 'http://loinc.org', code: '85354-9' }] }, valueQuantity: undefined, component: [
      { ...code('8480-6', 120, 'mm[Hg]') }, { ...code('8462-4', 115, 'mm[Hg]') }] };
    expect((await ingest(participantId, 0, '2026-10-14T08:00:00Z', panel)).status).toBe(201);
    expect((await firings(participantId)).find((f) => f.ruleId === bpRule)).toMatchObject({ level: 'extreme', value: 120 });
    // The clinical fields' standing panel codes its components with the positional codes (8460-8, 8454-1).
    const standing = { ...panel, component: [{ ...code('8460-8', 185, 'mm[Hg]') }, { ...code('8454-1', 80, 'mm[Hg]') }] };
    expect((await ingest(participantId, 0, '2026-10-15T08:00:00Z', standing)).status).toBe(201);
    expect((await firings(participantId)).find((f) => f.ruleId === bpRule && f.value === 185)).toMatchObject({ level: 'extreme', diastolic: 80 });

    const excluded = await createParticipant(ctx);
    await ctx.db.kysely.updateTable('participant').set({ processing_objected: true }).where('id', '=', excluded).execute();
    await withRule(heartRule({ name: 'Excluded', target: { kind: 'participant', participantId: excluded } }));
    await ingest(excluded, 200);
    expect(await firings(excluded)).toEqual([]);
  });

  it('weight loss over the window fires when the newest weight arrives', async () => {
    const lossRule = await withRule({ ...heartRule({ name: 'Loss', type: 'weightLoss', target: { kind: 'participant', participantId } }), thresholds: undefined, operator: 'gt', value: 3, windowDays: 30 });
    const weight = (kg: number, at: string) => ingest(participantId, 0, at, code('29463-7', kg, 'kg'));
    await weight(80, '2026-09-01T08:00:00Z');
    await weight(77, '2026-09-20T08:00:00Z');
    expect((await firings(participantId)).filter((f) => f.ruleId === lossRule)).toEqual([]);
    await weight(76.9, '2026-09-25T08:00:00Z');
    expect((await firings(participantId)).filter((f) => f.ruleId === lossRule)).toMatchObject([{ value: 3.1, level: 'criterion' }]);
  });
});

describe('deliveries', () => {
  it('records the app notification, notifies accepted managers with notifications on, queues e-mails to managers and caregivers', async () => {
    const participantId = await createParticipant(ctx, { ccmids: [{ ccmid: 'test-ccm', accepted: true, notifications: true }] });
    await withRule(heartRule({ name: 'Deliveries', target: { kind: 'participant', participantId } }));
    await ingest(participantId, 135, '2026-11-01T08:00:00Z');
    const [firing] = await firings(participantId);
    expect(firing!.deliveries.map((d) => [d.channel, d.recipient, d.status]).sort()).toEqual([
      ['app', participantId, 'pending'], ['email', 'marco.bianchi@example.org', 'pending'], ['email', 'test-ccm@test.geria.example.org', 'pending'], ['inbox', 'test-ccm', 'sent'],
    ].sort());
    const notes = await ctx.db.kysely.selectFrom('participant_notification').select(['recipient', 'message']).where('participant_id', '=', participantId).execute();
    expect(notes).toEqual([{ recipient: 'test-ccm', message: expect.objectContaining({ code: 'interventions.notifications.firedReading' }) }]);

    // No person may read the app's feed, Tech included: reading would consume what the app is to fetch.
    for (const user of ['test-tech', 'test-ccm', 'test-expert', 'test-tester', 'test-auditor', 'test-sysadmin']) {
      const refused = await api(user, 'GET', `/app-notifications?participant=${participantId}`);
      expect([user, refused.statusCode]).toEqual([user, 403]);
      expect(refused.body).not.toContain('Heart rate');
    }
    expect((await firings(participantId))[0]!.deliveries.find((d) => d.channel === 'app')!.status).toBe('pending');
    // The app's integration client reads and consumes them.
    const appClient = await asIntegrationClient(ctx, { clientId: 'geria-app-feed', role: 'Tech', organisation: 'MIL-GER', permissions: ['interventions.app-notifications'] });
    const feedOf = (headers: Record<string, string>, query: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/interventions/app-notifications?${query}`, headers });
    const feed = await feedOf(appClient, `participant=${participantId}`);
    expect(feed.json().items).toMatchObject([{ participantId, app: 'geria-app', level: 'extreme', message: 'Heart rate 135 beats/min (extreme)' }]);
    expect((await firings(participantId))[0]!.deliveries.find((d) => d.channel === 'app')!.status).toBe('sent');
    expect((await feedOf(appClient, `participant=${participantId}&after=${feed.json().items[0].createdAt}`)).json().items).toEqual([]);

    // A manager who has not accepted, or who switched notifications off, is neither notified nor mailed.
    for (const [day, manager] of [['2026-11-05', { accepted: false, notifications: true }], ['2026-11-06', { accepted: true, notifications: false }]] as const) {
      await ctx.db.kysely.updateTable('participant').set({ ccmids: JSON.stringify([{ ccmid: 'test-ccm', ...manager }]) }).where('id', '=', participantId).execute();
      await ingest(participantId, 135, `${day}T08:00:00Z`);
      const [latest] = await firings(participantId);
      expect(latest!.deliveries.map((d) => d.channel).sort()).toEqual(['app', 'email']);
    }
  });

  it('a transaction Bundle of readings records each firing with its own deliveries, a window once, and folds one minute\'s notices into the latest', async () => {
    const participantId = await createParticipant(ctx, { ccmids: [{ ccmid: 'test-ccm', accepted: true, notifications: true }] });
    const heart = await withRule(heartRule({ name: 'Bundle heart', target: { kind: 'participant', participantId } }));
    const low = await withRule(heartRule({ name: 'Bundle low', channels: ['app'], thresholds: { optimalLow: 70, optimalHigh: 200, extremeLow: 50, extremeHigh: 250 },
      target: { kind: 'participant', participantId } }));
    const reading = (value: number, at: string) => ({ resource: observation(participantId, { effectiveDateTime: at, ...code('8867-4', value, '/min') }), request: { method: 'POST', url: 'Observation' } });
    const res = await fhir(ctx, 'test-ccm', 'POST', '', { resourceType: 'Bundle', type: 'transaction', entry: [
      // One minute: optimal then extreme for the heart rule (two windows, one notice), nothing for the low one (70 to 200 is its optimal range).
      reading(105, '2026-11-07T08:00:10Z'), reading(135, '2026-11-07T08:00:40Z'),
      // The heart rule's extreme window of that day again: already fired by the entry before.
      reading(140, '2026-11-07T09:00:00Z'),
      reading(45, '2026-11-08T08:00:00Z'),
    ] });
    expect(res.status).toBe(200);
    const fired = (await firings(participantId)).map((f) => ({ rule: f.ruleId === heart ? 'heart' : f.ruleId === low ? 'low' : f.ruleId, level: f.level, value: f.value,
      deliveries: f.deliveries.map((d) => d.channel).sort() }));
    const all = ['app', 'email', 'email', 'inbox'];
    expect(fired.sort((a, b) => `${a.rule}${a.value}`.localeCompare(`${b.rule}${b.value}`))).toEqual([
      { rule: 'heart', level: 'optimal', value: 105, deliveries: all },
      { rule: 'heart', level: 'extreme', value: 135, deliveries: all },
      { rule: 'heart', level: 'optimal', value: 45, deliveries: all },
      { rule: 'low', level: 'extreme', value: 45, deliveries: ['app'] },
    ].sort((a, b) => `${a.rule}${a.value}`.localeCompare(`${b.rule}${b.value}`)));
    const notes = await ctx.db.kysely.selectFrom('participant_notification').select(['message']).where('participant_id', '=', participantId).orderBy('created_at').execute();
    expect(notes.map((n) => n.message.params?.reading)).toEqual([135, 45]);
  });

  it('the app feed refuses an integration client without its permission, and shows a client only its own organisation', async () => {
    const participantId = await createParticipant(ctx, { ccmids: [] });
    await withRule(heartRule({ name: 'Feed scope', channels: ['app'], target: { kind: 'participant', participantId } }));
    await ingest(participantId, 135, '2026-11-04T08:00:00Z');
    const feed = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: `/api/v1/interventions/app-notifications?participant=${participantId}`, headers });
    const hub = await asIntegrationClient(ctx, { clientId: 'device-hub-no-feed', role: 'CCM', organisation: 'MIL-GER' });
    expect((await feed(hub)).statusCode).toBe(403);
    const otherApp = await asIntegrationClient(ctx, { clientId: 'geria-app-athens', role: 'Tech', organisation: 'ATH-GCC', permissions: ['interventions.app-notifications'] });
    expect((await feed(otherApp)).json().items).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/interventions/app-notifications' })).statusCode).toBe(401);
    expect((await firings(participantId))[0]!.deliveries.find((d) => d.channel === 'app')!.status).toBe('pending');
  });

  it('retries a failed e-mail from the durable queue with backoff, then sends it in the recipient\'s language', async () => {
    const participantId = await createParticipant(ctx, { caregiverEmails: ['retry.caregiver@example.org'], ccmids: [] });
    await withRule(heartRule({ name: 'Retry', channels: ['caregivers'], language: 'it', target: { kind: 'participant', participantId } }));
    await ingest(participantId, 30, '2026-11-02T08:00:00Z');
    const failing: Mailer = { transport: 'smtp', send: async () => undefined, deliver: async () => ({ status: 'retry', reply: '451 4.3.0 try later', error: 'smtp down' }) };
    const now = new Date();
    expect(await deliverDueEmails(ctx.db, failing, now)).toBe(0);
    const row = () => ctx.db.kysely.selectFrom('intervention_delivery').selectAll().where('recipient', '=', 'retry.caregiver@example.org').executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1, last_error: 'smtp down', last_reply: '451 4.3.0 try later' });
    expect((await row()).next_attempt_at.getTime()).toBe(now.getTime() + retryDelay(1));
    // Not due yet: nothing is tried again before its time.
    expect(await deliverDueEmails(ctx.db, outboxMailer(ctx.db), now)).toBe(0);
    const later = new Date(now.getTime() + retryDelay(1));
    expect(await deliverDueEmails(ctx.db, outboxMailer(ctx.db), later)).toBeGreaterThanOrEqual(1);
    expect(await row()).toMatchObject({ status: 'sent', attempts: 2, last_error: null, last_reply: null });
    const mail = await ctx.db.kysely.selectFrom('mail_outbox').selectAll().where('recipient', '=', 'retry.caregiver@example.org').execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ language: 'it', template: 'interventions.fired', subject: 'Intervento Geria: Retry' });
    expect(await deliverDueEmails(ctx.db, outboxMailer(ctx.db), new Date(later.getTime() + 3_600_000))).toBe(0);
  });

  it('two workers at once send each e-mail once', async () => {
    const participantId = await createParticipant(ctx, { caregiverEmails: ['twice@example.org'], ccmids: [] });
    await withRule(heartRule({ name: 'Twice', channels: ['caregivers'], target: { kind: 'participant', participantId } }));
    await ingest(participantId, 30, '2026-11-03T08:00:00Z');
    const future = new Date(Date.now() + 86_400_000 * 365);
    await Promise.all([deliverDueEmails(ctx.db, outboxMailer(ctx.db), future), deliverDueEmails(ctx.db, outboxMailer(ctx.db), future)]);
    expect(await ctx.db.kysely.selectFrom('mail_outbox').select('id').where('recipient', '=', 'twice@example.org').execute()).toHaveLength(1);
  });
});

describe('windowed rules on the schedule', () => {
  it('weekly activity below the total fires once per window, however often the schedule runs', async () => {
    const participantId = await createParticipant(ctx, { ccmids: [] });
    const stepsRule = await withRule({ ...heartRule({ name: 'Steps', type: 'physicalActivity', channels: ['app'], target: { kind: 'participant', participantId } }), thresholds: undefined, operator: 'lt', value: 10000, windowDays: 7 });
    const now = new Date('2026-11-25T12:00:00Z');
    await ingest(participantId, 0, '2026-11-22T08:00:00Z', code('41950-7', 4000, 'steps'));
    await ingest(participantId, 0, '2026-11-24T08:00:00Z', code('41950-7', 5999, 'steps'));
    await Promise.all([evaluateWindowedRules(ctx.db.kysely, now), evaluateWindowedRules(ctx.db.kysely, now)]);
    await evaluateWindowedRules(ctx.db.kysely, now);
    expect((await firings(participantId)).filter((f) => f.ruleId === stepsRule)).toMatchObject([{ value: 9999, level: 'criterion' }]);
    await ingest(participantId, 0, '2026-11-25T08:00:00Z', code('41950-7', 1, 'steps'));
    const other = await createParticipant(ctx, { ccmids: [] });
    await withRule({ ...heartRule({ name: 'Steps enough', type: 'physicalActivity', channels: ['app'], target: { kind: 'participant', participantId: other } }), thresholds: undefined, operator: 'lt', value: 10000, windowDays: 7 });
    await ingest(other, 0, '2026-11-24T08:00:00Z', code('41950-7', 10000, 'steps'));
    await evaluateWindowedRules(ctx.db.kysely, now);
    expect(await firings(other)).toEqual([]);
  });
});

describe('cohorts by condition profile', () => {
  /** Records the participant's profiling as the assessment does: a QuestionnaireResponse of the profiling questionnaire. */
  async function profile(participantId: string, yes: (keyof ProfilingInput)[]) {
    const input = Object.fromEntries((['hearingLoss', 'cardiovascular', 'frailty', 'cognitive', 'mental', 'balance', 'backPain'] as const)
      .map((k) => [k, yes.includes(k)])) as ProfilingInput;
    const res = await fhir(ctx, 'test-ccm', 'POST', 'QuestionnaireResponse', {
      resourceType: 'QuestionnaireResponse', questionnaire: PROFILING_QUESTIONNAIRE, status: 'completed', subject: { reference: `Patient/${participantId}` },
      authored: '2026-09-01T08:00:00Z', item: profilingResponseItems(input),
    });
    expect(res.status).toBe(201);
  }
  const cohortRule = (name: string, conditions: string[], recruitment: number[] = []) => withRule(heartRule({ name, channels: ['app'], target: { kind: 'cohort', recruitment, conditions } }));

  it('a rule for frailty fires as values arrive for a frail participant, not for one with other conditions or none', async () => {
    const [frail, balance, unprofiled] = [await createParticipant(ctx, { ccmids: [] }), await createParticipant(ctx, { ccmids: [] }), await createParticipant(ctx, { ccmids: [] })];
    await profile(frail, ['frailty', 'hearingLoss']);
    await profile(balance, ['balance', 'cardiovascular']);
    const ruleId = await cohortRule(`Frail ${frail}`, ['frailty']);
    for (const p of [frail, balance, unprofiled]) expect((await ingest(p, 150, '2026-09-10T08:00:00Z')).status).toBe(201);
    expect((await firings(frail)).filter((f) => f.ruleId === ruleId)).toMatchObject([{ value: 150, level: 'extreme' }]);
    expect((await firings(balance)).filter((f) => f.ruleId === ruleId)).toEqual([]);
    expect((await firings(unprofiled)).filter((f) => f.ruleId === ruleId)).toEqual([]);
    // The rule reads back as written; a cohort naming neither a status nor a condition is refused.
    expect((await api('test-ccm', 'GET', `/rules/${ruleId}`)).json().target).toEqual({ kind: 'cohort', recruitment: [], conditions: ['frailty'] });
    expect((await api('test-ccm', 'POST', '/rules', heartRule({ target: { kind: 'cohort', recruitment: [], conditions: [] } }))).statusCode).toBe(400);
    expect((await api('test-ccm', 'POST', '/rules', heartRule({ target: { kind: 'cohort', conditions: ['diabetes'] } }))).statusCode).toBe(400);
  });

  it('the profiling counts as last recorded, and a recruitment status narrows the cohort', async () => {
    const p = await createParticipant(ctx, { ccmids: [] });
    await profile(p, ['frailty']);
    const pendingOnly = await cohortRule(`Frail and screening ${p}`, ['frailty'], [5]);
    const mental = await cohortRule(`Mental ${p}`, ['mental']);
    await ingest(p, 150, '2026-09-11T08:00:00Z');
    expect((await firings(p)).filter((f) => f.ruleId === pendingOnly || f.ruleId === mental)).toEqual([]);
    await profile(p, ['mental']);
    await ingest(p, 150, '2026-09-12T08:00:00Z');
    expect((await firings(p)).filter((f) => f.ruleId === mental)).toHaveLength(1);
  });

  it('the schedule honours condition cohorts for windowed rules', async () => {
    const [frail, other] = [await createParticipant(ctx, { ccmids: [] }), await createParticipant(ctx, { ccmids: [] })];
    await profile(frail, ['frailty']);
    await profile(other, ['cognitive']);
    const ruleId = await withRule({ ...heartRule({ name: `Frail steps ${frail}`, type: 'physicalActivity', channels: ['app'], target: { kind: 'cohort', conditions: ['frailty'] } }),
      thresholds: undefined, operator: 'lt', value: 10000, windowDays: 7 });
    const now = new Date('2026-08-20T12:00:00Z');
    for (const p of [frail, other]) await ingest(p, 0, '2026-08-19T08:00:00Z', code('41950-7', 2000, 'steps'));
    await evaluateWindowedRules(ctx.db.kysely, now);
    expect((await firings(frail)).filter((f) => f.ruleId === ruleId)).toMatchObject([{ value: 2000 }]);
    expect((await firings(other)).filter((f) => f.ruleId === ruleId)).toEqual([]);
  });
});
