import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GERIA_MEASUREMENT_SYSTEM } from '@geria/domain';
import { createTestContext, type TestContext } from '../test/context.ts';
import { fhir } from '../test/fhir-fixtures.ts';
import { dailyObservation, participantWithDevice, transaction } from './test-helpers.ts';

let ctx: TestContext;
let participantId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const living = await participantWithDevice(ctx, 'ROOM-LR', 'active', 'livingRoomSensor');
  participantId = living.participantId;
  const bedroom = await participantWithDevice(ctx, 'ROOM-BR', 'active', 'bedroomSensor', participantId);
  const hub = await participantWithDevice(ctx, 'ROOM-HUB', 'active', 'homeDevice', participantId);
  const reading = (device: string, key: string, value: number, unit: string, day: string) => {
    const o = dailyObservation(participantId, device, key, value, unit, day, GERIA_MEASUREMENT_SYSTEM);
    return { ...o, identifier: [{ ...o.identifier[0], value: `${o.identifier[0].value}/${device}` }] };
  };
  const res = await fhir(ctx, 'test-ccm', 'POST', '', transaction([
    reading(living.fhirDeviceId, 'roomTemperature', 22, 'Cel', '2026-11-01'),
    reading(bedroom.fhirDeviceId, 'roomTemperature', 18, 'Cel', '2026-11-01'),
    reading(hub.fhirDeviceId, 'roomTemperature', 20, 'Cel', '2026-11-01'),
    reading(bedroom.fhirDeviceId, 'roomHumidity', 55, '%', '2026-11-02'),
    reading(living.fhirDeviceId, 'motionEvents', 90, '1', '2026-11-01'),
  ]));
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
});
afterAll(async () => { await ctx?.close(); });

const series = async (query: string, user = 'test-ccm') =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${participantId}/measurements?from=2026-11-01&to=2026-11-02&${query}`, headers: await ctx.as(user) });
const points = (body: any, key: string) => body.series.find((s: any) => s.key === key)?.points;

describe('Homehub readings per room', () => {
  it('aggregates every room together without a room', async () => {
    const res = await series('keys=roomTemperature');
    expect(points(res.json(), 'roomTemperature')).toEqual([{ day: '2026-11-01', avg: 20, min: 18, max: 22, n: 3 }]);
  });

  it('keeps to the readings of the room\'s own sensors, and to the room measurements, with a room', async () => {
    const living = (await series('room=livingRoom')).json();
    expect(living.room).toBe('livingRoom');
    expect(living.series.map((s: any) => s.key)).toEqual(['roomTemperature', 'roomHumidity', 'roomLuminance']);
    expect(points(living, 'roomTemperature')).toEqual([{ day: '2026-11-01', avg: 22, min: 22, max: 22, n: 1 }]);
    expect(points(living, 'roomHumidity')).toEqual([]);
    const bedroom = (await series('room=bedroom')).json();
    expect(points(bedroom, 'roomTemperature')).toEqual([{ day: '2026-11-01', avg: 18, min: 18, max: 18, n: 1 }]);
    expect(points(bedroom, 'roomHumidity')).toEqual([{ day: '2026-11-02', avg: 55, min: 55, max: 55, n: 1 }]);
  });

  it('refuses an unknown room, and keeps rooms from Tech', async () => {
    expect((await series('room=kitchen')).statusCode).toBe(400);
    expect((await series('room=bedroom', 'test-tech')).statusCode).toBe(403);
  });
});
