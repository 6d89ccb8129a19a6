import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParticipant } from '../participants/test-helpers.ts';
import { citizenHubUpload, GOOD_SECONDS, POOR_SECONDS } from '../test/citizen-hub-fixtures.ts';
import { createTestContext, type TestContext } from '../test/context.ts';

/** Posture reaches the intervention rules like other device data (issue 34 §3): a rule on a day's hours of poor posture. */
let ctx: TestContext;
let key: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const created = await ctx.app.inject({
    method: 'POST', url: '/api/v1/integration-clients', headers: await ctx.as('test-sysadmin'),
    payload: { name: 'Citizen Hub', organisation: 'MIL-GER', role: 'Tech', kind: 'apikey', permissions: ['devices.ingest'], subjectIds: 'smart4health' },
  });
  expect(created.statusCode).toBe(201);
  key = created.json().secret;
});
afterAll(async () => { await ctx?.close(); });

const upload = (body: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/fhir', headers: { apikey: key, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
const rules = async (payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/interventions/rules', headers: await ctx.as('test-ccm'), payload: payload as object });
const poorPostureRule = (participantId: string, extra: Record<string, unknown> = {}) => ({
  name: 'Poor posture', type: 'poorPosture', target: { kind: 'participant', participantId }, priority: 'medium', operator: 'gt', value: 2.5,
  channels: ['app', 'managers'], app: 'citizen-hub', language: 'en', message: '{{value}} {{unit}} of poor posture on {{date}}', ...extra,
});

async function participantKnownAs(externalId: string) {
  const participantId = await createParticipant(ctx);
  const identity = await ctx.app.inject({
    method: 'POST', url: `/api/v1/participant/${participantId}/identity`, headers: await ctx.as('test-ccm'), payload: { Scope: 2, Status: 3, IdentityID: externalId },
  });
  expect(identity.statusCode).toBe(201);
  return participantId;
}

const firingsOf = (participantId: string) => ctx.db.kysely.selectFrom('intervention_firing')
  .select(['value', 'unit', 'level', 'message', 'measured_at', 'window_key']).where('participant_id', '=', participantId).execute();

// POOR_SECONDS add up to 10 320 s: 2.87 hours of poor posture.
const POOR_HOURS = POOR_SECONDS.reduce((a, b) => a + b, 0) / 3600;

describe('a rule on a day\'s hours of poor posture', () => {
  it('fires on the Citizen Hub upload of a day above it, once however often the day is sent, dated on the app\'s day', async () => {
    const participantId = await participantKnownAs('S4H-RULE-1');
    expect((await rules(poorPostureRule(participantId))).statusCode).toBe(201);
    expect((await upload(citizenHubUpload('S4H-RULE-1', '2026-11-20'))).statusCode).toBe(200);
    expect((await upload(citizenHubUpload('S4H-RULE-1', '2026-11-20'))).statusCode).toBe(200);
    const fired = await firingsOf(participantId);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ level: 'criterion', unit: 'h', window_key: '2026-11-20:criterion', message: '2.87 hours of poor posture on November 20, 2026' });
    expect(fired[0]!.value).toBeCloseTo(POOR_HOURS, 10);
    // The care-centre manager's inbox notice states the reading in hours.
    const notices = await ctx.db.kysely.selectFrom('participant_notification').select('message').where('participant_id', '=', participantId).execute();
    expect(notices.map((n) => n.message)).toEqual([expect.objectContaining({
      code: 'interventions.notifications.firedReading', params: expect.objectContaining({ reading: POOR_HOURS, unit: 'h' }), refs: { unit: 'interventions.units.hours' },
    })]);
  });

  it('does not fire for a day below it, nor on good posture', async () => {
    const participantId = await participantKnownAs('S4H-RULE-2');
    expect((await rules(poorPostureRule(participantId))).statusCode).toBe(201);
    const little = POOR_SECONDS.map((s) => Math.min(s, 300));
    expect((await upload(citizenHubUpload('S4H-RULE-2', '2026-11-21', { good: GOOD_SECONDS.map(() => 3600), poor: little }))).statusCode).toBe(200);
    expect(await firingsOf(participantId)).toEqual([]);
  });

  it('needs a criterion and no window: refused (400) without its value', async () => {
    const participantId = await participantKnownAs('S4H-RULE-3');
    const res = await rules(poorPostureRule(participantId, { value: undefined }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([expect.objectContaining({ path: 'value' })]);
  });
});
