import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { fhir } from '../test/fhir-fixtures.ts';
import { dailyObservation, participantWithDevice, transaction } from './test-helpers.ts';

let ctx: TestContext;
let participantId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const made = await participantWithDevice(ctx, 'READ-1');
  participantId = made.participantId;
  const obs = (code: string, value: number, unit: string, day: string, hour = '08') => {
    const o = dailyObservation(participantId, made.fhirDeviceId, code, value, unit, day);
    return { ...o, identifier: [{ ...o.identifier[0], value: `${o.identifier[0].value}/${hour}` }], effectiveDateTime: `${day}T${hour}:00:00Z` };
  };
  const res = await fhir(ctx, 'test-ccm', 'POST', '', transaction([
    obs('29463-7', 70, 'kg', '2026-11-01'), obs('29463-7', 72, 'kg', '2026-11-01', '20'), obs('29463-7', 71, 'kg', '2026-11-03'),
    obs('41950-7', 4000, '/d', '2026-11-02'), obs('29463-7', 90, 'kg', '2026-10-31', '23'),
  ]));
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  await fhir(ctx, 'test-ccm', 'POST', 'Observation', {
    resourceType: 'Observation', status: 'final', code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] },
    subject: { reference: `Patient/${participantId}` }, device: { reference: `Device/${made.fhirDeviceId}` }, effectiveDateTime: '2026-11-01T06:00:00Z',
    valueSampledData: { origin: { value: 0, unit: '/min' }, period: 60_000, dimensions: 1, data: '60 E 64' },
  });
});
afterAll(async () => { await ctx?.close(); });

const get = async (url: string, user = 'test-ccm') => ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${participantId}/${url}`, headers: await ctx.as(user) });

describe('measurement reads', () => {
  it('aggregates each measurement per UTC day within the range, both ends included', async () => {
    const res = await get('measurements?from=2026-11-01&to=2026-11-03&keys=weight,steps');
    expect(res.statusCode).toBe(200);
    const [weight, steps] = res.json().series;
    expect(weight).toMatchObject({ key: 'weight', unit: 'kg' });
    expect(weight.points).toEqual([
      { day: '2026-11-01', avg: 71, min: 70, max: 72, n: 2 },
      { day: '2026-11-03', avg: 71, min: 71, max: 71, n: 1 },
    ]);
    expect(steps.points).toEqual([{ day: '2026-11-02', avg: 4000, min: 4000, max: 4000, n: 1 }]);
  });

  it('answers every measurement, empty where there is no data', async () => {
    const res = await get('measurements?from=2026-11-01&to=2026-11-01');
    const series = res.json().series;
    expect(series.length).toBeGreaterThan(20);
    expect(series.find((s: any) => s.key === 'oxygenSaturation').points).toEqual([]);
  });

  it('gives the latest value and the previous one', async () => {
    const latest = (await get('measurements/latest')).json();
    expect(latest.find((l: any) => l.key === 'weight')).toMatchObject({ value: 71, previous: 72, at: '2026-11-03T08:00:00.000Z', unit: 'kg' });
    expect(latest.find((l: any) => l.key === 'steps')).toMatchObject({ value: 4000, previous: null });
  });

  it('gives the minute heart rate of a day, gaps left out', async () => {
    const res = (await get('measurements/intraday?day=2026-11-01')).json();
    expect(res.points).toEqual([{ at: '2026-11-01T06:00:00.000Z', value: 60 }, { at: '2026-11-01T06:02:00.000Z', value: 64 }]);
  });

  it('gives tech support counts per device and day without values', async () => {
    const res = await get('transmissions?days=30&to=2026-11-05', 'test-tech');
    expect(res.statusCode).toBe(200);
    const [device] = res.json().devices;
    expect(device).toMatchObject({ serial: 'READ-1', status: 'active', LastUsed: '2026-11-03T08:00:00.000Z' });
    expect(device.days.find((d: any) => d.day === '2026-11-01').observations).toBe(3);
    expect(JSON.stringify(res.json())).not.toMatch(/"value"/);
  });

  it('keeps clinical values from Tech and from other organisations', async () => {
    expect((await get('measurements?from=2026-11-01&to=2026-11-03', 'test-tech')).statusCode).toBe(403);
    expect((await get('measurements/latest', 'test-tech')).statusCode).toBe(403);
    expect((await get('measurements/latest', 'other-ccm')).statusCode).toBe(404);
    expect((await get('transmissions', 'other-ccm')).statusCode).toBe(404);
  });

  it('refuses a bad range with 400', async () => {
    expect((await get('measurements?from=2026-11-03&to=2026-11-01')).statusCode).toBe(400);
    expect((await get('measurements?from=2026-11-01&to=2030-11-01')).statusCode).toBe(400);
    expect((await get('measurements?from=yesterday&to=2026-11-01')).statusCode).toBe(400);
    expect((await get('measurements?from=2026-11-01&to=2026-11-02&keys=nope')).statusCode).toBe(400);
    expect((await get('transmissions?days=0', 'test-tech')).statusCode).toBe(400);
  });
});
