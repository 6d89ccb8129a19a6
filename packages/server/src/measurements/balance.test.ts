import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_DURATION, BALANCE_EXERCISE, BALANCE_SCORE, GERIA_BALANCE_SYSTEM } from '@geria/domain';
import { registerIntegrationClient } from '../auth/integration-clients.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { fhir } from '../test/fhir-fixtures.ts';
import { participantWithDevice, transactionOf } from './test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const stored = async (participantId: string) =>
  (await ctx.db.kysely.selectFrom('fhir_resource').select('id').where('resource_type', '=', 'Observation').where('patient_id', '=', participantId).execute()).length;

interface SessionInput { kind?: string; start: string; minutes: number; score?: number; exercises?: string[]; id?: string }

/** A session as the balance-training app sends it (domain device-panels.ts). */
function session(participantId: string, fhirDeviceId: string, { kind = 'session', start, minutes, score, exercises = [], id }: SessionInput) {
  const component = (c: { system: string; code: string }, value: Record<string, unknown>) => ({ code: { coding: [{ system: c.system, code: c.code }] }, ...value });
  return {
    resourceType: 'Observation', status: 'final',
    identifier: [{ system: 'https://geria.health/fhir/balance-app', value: id ?? `${participantId}/${kind}/${start}` }],
    code: { coding: [{ system: GERIA_BALANCE_SYSTEM, code: kind }] },
    subject: { reference: `Patient/${participantId}` }, device: { reference: `Device/${fhirDeviceId}` },
    effectivePeriod: { start },
    component: [
      component(BALANCE_DURATION, { valueQuantity: { value: minutes, unit: 'min', system: 'http://unitsofmeasure.org', code: 'min' } }),
      ...(score === undefined ? [] : [component(BALANCE_SCORE, { valueQuantity: { value: score, unit: '{score}' } })]),
      ...exercises.map((name) => component(BALANCE_EXERCISE, { valueString: name })),
    ],
  };
}

const balanceDevice = (serial: string, status = 'active') => participantWithDevice(ctx, serial, status, 'balanceDevice');
const post = (user: string, resources: ReturnType<typeof session>[]) => fhir(ctx, user, 'POST', '', transactionOf(resources.map((resource) => ({ resource }))));

