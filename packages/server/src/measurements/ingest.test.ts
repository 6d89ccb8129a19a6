import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerIntegrationClient } from '../auth/integration-clients.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { fhir } from '../test/fhir-fixtures.ts';
import { dailyObservation, participantWithDevice, transaction } from './test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

async function storedObservations(participantId: string) {
  const rows = await ctx.db.kysely.selectFrom('fhir_resource').select('id').where('resource_type', '=', 'Observation').where('patient_id', '=', participantId).execute();
  return rows.length;
}

async function clientToken(clientId: string, role: string, organisation: string) {
  const { clientSecret } = await registerIntegrationClient(ctx.db, { clientId, role, organisation });
  const res = await ctx.app.inject({
    method: 'POST', url: '/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
    payload: 'grant_type=client_credentials',
  });
  if (res.statusCode !== 200) throw new Error(`token: ${res.statusCode} ${res.body}`);
  return res.json().access_token as string;
}

const postBundle = (token: string, bundle: unknown) => ctx.app.inject({
  method: 'POST', url: '/fhir', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/fhir+json' }, payload: JSON.stringify(bundle),
});

describe('device data ingestion through /fhir', () => {
  it('stores a valid bundle and moves the device\'s last use, the participant\'s last transmission and the day\'s count', async () => {
    const { participantId, deviceId, fhirDeviceId } = await participantWithDevice(ctx, 'ING-1');
    const res = await fhir(ctx, 'test-ccm', 'POST', '', transaction([
      dailyObservation(participantId, fhirDeviceId, '29463-7', 71.5, 'kg', '2026-11-20'),
      dailyObservation(participantId, fhirDeviceId, '41950-7', 5400, '/d', '2026-11-21'),
    ]));
    expect(res.status).toBe(200);
    expect(res.body.entry.map((e: any) => e.response.status)).toEqual(['201 Created', '201 Created']);
    const device = await ctx.db.kysely.selectFrom('device').select('last_used').where('id', '=', deviceId).executeTakeFirstOrThrow();
    expect(new Date(device.last_used!).toISOString()).toBe('2026-11-21T08:00:00.000Z');
    const participant = await ctx.db.kysely.selectFrom('participant').select('last_device_use').where('id', '=', participantId).executeTakeFirstOrThrow();
    expect(new Date(participant.last_device_use!).toISOString()).toBe('2026-11-21T08:00:00.000Z');
    const counts = await ctx.db.kysely.selectFrom('device_transmission').select(['observations']).where('device_id', '=', deviceId).orderBy('day').execute();
    expect(counts.map((c) => c.observations)).toEqual([1, 1]);
  });

  it('does not duplicate data when the same bundle is sent again', async () => {
    const { participantId, deviceId, fhirDeviceId } = await participantWithDevice(ctx, 'ING-2');
    const bundle = transaction([dailyObservation(participantId, fhirDeviceId, '8310-5', 36.6, 'Cel', '2026-11-20')]);
    expect((await fhir(ctx, 'test-ccm', 'POST', '', bundle)).status).toBe(200);
    const again = await fhir(ctx, 'test-ccm', 'POST', '', bundle);
    expect(again.status).toBe(200);
    expect(again.body.entry[0].response.status).toBe('200 OK');
    expect(await storedObservations(participantId)).toBe(1);
    const counts = await ctx.db.kysely.selectFrom('device_transmission').select('observations').where('device_id', '=', deviceId).execute();
    expect(counts).toEqual([{ observations: 1 }]);
  });

  it('stores one Observation when 30 identical bundles arrive at once, all answered with it, counted once', async () => {
    const { participantId, deviceId, fhirDeviceId } = await participantWithDevice(ctx, 'ING-30');
    const bundle = transaction([dailyObservation(participantId, fhirDeviceId, '41950-7', 6100, '/d', '2026-11-23')]);
    const results = await Promise.all(Array.from({ length: 30 }, () => fhir(ctx, 'test-ccm', 'POST', '', bundle)));
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(200));
    const entries = results.map((r) => r.body.entry[0]);
    expect(entries.filter((e) => e.response.status === '201 Created')).toHaveLength(1);
    expect(entries.filter((e) => e.response.status === '200 OK')).toHaveLength(29);
    expect(new Set(entries.map((e) => e.resource.id)).size).toBe(1);
    expect(await storedObservations(participantId)).toBe(1);
    const counts = await ctx.db.kysely.selectFrom('device_transmission').select('observations').where('device_id', '=', deviceId).execute();
    expect(counts).toEqual([{ observations: 1 }]);
    // The sender can go on: a later retry finds the one.
    expect((await fhir(ctx, 'test-ccm', 'POST', '', bundle)).body.entry[0].response.status).toBe('200 OK');
  });

  it('creates once for 30 simultaneous POSTs with the same If-None-Exist, answering the others 200 with it', async () => {
    const { participantId, fhirDeviceId } = await participantWithDevice(ctx, 'ING-31');
    const observation = dailyObservation(participantId, fhirDeviceId, '29463-7', 68.2, 'kg', '2026-11-23');
    const ifNoneExist = `identifier=${observation.identifier[0].system}|${observation.identifier[0].value}`;
    const results = await Promise.all(Array.from({ length: 30 }, () => fhir(ctx, 'test-ccm', 'POST', 'Observation', observation, { 'if-none-exist': ifNoneExist })));
    expect(results.map((r) => r.status).sort()).toEqual([...Array(29).fill(200), 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(new Set(results.map((r) => r.headers.location)).size).toBe(1);
    expect(await storedObservations(participantId)).toBe(1);
    expect((await fhir(ctx, 'test-ccm', 'POST', 'Observation', observation, { 'if-none-exist': '' })).status).toBe(400);
  });

  it('refuses data from an unknown device, storing nothing', async () => {
    const { participantId } = await participantWithDevice(ctx, 'ING-3');
    const stray = await fhir(ctx, 'test-ccm', 'POST', 'Device', { resourceType: 'Device', serialNumber: 'NOT-REGISTERED', patient: { reference: `Patient/${participantId}` } });
    const res = await fhir(ctx, 'test-ccm', 'POST', '', transaction([dailyObservation(participantId, stray.body.id, '29463-7', 70, 'kg', '2026-11-20')]));
    expect(res.status).toBe(422);
    expect(res.body.issue[0].diagnostics ?? res.body.issue[0].details?.text).toMatch(/no registered device has serial number NOT-REGISTERED/);
    expect(await storedObservations(participantId)).toBe(0);
  });

  it('refuses data from an inactive or suspended device', async () => {
    const { participantId, fhirDeviceId } = await participantWithDevice(ctx, 'ING-4', 'inactive');
    const res = await fhir(ctx, 'test-ccm', 'POST', '', transaction([dailyObservation(participantId, fhirDeviceId, '29463-7', 70, 'kg', '2026-11-20')]));
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toMatch(/ING-4 is inactive/);
    expect(await storedObservations(participantId)).toBe(0);
  });

  it('refuses a device registered to another participant', async () => {
    const first = await participantWithDevice(ctx, 'ING-5');
    const second = await participantWithDevice(ctx, 'ING-6');
    const res = await fhir(ctx, 'test-ccm', 'POST', '', transaction([dailyObservation(second.participantId, first.fhirDeviceId, '29463-7', 70, 'kg', '2026-11-20')]));
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toMatch(/registered to another participant/);
    expect(await storedObservations(second.participantId)).toBe(0);
  });

  it('refuses an implausible value and a value in another unit, and the valid entries of the same bundle with them', async () => {
    const { participantId, fhirDeviceId } = await participantWithDevice(ctx, 'ING-7');
    const res = await fhir(ctx, 'test-ccm', 'POST', '', transaction([
      dailyObservation(participantId, fhirDeviceId, '29463-7', 70, 'kg', '2026-11-20'),
      dailyObservation(participantId, fhirDeviceId, '59408-5', 130, '%', '2026-11-20'),
      dailyObservation(participantId, fhirDeviceId, '8310-5', 98.6, '[degF]', '2026-11-20'),
    ]));
    expect(res.status).toBe(422);
    const text = JSON.stringify(res.body);
    expect(text).toMatch(/oxygenSaturation 130 is not a plausible value \(50–100 %\)/);
    expect(text).toMatch(/temperature is in Cel/);
    expect(await storedObservations(participantId)).toBe(0);
  });

  it('accepts an intraday heart-rate series and refuses one with an implausible minute', async () => {
    const { participantId, fhirDeviceId } = await participantWithDevice(ctx, 'ING-8');
    const intraday = (data: string) => ({
      resourceType: 'Observation', status: 'final', code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] },
      subject: { reference: `Patient/${participantId}` }, device: { reference: `Device/${fhirDeviceId}` }, effectiveDateTime: '2026-11-20T00:00:00Z',
      valueSampledData: { origin: { value: 0, unit: '/min' }, period: 60_000, dimensions: 1, data },
    });
    expect((await fhir(ctx, 'test-ccm', 'POST', 'Observation', intraday('62 64 E 70'))).status).toBe(201);
    const bad = await fhir(ctx, 'test-ccm', 'POST', 'Observation', intraday('62 400'));
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toMatch(/intraday heart rate 400/);
  });

  it('lets an integration client of the organisation post, and refuses one of another organisation or without write rights', async () => {
    const { participantId, fhirDeviceId } = await participantWithDevice(ctx, 'ING-9');
    const bundle = transaction([dailyObservation(participantId, fhirDeviceId, '29463-7', 70, 'kg', '2026-11-22')]);
    const other = await postBundle(await clientToken('app-other', 'CCM', 'ATH-GCC'), bundle);
    expect(other.statusCode).toBeGreaterThanOrEqual(400);
    expect(other.statusCode).toBeLessThan(500);
    const tech = await postBundle(await clientToken('app-tech', 'Tech', 'MIL-GER'), bundle);
    expect(tech.statusCode).toBe(403);
    expect(await storedObservations(participantId)).toBe(0);
    const own = await postBundle(await clientToken('health-app', 'CCM', 'MIL-GER'), bundle);
    expect(own.statusCode).toBe(200);
    expect(await storedObservations(participantId)).toBe(1);
  });

  it('leaves Observations without a device (assessments) to the other rules', async () => {
    const { participantId } = await participantWithDevice(ctx, 'ING-10');
    const res = await fhir(ctx, 'test-ccm', 'POST', 'Observation', {
      resourceType: 'Observation', status: 'final', code: { coding: [{ system: 'http://loinc.org', code: '29463-7' }] },
      subject: { reference: `Patient/${participantId}` }, effectiveDateTime: '2026-11-20T10:00:00Z', valueQuantity: { value: 500, unit: 'kg' },
    });
    expect(res.status).toBe(201);
  });
});
