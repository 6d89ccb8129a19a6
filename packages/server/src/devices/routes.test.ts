import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { deviceSchema } from '@geria/domain/rules/participants-record.ts';
import { createParticipant } from '../participants/test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const SERIAL_CONFLICT = 'There is a conflict with the device serial number, already used by another patient';

async function addDevice(participantId: string, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: `/api/v1/participant/${participantId}/device`, headers: await ctx.as('test-ccm'), payload });
}

describe('devices', () => {
  it('adds, lists, modifies and removes a device', async () => {
    const id = await createParticipant(ctx);
    const headers = await ctx.as('test-ccm');
    const created = await addDevice(id, { type: 'smartwatch', serial: 'SW-100', number: 1 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ type: 'smartwatch', serial: 'SW-100', number: 1, status: 'active', LastUsed: null });
    const deviceId = created.json().id;
    const updated = await ctx.app.inject({
      method: 'PUT', url: `/api/v1/participant/${id}/device/${deviceId}`, headers,
      payload: { type: 'smartwatch', serial: 'SW-100', status: 'suspended', LastUsed: '2026-11-01T10:00:00Z' },
    });
    expect(updated.json()).toMatchObject({ status: 'suspended', LastUsed: '2026-11-01T10:00:00.000Z' });
    const list = await ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${id}/device`, headers });
    expect(list.json()).toHaveLength(1);
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/participant/${id}/device/${deviceId}`, headers });
    expect(removed.statusCode).toBe(204);
  });

  it('writes and answers the last use under one name, LastUsed, in every answer that lists devices (the shared schema)', async () => {
    const id = await createParticipant(ctx);
    const headers = await ctx.as('test-tech');
    await addDevice(id, { type: 'scale', serial: 'ONE-NAME-1', LastUsed: '2026-11-05T07:30:00Z' });
    const oldName = await addDevice(id, { type: 'scale', serial: 'ONE-NAME-2', lastUsed: '2026-11-05T07:30:00Z' });
    expect(oldName.statusCode).toBe(400);
    expect(oldName.json().error.details).toMatchObject([{ path: 'lastUsed', code: 'validation.unknownField' }]);
    const list = (await ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${id}/device`, headers })).json();
    const transmissions = (await ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${id}/transmissions`, headers })).json();
    const record = (await ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${id}`, headers: await ctx.as('test-ccm') })).json();
    for (const devices of [list, transmissions.devices, record.devices]) {
      expect(devices.map((d: unknown) => deviceSchema.strip().parse(d).LastUsed)).toEqual(['2026-11-05T07:30:00.000Z']);
      expect(devices[0]).not.toHaveProperty('lastUsed');
    }
  });

  it('keeps the participant\'s latest device use for the list', async () => {
    const id = await createParticipant(ctx);
    await addDevice(id, { type: 'scale', serial: 'SC-1', LastUsed: '2026-10-01T00:00:00Z' });
    await addDevice(id, { type: 'oximeter', serial: 'OX-1', LastUsed: '2026-11-02T00:00:00Z' });
    await addDevice(id, { type: 'bulb', serial: 'BU-1' });
    const record = await ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${id}`, headers: await ctx.as('test-ccm') });
    expect(record.json().lastDeviceUse).toBe('2026-11-02T00:00:00.000Z');
  });

  it('refuses a serial number used by another patient, ignoring spaces and letter case', async () => {
    const first = await createParticipant(ctx);
    const second = await createParticipant(ctx);
    expect((await addDevice(first, { type: 'smartphone', serial: 'abc-777' })).statusCode).toBe(201);
    const res = await addDevice(second, { type: 'smartphone', serial: ' ABC-777 ' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'rules.fields.deviceSerialConflict', message: SERIAL_CONFLICT });
  });

  it('refuses the same serial twice on one participant, and lets a device keep its own serial', async () => {
    const id = await createParticipant(ctx);
    const first = await addDevice(id, { type: 'smartphone', serial: 'ONE-1' });
    expect((await addDevice(id, { type: 'smartwatch', serial: 'one-1' })).statusCode).toBe(409);
    const keep = await ctx.app.inject({
      method: 'PUT', url: `/api/v1/participant/${id}/device/${first.json().id}`, headers: await ctx.as('test-ccm'),
      payload: { type: 'smartphone', serial: ' ONE-1', status: 'suspended' },
    });
    expect(keep.statusCode).toBe(200);
  });

  it('refuses a modification to a serial number already taken', async () => {
    const id = await createParticipant(ctx);
    await addDevice(id, { type: 'smartphone', serial: 'TAKEN-1' });
    const other = await addDevice(id, { type: 'smartwatch', serial: 'FREE-1' });
    const res = await ctx.app.inject({
      method: 'PUT', url: `/api/v1/participant/${id}/device/${other.json().id}`, headers: await ctx.as('test-ccm'),
      payload: { type: 'smartwatch', serial: 'TAKEN-1' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('rules.fields.deviceSerialConflict');
  });

  it('lets exactly one of 20 concurrent requests claim a serial number', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => createParticipant(ctx)));
    const results = await Promise.all(ids.map((id) => addDevice(id, { type: 'balanceDevice', serial: 'RACE-42' })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
  });

  it('validates type and status', async () => {
    const id = await createParticipant(ctx);
    const res = await addDevice(id, { type: 'toaster', serial: 'T-1', status: 'broken' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { path: string }) => d.path)).toEqual(['type', 'status']);
  });

  it('answers 404 for a device of another participant', async () => {
    const a = await createParticipant(ctx);
    const b = await createParticipant(ctx);
    const device = await addDevice(a, { type: 'thermometer', serial: 'TH-9' });
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/participant/${b}/device/${device.json().id}`, headers: await ctx.as('test-ccm') });
    expect(res.statusCode).toBe(404);
  });
});
