import { sql } from 'kysely';
import type { SampledData } from '@medplum/fhirtypes';
import {
  HOME_ROOMS, INTRADAY_HEART_RATE, MEASUREMENTS, POSTURE_CODES, postureDays, postureHourly, postureKindOf, ROOM_MEASUREMENTS, SNOMED_SYSTEM, type HomeRoom, type Measurement, type PostureKind,
} from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { ownParticipantId, type Caller } from '../participants/access.ts';
import { toApi as deviceOf } from '../devices/service.ts';
import { tokenKeys } from '../fhir/resource-types.ts';
import './tables.ts';

const codeToken = (m: { system: string; code: string }) => tokenKeys.exact('code', m.system, m.code);

/** The measurements as an SQL VALUES list (key, code token), joined to the participant's Observations. */
const measurementValues = (measurements: readonly Measurement[]) =>
  sql.join(measurements.map((m) => sql`(${m.key}, ${codeToken(m)})`));

/** The measurements as an SQL VALUES list (key, "system|code" of their identifying coding). */
const codingValues = (measurements: readonly Measurement[]) =>
  sql.join(measurements.map((m) => sql`(${m.key}, ${`${m.system}|${m.code}`})`));

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

export interface DayPoint { day: string; avg: number; min: number; max: number; n: number }

/**
 * Each measurement's value per UTC day (average, minimum, maximum, count) between two days
 * inclusive, aggregated in SQL on the FHIR store's patient/date index. With a room, only the room
 * readings of the participant's registered sensors of that room (domain HOME_ROOMS): the reading's
 * Device resource, by serial number, is a registered device of the room's type.
 */
export async function dailySeries(db: Db, caller: Caller, participantId: string, from: string, to: string, keys?: readonly string[], room?: HomeRoom) {
  await ownParticipantId(db.kysely, caller.organisation, participantId);
  const wanted = keys?.length ? MEASUREMENTS.filter((m) => keys.includes(m.key)) : MEASUREMENTS;
  const measurements = room ? wanted.filter((m) => (ROOM_MEASUREMENTS as readonly string[]).includes(m.key)) : wanted;
  if (!measurements.length) return { from, to, ...(room && { room }), series: [] };
  const inRoom = room ? sql`
    join fhir_resource dev on dev.resource_type = 'Device' and not dev.deleted and dev.id = split_part(r.content->'device'->>'reference', '/', 2)
    join device d on d.participant_id = ${participantId} and d.type = ${HOME_ROOMS[room]}
      and upper(btrim(d.serial)) = upper(btrim(dev.content->>'serialNumber'))` : sql``;
  // The participant's Observations of the range first (small rows: codings, day, value), then their
  // codings matched to the measurements by a hash join. A containment test of every row's tokens
  // against every measurement cost four times as much on a year of data (bench/devicedata.ts).
  const { rows } = await sql<{ key: string; day: string; avg: number; min: number; max: number; n: number }>`
    with o as materialized (
      select r.content->'code'->'coding' as coding, to_char(r.date_start at time zone 'UTC', 'YYYY-MM-DD') as day,
        (r.content->'valueQuantity'->>'value')::float8 as value
      from fhir_resource r
      ${inRoom}
      where r.resource_type = 'Observation' and not r.deleted and r.patient_id = ${participantId}
        and r.date_start >= ${`${from}T00:00:00Z`}::timestamptz and r.date_start < ${dayAfter(to)}::timestamptz
    )
    select m.key, o.day, avg(o.value)::float8 as avg, min(o.value)::float8 as min, max(o.value)::float8 as max, count(*)::int as n
    from o cross join lateral jsonb_array_elements(case when jsonb_typeof(o.coding) = 'array' then o.coding else '[]'::jsonb end) as c
    join (values ${codingValues(measurements)}) as m(key, coding) on m.coding = (c->>'system') || '|' || (c->>'code')
    where o.value is not null
    group by 1, 2 order by 1, 2`.execute(db.kysely);
  const byKey = new Map<string, DayPoint[]>();
  for (const { key, ...point } of rows) {
    const points = byKey.get(key);
    if (points) points.push(point);
    else byKey.set(key, [point]);
  }
  return { from, to, ...(room && { room }), series: measurements.map((m) => ({ key: m.key, unit: m.unit, source: m.source, points: byKey.get(m.key) ?? [] })) };
}

/** Each measurement's latest value and the one before it (for the trend), without reading the whole history. */
export async function latestValues(db: Db, caller: Caller, participantId: string) {
  await ownParticipantId(db.kysely, caller.organisation, participantId);
  const { rows } = await sql<{ key: string; at: Date; value: number; previous: number | null }>`
    select m.key, last.at, last.value, prev.value as previous
    from (values ${measurementValues(MEASUREMENTS)}) as m(key, token)
    cross join lateral (
      select r.date_start as at, (r.content->'valueQuantity'->>'value')::float8 as value from fhir_resource r
      where r.resource_type = 'Observation' and not r.deleted and r.patient_id = ${participantId} and r.tokens @> array[m.token]
      order by r.date_start desc limit 2
    ) last
    left join lateral (
      select (r.content->'valueQuantity'->>'value')::float8 as value from fhir_resource r
      where r.resource_type = 'Observation' and not r.deleted and r.patient_id = ${participantId} and r.tokens @> array[m.token]
        and r.date_start < last.at
      order by r.date_start desc limit 1
    ) prev on true`.execute(db.kysely);
  const latest = new Map<string, { at: string; value: number; previous: number | null }>();
  for (const row of rows) {
    const at = new Date(row.at).toISOString();
    if ((latest.get(row.key)?.at ?? '') < at) latest.set(row.key, { at, value: row.value, previous: row.previous });
  }
  return MEASUREMENTS.filter((m) => latest.has(m.key)).map((m) => ({ key: m.key, unit: m.unit, source: m.source, ...latest.get(m.key)! }));
}

