import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createParticipant } from '../participants/test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const event = (overrides: Record<string, unknown> = {}) => ({
  event: 'Fall in the bathroom', recordedDate: '2026-10-02', detectedDate: '2026-10-01', category: 'unsafe_physical_environment',
  severity: 'moderate', outcome: 'recovering', causality: 'possibility', actuality: 'actual', seriousness: 'non_serious', ...overrides,
});

async function withSuspects() {
  const id = await createParticipant(ctx);
  const headers = await ctx.as('test-ccm');
  const device = await ctx.app.inject({ method: 'POST', url: `/api/v1/participant/${id}/device`, headers, payload: { type: 'smartwatch', serial: `AE-${id}` } });
  const medication = await ctx.app.inject({ method: 'POST', url: `/api/v1/participant/${id}/medication`, headers, payload: { substance: 'Donepezil' } });
  return { id, headers, deviceId: device.json().id as string, medicationId: medication.json().id as string };
}

describe('adverse events', () => {
  it('records an AdverseEvent with suspected device and medication, lists and edits it', async () => {
    const { id, headers, deviceId, medicationId } = await withSuspects();
    const suspectEntities = [{ kind: 'Device', id: deviceId }, { kind: 'Medication', id: medicationId }];
    const created = await ctx.app.inject({ method: 'POST', url: `/api/v1/participant/${id}/adverse-event`, headers, payload: event({ suspectEntities }) });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ event: 'Fall in the bathroom', severity: 'moderate', suspectEntities });
    const fhir = await ctx.app.inject({ method: 'GET', url: `/fhir/AdverseEvent/${created.json().id}`, headers });
    expect(fhir.json().suspectEntity.map((s: { instance: { reference: string } }) => s.instance.reference))
      .toEqual([`Device/${deviceId}`, `MedicationStatement/${medicationId}`]);
    expect(fhir.json().subject.reference).toBe(`Patient/${id}`);
    // Every reference resolves on /fhir: the suspect device is a FHIR Device of the record's id.
    for (const reference of [`Device/${deviceId}`, `MedicationStatement/${medicationId}`, `Patient/${id}`]) {
      const resolved = await ctx.app.inject({ method: 'GET', url: `/fhir/${reference}`, headers });
      expect(resolved.statusCode, reference).toBe(200);
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/fhir/Device/${deviceId}`, headers })).json()).toMatchObject({ serialNumber: `AE-${id}`, patient: { reference: `Patient/${id}` } });
    // A change of the device record reaches its FHIR Device.
    await ctx.app.inject({ method: 'PUT', url: `/api/v1/participant/${id}/device/${deviceId}`, headers, payload: { type: 'smartwatch', serial: `AE2-${id}`, status: 'active' } });
    expect((await ctx.app.inject({ method: 'GET', url: `/fhir/Device/${deviceId}`, headers })).json()).toMatchObject({ serialNumber: `AE2-${id}` });

    const edited = await ctx.app.inject({
      method: 'PUT', url: `/api/v1/participant/${id}/adverse-event/${created.json().id}`, headers,
      payload: event({ outcome: 'resolved', seriousness: 'serious', suspectEntities: [{ kind: 'Device', id: deviceId }] }),
    });
    expect(edited.statusCode).toBe(200);
    const list = await ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${id}/adverse-event`, headers });
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0]).toMatchObject({ outcome: 'resolved', seriousness: 'serious', suspectEntities: [{ kind: 'Device', id: deviceId }] });
  });

  it('refuses another patient\'s device or medication as suspect (422) and unknown codes (400)', async () => {
    const first = await withSuspects();
    const second = await withSuspects();
    const url = `/api/v1/participant/${first.id}/adverse-event`;
    const foreignDevice = await ctx.app.inject({ method: 'POST', url, headers: first.headers, payload: event({ suspectEntities: [{ kind: 'Device', id: second.deviceId }] }) });
    expect(foreignDevice.statusCode).toBe(422);
    expect(foreignDevice.json().error.code).toBe('adverseEvents.errors.unknownSuspect');
    const foreignMedication = await ctx.app.inject({ method: 'POST', url, headers: first.headers, payload: event({ suspectEntities: [{ kind: 'Medication', id: second.medicationId }] }) });
    expect(foreignMedication.statusCode).toBe(422);
    const badCode = await ctx.app.inject({ method: 'POST', url, headers: first.headers, payload: event({ category: 'bad_luck' }) });
    expect(badCode.statusCode).toBe(400);
    const late = await ctx.app.inject({ method: 'POST', url, headers: first.headers, payload: event({ detectedDate: '2026-10-05' }) });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.details[0].code).toBe('adverseEvents.errors.detectedAfterRecorded');
  });

  it('hides the events from another organisation and from roles without the patient record', async () => {
    const { id } = await withSuspects();
    const url = `/api/v1/participant/${id}/adverse-event`;
    expect((await ctx.app.inject({ method: 'GET', url, headers: await ctx.as('other-ccm') })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url, headers: await ctx.as('test-tech') })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url, headers: await ctx.as('test-auditor'), payload: event() })).statusCode).toBe(403);
  });
});