describe('balance-training sessions through /fhir', () => {
  it('stores sessions and training sessions, lists them newest first and opens one with its exercises and score', async () => {
    const { participantId, fhirDeviceId, deviceId } = await balanceDevice('BAL-1');
    const res = await post('test-ccm', [
      session(participantId, fhirDeviceId, { start: '2026-11-20T10:00:00Z', minutes: 15 }),
      session(participantId, fhirDeviceId, { start: '2026-11-21T10:00:00Z', minutes: 12, score: 81, exercises: ['Tandem stance'] }),
      session(participantId, fhirDeviceId, { kind: 'training-session', start: '2026-11-21T16:00:00Z', minutes: 30, score: 74, exercises: ['Sit to stand', 'Heel raises'] }),
    ]);
    expect(res.status).toBe(200);
    const device = await ctx.db.kysely.selectFrom('device').select('last_used').where('id', '=', deviceId).executeTakeFirstOrThrow();
    expect(new Date(device.last_used!).toISOString()).toBe('2026-11-21T16:00:00.000Z');

    const list = await ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${participantId}/balance-sessions?from=2026-11-20&to=2026-11-21`, headers: await ctx.as('test-ccm') });
    expect(list.statusCode).toBe(200);
    const { sessions, trainingSessions } = list.json();
    expect(sessions.map((s: any) => [s.start, s.durationMinutes, s.score, s.exercises])).toEqual([
      ['2026-11-21T10:00:00.000Z', 12, 81, 1], ['2026-11-20T10:00:00.000Z', 15, null, 0],
    ]);
    expect(trainingSessions).toHaveLength(1);
    expect(trainingSessions[0]).toMatchObject({ kind: 'trainingSession', durationMinutes: 30, score: 74, exercises: 2 });

    const open = async (id: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${participantId}/balance-sessions/${id}`, headers: await ctx.as('test-ccm') });
    const training = await open(trainingSessions[0].id);
    expect(training.json()).toMatchObject({ exercises: ['Sit to stand', 'Heel raises'], score: 74, hasAnalytics: true });
    expect((await open(sessions[1].id)).json()).toMatchObject({ exercises: [], score: null, hasAnalytics: false });
    expect((await open('not-a-session')).statusCode).toBe(404);
  });

  it('does not duplicate a session sent again', async () => {
    const { participantId, fhirDeviceId, deviceId } = await balanceDevice('BAL-2');
    const one = session(participantId, fhirDeviceId, { start: '2026-11-20T10:00:00Z', minutes: 15, score: 60, exercises: ['Step-ups'] });
    expect((await post('test-ccm', [one])).status).toBe(200);
    const again = await post('test-ccm', [one]);
    expect(again.status).toBe(200);
    expect(again.body.entry[0].response.status).toBe('200 OK');
    expect(await stored(participantId)).toBe(1);
    const counts = await ctx.db.kysely.selectFrom('device_transmission').select('observations').where('device_id', '=', deviceId).execute();
    expect(counts).toEqual([{ observations: 1 }]);
  });

  it('refuses a session from an unknown device, an inactive one, or a device that is not a balance device', async () => {
    const { participantId } = await balanceDevice('BAL-3');
    const stray = await fhir(ctx, 'test-ccm', 'POST', 'Device', { resourceType: 'Device', serialNumber: 'BAL-UNKNOWN', patient: { reference: `Patient/${participantId}` } });
    const unknown = await post('test-ccm', [session(participantId, stray.body.id, { start: '2026-11-20T10:00:00Z', minutes: 10 })]);
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown.body)).toMatch(/no registered device has serial number BAL-UNKNOWN/);

    const inactive = await balanceDevice('BAL-4', 'inactive');
    const refused = await post('test-ccm', [session(inactive.participantId, inactive.fhirDeviceId, { start: '2026-11-20T10:00:00Z', minutes: 10 })]);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toMatch(/BAL-4 is inactive/);

    const watch = await participantWithDevice(ctx, 'BAL-5');
    const wrongType = await post('test-ccm', [session(watch.participantId, watch.fhirDeviceId, { start: '2026-11-20T10:00:00Z', minutes: 10 })]);
    expect(wrongType.status).toBe(422);
    expect(JSON.stringify(wrongType.body)).toMatch(/come from a balanceDevice, not a smartwatch/);
    expect(await stored(participantId) + await stored(inactive.participantId) + await stored(watch.participantId)).toBe(0);
  });

  it('refuses implausible content — duration, score, a training session without exercise, an unknown session code — and the valid sessions sent with it', async () => {
    const { participantId, fhirDeviceId } = await balanceDevice('BAL-6');
    const valid = session(participantId, fhirDeviceId, { start: '2026-11-19T10:00:00Z', minutes: 10 });
    const cases: [ReturnType<typeof session>, RegExp][] = [
      [session(participantId, fhirDeviceId, { start: '2026-11-20T10:00:00Z', minutes: 900 }), /duration 900 is not plausible/],
      [session(participantId, fhirDeviceId, { start: '2026-11-20T10:00:00Z', minutes: 10, score: 140 }), /score 140 is not plausible/],
      [session(participantId, fhirDeviceId, { kind: 'training-session', start: '2026-11-20T10:00:00Z', minutes: 10 }), /at least one exercise/],
      [session(participantId, fhirDeviceId, { kind: 'yoga', start: '2026-11-20T10:00:00Z', minutes: 10 }), /is not a balance-training session/],
    ];
    for (const [bad, message] of cases) {
      const res = await post('test-ccm', [valid, bad]);
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body)).toMatch(message);
    }
    expect(await stored(participantId)).toBe(0);
  });

  it('takes sessions from the balance-training app\'s integration client of the organisation, not from another organisation\'s', async () => {
    const { participantId, fhirDeviceId } = await balanceDevice('BAL-9');
    const token = async (clientId: string, organisation: string) => {
      const { clientSecret } = await registerIntegrationClient(ctx.db, { clientId, role: 'CCM', organisation });
      const res = await ctx.app.inject({
        method: 'POST', url: '/auth/token', payload: 'grant_type=client_credentials',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
      });
      return res.json().access_token as string;
    };
    const bundle = JSON.stringify(transactionOf([{ resource: session(participantId, fhirDeviceId, { start: '2026-11-22T10:00:00Z', minutes: 18, score: 70, exercises: ['Step-ups'] }) }]));
    const send = async (clientToken: string) => ctx.app.inject({
      method: 'POST', url: '/fhir', payload: bundle, headers: { authorization: `Bearer ${clientToken}`, 'content-type': 'application/fhir+json' },
    });
    const other = await send(await token('balance-app-other', 'ATH-GCC'));
    expect(other.statusCode).toBeGreaterThanOrEqual(400);
    expect(other.statusCode).toBeLessThan(500);
    expect(await stored(participantId)).toBe(0);
    expect((await send(await token('balance-app', 'MIL-GER'))).statusCode).toBe(200);
    expect(await stored(participantId)).toBe(1);
  });

  it('refuses a session for a participant of another organisation', async () => {
    const { participantId, fhirDeviceId } = await balanceDevice('BAL-7');
    const res = await post('other-ccm', [session(participantId, fhirDeviceId, { start: '2026-11-20T10:00:00Z', minutes: 10 })]);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await stored(participantId)).toBe(0);
  });

  it('keeps sessions from Tech and from other organisations, and refuses a bad range', async () => {
    const { participantId, fhirDeviceId } = await balanceDevice('BAL-8');
    const res = await post('test-ccm', [session(participantId, fhirDeviceId, { start: '2026-11-20T10:00:00Z', minutes: 10, score: 50 })]);
    const id = res.body.entry[0].resource.id;
    const get = async (path: string, user: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${participantId}/${path}`, headers: await ctx.as(user) });
    expect((await get('balance-sessions?from=2026-11-01&to=2026-11-30', 'test-tech')).statusCode).toBe(403);
    expect((await get(`balance-sessions/${id}`, 'test-tech')).statusCode).toBe(403);
    expect((await get('balance-sessions?from=2026-11-01&to=2026-11-30', 'other-ccm')).statusCode).toBe(404);
    expect((await get(`balance-sessions/${id}`, 'other-ccm')).statusCode).toBe(404);
    expect((await get('balance-sessions?from=2026-11-30&to=2026-11-01', 'test-ccm')).statusCode).toBe(400);
    expect((await get(`balance-sessions/${id}`, 'test-ccm')).statusCode).toBe(200);
  });
});