/** Minute heart rate of one UTC day, from the day's `valueSampledData` Observations. */
export async function intradayHeartRate(db: Db, caller: Caller, participantId: string, day: string) {
  await ownParticipantId(db.kysely, caller.organisation, participantId);
  const rows = await db.kysely.selectFrom('fhir_resource').select(['content', 'date_start'])
    .where('resource_type', '=', 'Observation').where('deleted', '=', false).where('patient_id', '=', participantId)
    .where('date_start', '>=', new Date(`${day}T00:00:00Z`)).where('date_start', '<', new Date(dayAfter(day)))
    .where(sql<boolean>`tokens @> array[${codeToken(INTRADAY_HEART_RATE)}]`)
    .where(sql<boolean>`content ? 'valueSampledData'`)
    .orderBy('date_start').execute();
  const points = rows.flatMap((row) => samples((row.content as { valueSampledData: SampledData }).valueSampledData, new Date(row.date_start as Date).getTime()));
  return { day, unit: INTRADAY_HEART_RATE.unit, points };
}

/**
 * The participant's posture Observations (the Citizen Hub's, domain posture.ts) of the days from
 * `from` to `to` inclusive. The periods are read a day wider than asked on each side, as a day is
 * the app's local one; the caller keeps them by that day.
 */
async function postureObservations(db: Db, participantId: string, from: string, to: string) {
  const tokens = (Object.values(POSTURE_CODES) as string[]).map((code) => codeToken({ system: SNOMED_SYSTEM, code }));
  const rows = await db.kysely.selectFrom('fhir_resource').select('content')
    .where('resource_type', '=', 'Observation').where('deleted', '=', false).where('patient_id', '=', participantId)
    .where('date_start', '>=', new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000)).where('date_start', '<', new Date(Date.parse(dayAfter(to)) + 86_400_000))
    .where(sql<boolean>`tokens && ${sql.val(tokens)}::text[]`)
    .execute();
  return rows.flatMap(({ content }) => {
    const obs = content as { code?: { coding?: { system?: string; code?: string }[] }; effectivePeriod?: { start?: string }; valueSampledData?: SampledData };
    const kind: PostureKind | undefined = postureKindOf(obs.code?.coding);
    const start = obs.effectivePeriod?.start;
    return kind && start ? [{ kind, start, data: obs.valueSampledData?.data }] : [];
  });
}

/** Hours of good and poor posture per day between two days inclusive, oldest first; days without posture data are left out. */
export async function postureByDay(db: Db, caller: Caller, participantId: string, from: string, to: string) {
  await ownParticipantId(db.kysely, caller.organisation, participantId);
  const observations = await postureObservations(db, participantId, from, to);
  return { days: postureDays(observations).filter((d) => d.day >= from && d.day <= to) };
}

/** One day's hourly posture profile: seconds of good and poor posture in each of its 24 hours (null: no sample). */
export async function postureHoursOfDay(db: Db, caller: Caller, participantId: string, day: string) {
  await ownParticipantId(db.kysely, caller.organisation, participantId);
  return { day, unit: 's' as const, hours: postureHourly(await postureObservations(db, participantId, day, day), day) };
}

/** SampledData's samples at their times; E, L and U (error, below and above the detection limit) are gaps. */
export function samples(data: SampledData, start: number): { at: string; value: number }[] {
  const values = (data.data ?? '').trim().split(/\s+/);
  return values.flatMap((sample, i) => {
    const n = Number(sample);
    if (sample === '' || !Number.isFinite(n)) return [];
    return [{ at: new Date(start + i * data.period).toISOString(), value: (data.origin.value ?? 0) + n * (data.factor ?? 1) }];
  });
}

/** Tech support: each device with its status, last use and Observations received per day — counts only, no values. */
export async function deviceTransmissions(db: Db, caller: Caller, participantId: string, days: number, today = new Date()) {
  await ownParticipantId(db.kysely, caller.organisation, participantId);
  const end = today.toISOString().slice(0, 10);
  const start = new Date(Date.parse(`${end}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const devices = await db.kysely.selectFrom('device').selectAll().where('participant_id', '=', participantId).orderBy('created_at').execute();
  const counts = devices.length
    ? await db.kysely.selectFrom('device_transmission').select(['device_id', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'observations'])
      .where('device_id', 'in', devices.map((d) => d.id)).where('day', '>=', start).where('day', '<=', end).execute()
    : [];
  const dayList = Array.from({ length: days }, (_, i) => new Date(Date.parse(`${start}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));
  return {
    from: start, to: end,
    devices: devices.map((d) => {
      const mine = new Map(counts.filter((c) => c.device_id === d.id).map((c) => [c.day, c.observations]));
      return {
        ...deviceOf(d),
        days: dayList.map((day) => ({ day, observations: mine.get(day) ?? 0 })),
      };
    }),
  };
}
