import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GERIA_REPORT_SYSTEM } from '@geria/domain';
import { createTestContext, type TestContext } from '../test/context.ts';
import { fhir } from '../test/fhir-fixtures.ts';
import { dailyObservation, participantWithDevice, transactionOf } from './test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const count = async (type: string, participantId: string) =>
  (await ctx.db.kysely.selectFrom('fhir_resource').select('id').where('resource_type', '=', type).where('patient_id', '=', participantId).execute()).length;

/** A report of `kind` over the day's Observations, which the same Bundle creates (urn:uuid references). */
function reportBundle(participantId: string, fhirDeviceId: string, kind: string, day: string, values: [code: string, value: number, unit: string, system?: string][]) {
  const observations = values.map(([code, value, unit, system], i) => ({
    fullUrl: `urn:uuid:00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    resource: dailyObservation(participantId, fhirDeviceId, code, value, unit, day, system),
  }));
  const report = {
    resourceType: 'DiagnosticReport', status: 'final',
    identifier: [{ system: 'https://geria.health/fhir/health-platform', value: `${participantId}/${kind}/${day}` }],
    code: { coding: [{ system: GERIA_REPORT_SYSTEM, code: kind }] }, subject: { reference: `Patient/${participantId}` },
    effectiveDateTime: `${day}T09:00:00Z`, result: observations.map((o) => ({ reference: o.fullUrl })),
  };
  return transactionOf([...observations, { resource: report }]);
}

const LOCAL = 'https://geria.health/fhir/CodeSystem/device-measurement';
const weightDay = (weight = 71.5): [string, number, string, string?][] => [['29463-7', weight, 'kg'], ['41982-0', 28, '%'], ['bodyWater', 52, '%', LOCAL]];

describe('health-data platform reports through /fhir', () => {
  it('stores a report with its day\'s Observations and serves it with its values, newest first', async () => {
    const { participantId, fhirDeviceId } = await participantWithDevice(ctx, 'REP-1');
    expect((await fhir(ctx, 'test-ccm', 'POST', '', reportBundle(participantId, fhirDeviceId, 'weight', '2026-11-20', weightDay()))).status).toBe(200);
    const second = await fhir(ctx, 'test-ccm', 'POST', '', reportBundle(participantId, fhirDeviceId, 'sleep', '2026-11-21', [['93832-4', 7.5, 'h'], ['93831-6', 1.5, 'h']]));
    expect(second.status).toBe(200);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${participantId}/measurements/reports?from=2026-11-20&to=2026-11-21`, headers: await ctx.as('test-ccm') });
    expect(res.statusCode).toBe(200);
    const { reports } = res.json();
    expect(reports.map((r: any) => [r.kind, r.at])).toEqual([['sleep', '2026-11-21T09:00:00.000Z'], ['weight', '2026-11-20T09:00:00.000Z']]);
    expect(reports[1].values).toEqual([{ key: 'weight', unit: 'kg', value: 71.5 }, { key: 'bodyFat', unit: '%', value: 28 }, { key: 'bodyWater', unit: '%', value: 52 }]);
    expect(reports[0].values.map((v: any) => v.key)).toEqual(['sleepTotal', 'sleepDeep']);
    const sleepOnly = await ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${participantId}/measurements/reports?from=2026-11-01&to=2026-11-30&kind=sleep`, headers: await ctx.as('test-ccm') });
    expect(sleepOnly.json().reports.map((r: any) => r.kind)).toEqual(['sleep']);
    const before = await ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${participantId}/measurements/reports?from=2026-11-01&to=2026-11-19`, headers: await ctx.as('test-ccm') });
    expect(before.json().reports).toEqual([]);
  });

  it('does not duplicate a report or its Observations when the bundle is sent again', async () => {
    const { participantId, fhirDeviceId } = await participantWithDevice(ctx, 'REP-2');
    const bundle = reportBundle(participantId, fhirDeviceId, 'weight', '2026-11-20', weightDay());
    expect((await fhir(ctx, 'test-ccm', 'POST', '', bundle)).status).toBe(200);
    const again = await fhir(ctx, 'test-ccm', 'POST', '', bundle);
    expect(again.status).toBe(200);
    expect(again.body.entry.map((e: any) => e.response.status)).toEqual(['200 OK', '200 OK', '200 OK', '200 OK']);
    expect(await count('DiagnosticReport', participantId)).toBe(1);
    expect(await count('Observation', participantId)).toBe(3);
  });

  it('refuses a report whose Observations come from an unknown device, storing nothing', async () => {
    const { participantId } = await participantWithDevice(ctx, 'REP-3');
    const stray = await fhir(ctx, 'test-ccm', 'POST', 'Device', { resourceType: 'Device', serialNumber: 'REP-UNREGISTERED', patient: { reference: `Patient/${participantId}` } });
    const res = await fhir(ctx, 'test-ccm', 'POST', '', reportBundle(participantId, stray.body.id, 'weight', '2026-11-20', weightDay()));
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toMatch(/no registered device has serial number REP-UNREGISTERED/);
    expect(await count('DiagnosticReport', participantId)).toBe(0);
    expect(await count('Observation', participantId)).toBe(0);
  });

  it('refuses a report with an implausible value, storing nothing', async () => {
    const { participantId, fhirDeviceId } = await participantWithDevice(ctx, 'REP-4');
    const res = await fhir(ctx, 'test-ccm', 'POST', '', reportBundle(participantId, fhirDeviceId, 'weight', '2026-11-20', weightDay(900)));
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toMatch(/weight 900 is not a plausible value/);
    expect(await count('DiagnosticReport', participantId)).toBe(0);
    expect(await count('Observation', participantId)).toBe(0);
  });

  it('refuses a report of an unknown kind, one grouping another kind\'s measurements, and one over another participant\'s Observations', async () => {
    const { participantId, fhirDeviceId } = await participantWithDevice(ctx, 'REP-5');
    const unknown = await fhir(ctx, 'test-ccm', 'POST', '', reportBundle(participantId, fhirDeviceId, 'mood', '2026-11-20', weightDay()));
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown.body)).toMatch(/not a report of the study/);
    const mixed = await fhir(ctx, 'test-ccm', 'POST', '', reportBundle(participantId, fhirDeviceId, 'sleep', '2026-11-20', weightDay()));
    expect(mixed.status).toBe(422);
    expect(JSON.stringify(mixed.body)).toMatch(/is not a device measurement of a sleep report/);
    expect(await count('Observation', participantId)).toBe(0);

    const other = await participantWithDevice(ctx, 'REP-6');
    const theirs = await fhir(ctx, 'test-ccm', 'POST', 'Observation', dailyObservation(other.participantId, other.fhirDeviceId, '29463-7', 80, 'kg', '2026-11-20'));
    expect(theirs.status).toBe(201);
    const borrowed = await fhir(ctx, 'test-ccm', 'POST', 'DiagnosticReport', {
      resourceType: 'DiagnosticReport', status: 'final', code: { coding: [{ system: GERIA_REPORT_SYSTEM, code: 'weight' }] },
      subject: { reference: `Patient/${participantId}` }, effectiveDateTime: '2026-11-20T09:00:00Z', result: [{ reference: `Observation/${theirs.body.id}` }],
    });
    expect(borrowed.status).toBe(422);
    expect(JSON.stringify(borrowed.body)).toMatch(/is another participant's/);
    expect(await count('DiagnosticReport', participantId)).toBe(0);
  });

  it('refuses a report for a participant of another organisation', async () => {
    const { participantId, fhirDeviceId } = await participantWithDevice(ctx, 'REP-7');
    const res = await fhir(ctx, 'other-ccm', 'POST', '', reportBundle(participantId, fhirDeviceId, 'weight', '2026-11-20', weightDay()));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await count('DiagnosticReport', participantId)).toBe(0);
    expect(await count('Observation', participantId)).toBe(0);
  });

  it('keeps reports from Tech and from other organisations, and refuses a bad range or kind', async () => {
    const { participantId } = await participantWithDevice(ctx, 'REP-8');
    const get = async (query: string, user: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${participantId}/measurements/reports?${query}`, headers: await ctx.as(user) });
    expect((await get('from=2026-11-01&to=2026-11-30', 'test-tech')).statusCode).toBe(403);
    expect((await get('from=2026-11-01&to=2026-11-30', 'other-ccm')).statusCode).toBe(404);
    expect((await get('from=2026-11-30&to=2026-11-01', 'test-ccm')).statusCode).toBe(400);
    expect((await get('from=2026-11-01&to=2026-11-30&kind=mood', 'test-ccm')).statusCode).toBe(400);
  });
});
