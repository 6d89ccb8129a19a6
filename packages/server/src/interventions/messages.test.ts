import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { fhir, observation } from '../test/fhir-fixtures.ts';
import { createParticipant } from '../participants/test-helpers.ts';
import { outboxMailer } from '../mail/outbox.ts';
import { deliverDueEmails } from './deliveries.ts';
import { evaluateWindowedRules } from './evaluate.ts';

/** Issue 33.9 / 32: what intervention messages say, in whose language, about which reading. */
let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const T = { optimalLow: 60, optimalHigh: 100, extremeLow: 40, extremeHigh: 130 };
const rule = async (extra: Record<string, unknown>) => {
  const res = await ctx.app.inject({
    method: 'POST', url: '/api/v1/interventions/rules', headers: await ctx.as('test-ccm'), payload: {
      name: 'Frequenza', type: 'heartRate', target: { kind: 'organisation' }, priority: 'high', thresholds: T,
      channels: ['managers', 'caregivers'], app: 'geria-app', language: 'it', message: 'Frequenza cardiaca {{value}} {{unit}} il {{date}} ({{participant}})', ...extra,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
};
const reading = (participantId: string, loinc: string, value: number, unit: string, at: string) =>
  fhir(ctx, 'test-ccm', 'POST', 'Observation', observation(participantId, {
    effectiveDateTime: at, code: { coding: [{ system: 'http://loinc.org', code: loinc }] }, valueQuantity: { value, unit: 'beats/minute', system: 'http://unitsofmeasure.org', code: unit },
  }));
const firingsOf = (participantId: string) => ctx.db.kysely.selectFrom('intervention_firing').selectAll().where('participant_id', '=', participantId).orderBy('fired_at').execute();
const noticesOf = (participantId: string) => ctx.db.kysely.selectFrom('participant_notification').selectAll().where('participant_id', '=', participantId).execute();
const mailTo = (recipient: string) => ctx.db.kysely.selectFrom('mail_outbox').selectAll().where('recipient', '=', recipient).execute();
const future = () => new Date(Date.now() + 365 * 86_400_000);

async function participant(caregiver: string, studyCode: string) {
  const id = await createParticipant(ctx, { firstName: 'Giulia', lastName: 'Bianchi', caregiverEmails: [caregiver], ccmids: [{ ccmid: 'test-ccm', accepted: true, notifications: true }] });
  await ctx.db.kysely.updateTable('participant').set({ project_identifier: studyCode }).where('id', '=', id).execute();
  return id;
}

describe('intervention messages', () => {
  it('fill the rule\'s message in its language: the value, unit and reading date as Italian writes them, the participant by name and study code', async () => {
    const id = await participant('figlia@example.org', 'MIL-007');
    await rule({ target: { kind: 'participant', participantId: id } });
    expect((await reading(id, '8867-4', 142.5, '/min', '2026-11-28T08:00:00Z')).status).toBe(201);
    const [firing] = await firingsOf(id);
    expect(firing!.message).toBe('Frequenza cardiaca 142,5 battiti/min il 28 novembre 2026 (Giulia Bianchi (MIL-007))');
    expect(firing!.message).not.toContain(id);
  });

  it('e-mail each recipient in their language with the reading\'s date, not the day the rule fired', async () => {
    const id = await participant('caregiver.weight@example.org', 'MIL-008');
    const { language } = await ctx.db.kysely.selectFrom('app_user').select('language').where('username', '=', 'test-ccm').executeTakeFirstOrThrow();
    await ctx.db.kysely.updateTable('app_user').set({ language: 'fr' }).where('username', '=', 'test-ccm').execute();
    await reading(id, '29463-7', 80, 'kg', '2026-08-01T08:00:00Z');
    await reading(id, '29463-7', 75.5, 'kg', '2026-09-25T08:00:00Z');
    // The rule comes after the weights, so the schedule's pass months later fires it.
    await rule({ name: 'Perte', type: 'weightLoss', thresholds: undefined, operator: 'gt', value: 3, windowDays: 120, target: { kind: 'participant', participantId: id }, message: 'Calo di peso' });
    expect(await evaluateWindowedRules(ctx.db.kysely, new Date('2026-11-20T06:00:00Z'))).toBeGreaterThanOrEqual(1);
    const [firing] = await firingsOf(id);
    expect(new Date(firing!.measured_at!).toISOString()).toBe('2026-09-25T08:00:00.000Z');
    const log = await ctx.app.inject({ method: 'GET', url: `/api/v1/interventions/logs?participant=${id}`, headers: await ctx.as('test-ccm') });
    expect(log.json().items[0]).toMatchObject({ participantName: 'Giulia Bianchi (MIL-008)', measuredAt: '2026-09-25T08:00:00.000Z' });
    await deliverDueEmails(ctx.db, outboxMailer(ctx.db), future());
    const [toCaregiver] = await mailTo('caregiver.weight@example.org');
    expect(toCaregiver!.body).toContain('Giulia Bianchi (MIL-008): 4,5 kg, misurato il 25 settembre 2026.');
    const toManager = (await mailTo('test-ccm@test.geria.example.org')).find((m) => m.subject.includes('Perte'));
    expect(toManager!.body).toContain('Giulia Bianchi (MIL-008) : 4,5 kg, mesuré le 25 septembre 2026.');
    expect(`${toCaregiver!.body}${toManager!.body}`).not.toMatch(/2026-11-20|[0-9a-f]{8}-[0-9a-f]{4}-/);
    await ctx.db.kysely.updateTable('app_user').set({ language }).where('username', '=', 'test-ccm').execute();
  });

  it('fold two firings of a rule on readings of the same minute into one inbox notice, the latest, unread', async () => {
    const id = await participant('bp@example.org', 'MIL-009');
    await rule({
      name: 'Pressione', type: 'bloodPressure', thresholds: { optimalLow: 90, optimalHigh: 140, extremeLow: 70, extremeHigh: 180 },
      diastolicThresholds: { optimalLow: 60, optimalHigh: 90, extremeLow: 40, extremeHigh: 110 }, target: { kind: 'participant', participantId: id },
    });
    await reading(id, '8480-6', 150, 'mm[Hg]', '2026-11-12T08:00:10Z');
    const [first] = await noticesOf(id);
    await ctx.db.kysely.updateTable('participant_notification').set({ read_at: new Date() }).where('id', '=', first!.id).execute();
    await reading(id, '8462-4', 120, 'mm[Hg]', '2026-11-12T08:00:40Z');
    expect(await firingsOf(id)).toHaveLength(2);
    const notices = await noticesOf(id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      read_at: null,
      message: { code: 'interventions.notifications.firedReading', params: { rule: 'Pressione', reading: [null, 120], unit: 'mm[Hg]', measuredAt: '2026-11-12T08:00:40.000Z' }, refs: { unit: 'interventions.units.mmHg' } },
    });
    // Another minute's reading is a notice of its own.
    await reading(id, '8480-6', 200, 'mm[Hg]', '2026-11-13T08:00:10Z');
    expect(await noticesOf(id)).toHaveLength(2);
  });
});
