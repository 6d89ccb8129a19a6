import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { homePilot } from '@geria/domain';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createParticipant } from '../participants/test-helpers.ts';
import { system } from '../assessments/test-helpers.ts';
import { OTHER_ORGANISATION } from '../test/fixtures.ts';
import { POSTURE_GOOD, POSTURE_POOR, SNOMED } from '../test/citizen-hub-fixtures.ts';

/**
 * Posture in Home's device statistics, against hand-computed hours: A and B of MIL-GER's home
 * pilot, C of it but objecting to processing, D of another organisation.
 */
let ctx: TestContext;
let a: string, b: string, c: string, d: string;
const DAY = 86_400_000;
const dayAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
/** A day of seconds per hour whose hours add up to `hours` (whole hours first, then the rest). */
const seconds = (hours: number) => Array.from({ length: 24 }, (_, i) => Math.max(0, Math.min(3600, (hours - i) * 3600))).join(' ');

async function posture(patient: string, day: string, kind: 'good' | 'poor', hours: number) {
  const created = await system(ctx).create({
    resourceType: 'Observation', status: 'final', code: { coding: [{ system: SNOMED, code: kind === 'good' ? POSTURE_GOOD : POSTURE_POOR }] },
    subject: { reference: `Patient/${patient}` }, effectivePeriod: { start: `${day}T00:00:00+01:00`, end: `${day}T23:59:59+01:00` },
    valueSampledData: { origin: { value: 0, unit: 'second', system: 'http://unitsofmeasure.org', code: 's' }, period: 3600000, lowerLimit: 0, upperLimit: 3600, dimensions: 1, data: seconds(hours) },
  });
  return created.resource!.id!;
}

let bGood: string;
beforeAll(async () => {
  ctx = await createTestContext();
  [a, b, c] = [await createParticipant(ctx, { ccmids: [] }), await createParticipant(ctx, { ccmids: [] }), await createParticipant(ctx, { ccmids: [] })];
  d = await createParticipant(ctx, { pilot: homePilot(OTHER_ORGANISATION)!.pilotid, ccmids: [] }, 'other-ccm');
  await ctx.db.kysely.updateTable('participant').set({ processing_objected: true }).where('id', '=', c).execute();
  await posture(a, dayAgo(0), 'good', 2);
  await posture(a, dayAgo(0), 'poor', 0.5);
  await posture(a, dayAgo(3), 'good', 1);
  // Before Home's seven days: not counted.
  await posture(a, dayAgo(10), 'good', 5);
  bGood = await posture(b, dayAgo(0), 'good', 4);
  await posture(b, dayAgo(0), 'poor', 1);
  await posture(c, dayAgo(0), 'good', 8);
  await posture(d, dayAgo(0), 'good', 8);
});
afterAll(async () => { await ctx?.close(); });

const devices = async (user = 'test-expert') => (await ctx.app.inject({ method: 'GET', url: '/api/v1/statistics/devices?refresh=true', headers: await ctx.as(user) })).json();
const empty = (day: string) => ({ day, participants: 0, goodHours: 0, poorHours: 0 });

describe('posture in Home\'s device statistics', () => {
  it('sums the hours of good and poor posture per day of the last 7 days, with the participants who sent them', async () => {
    const { posture: body } = await devices();
    expect(body.participants).toBe(2);
    expect(body.days).toEqual([
      empty(dayAgo(6)), empty(dayAgo(5)), empty(dayAgo(4)),
      { day: dayAgo(3), participants: 1, goodHours: 1, poorHours: 0 },
      empty(dayAgo(2)), empty(dayAgo(1)),
      { day: dayAgo(0), participants: 2, goodHours: 6, poorHours: 1.5 },
    ]);
  });

  it('follows an Observation changed or deleted', async () => {
    const before = await system(ctx).read('Observation', bGood);
    await system(ctx).update('Observation', bGood, { ...before, valueSampledData: { ...(before as { valueSampledData: object }).valueSampledData, data: seconds(3) } });
    expect((await devices()).posture.days.at(-1)).toEqual({ day: dayAgo(0), participants: 2, goodHours: 5, poorHours: 1.5 });
    await system(ctx).delete('Observation', bGood);
    expect((await devices()).posture.days.at(-1)).toEqual({ day: dayAgo(0), participants: 2, goodHours: 2, poorHours: 1.5 });
  });

  it('is clinical data: not for Tech, who sees the devices only', async () => {
    const body = await devices('test-tech');
    expect(body.posture).toBeNull();
    expect(body.devicesByType).toBeDefined();
  });

  it('is computed by migration 100 for the posture stored before it as the write hook computes it', async () => {
    const indexed = await sql<{ observation_id: string; day: string; kind: string; hours: number }>`
      select observation_id, to_char(day, 'YYYY-MM-DD') as day, kind, hours from stat_posture order by 1`.execute(ctx.db.kysely);
    expect(indexed.rows).toHaveLength(7);
    const migration = await readFile(new URL('../db/migrations/100_stat_posture.sql', import.meta.url), 'utf8');
    const backfill = migration.slice(migration.indexOf('insert into stat_posture'));
    await sql`delete from stat_posture`.execute(ctx.db.kysely);
    await sql.raw(backfill).execute(ctx.db.kysely);
    const again = await sql`select observation_id, to_char(day, 'YYYY-MM-DD') as day, kind, hours from stat_posture order by 1`.execute(ctx.db.kysely);
    expect(again.rows).toEqual(indexed.rows);
  });
});
