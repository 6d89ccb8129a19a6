import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inactivity } from '@geria/domain';
import { openTestDb } from '../test/context.ts';
import type { Db } from '../db/connection.ts';
import { insertParticipants } from '../demo/participants.ts';
import { insertDeviceData } from './demo.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => { ({ db, drop } = await openTestDb()); });
afterAll(async () => { await drop?.(); });

describe('demo device data', () => {
  it('gives the demo organisation\'s active devices 90 days of data ending at their last use, with gaps and all inactivity bands', async () => {
    await insertParticipants(db, 120, 2026);
    const started = Date.now();
    const first = await insertDeviceData(db);
    const elapsed = Date.now() - started;
    expect(first.devices).toBeGreaterThan(5);
    const perDevice = await db.kysely.selectFrom('device_transmission').select(['device_id', (eb) => eb.fn.countAll<number>().as('days')]).groupBy('device_id').execute();
    expect(perDevice.length).toBeGreaterThan(5);
    for (const d of perDevice) expect(Number(d.days)).toBeGreaterThan(70);
    expect(perDevice.every((d) => Number(d.days) <= 90)).toBe(true);
    const { rows } = await (await import('kysely')).sql<{ last: Date; used: Date }>`
      select max(t.day)::text as last, to_char(d.last_used at time zone 'UTC', 'YYYY-MM-DD') as used
      from device_transmission t join device d on d.id = t.device_id group by d.id, d.last_used`.execute(db.kysely);
    for (const r of rows) expect(String(r.last)).toBe(String(r.used));
    const uses = await db.kysely.selectFrom('participant').select('last_device_use').where('organisation', '=', 'MIL-GER').execute();
    const bands = new Set(uses.map((u) => inactivity([u.last_device_use ? new Date(u.last_device_use).toISOString() : null], new Date()).band));
    expect(bands.size).toBeGreaterThan(2);
    console.info(`demo device data: ${first.observations} observations, ${first.devices} devices in ${elapsed} ms`);
  }, 120_000);

  it('adds the health-data platform\'s reports, balance-training sessions and Homehub readings of both rooms', async () => {
    const { sql } = await import('kysely');
    const count = async (query: ReturnType<typeof sql<{ n: number }>>) => Number((await query.execute(db.kysely)).rows[0]!.n);
    const reports = await count(sql<{ n: number }>`select count(*)::int as n from fhir_resource where resource_type = 'DiagnosticReport' and tokens && array[
      'code=https://geria.health/fhir/CodeSystem/device-report|cardio', 'code=https://geria.health/fhir/CodeSystem/device-report|movements',
      'code=https://geria.health/fhir/CodeSystem/device-report|weight', 'code=https://geria.health/fhir/CodeSystem/device-report|sleep']::text[]`);
    expect(reports).toBeGreaterThan(90);
    const sessions = await count(sql<{ n: number }>`select count(*)::int as n from fhir_resource where resource_type = 'Observation'
      and tokens && array['code=https://geria.health/fhir/CodeSystem/balance-training|session', 'code=https://geria.health/fhir/CodeSystem/balance-training|training-session']::text[]`);
    expect(sessions).toBeGreaterThan(60);
    for (const type of ['livingRoomSensor', 'bedroomSensor']) {
      const readings = await count(sql<{ n: number }>`select count(*)::int as n from device_transmission t join device d on d.id = t.device_id where d.type = ${type}`);
      expect(readings, type).toBeGreaterThan(70);
    }
  }, 60_000);
});
