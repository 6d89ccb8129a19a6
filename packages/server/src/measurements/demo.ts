import {
  BALANCE_DEVICE_TYPE, BALANCE_DURATION, BALANCE_EXERCISE, BALANCE_SCORE, BALANCE_SESSION_KINDS, DEVICE_REPORT_KINDS, DEVICE_REPORTS,
  GERIA_BALANCE_SYSTEM, GERIA_MEASUREMENT_SYSTEM, GERIA_REPORT_SYSTEM, INTRADAY_HEART_RATE, measurementByKey, type Measurement,
} from '@geria/domain';
import { DEMO_ORGANISATION } from '../demo/accounts.ts';
import { seededRandom, type Random } from '../demo/random.ts';
import type { DemoGenerator } from '../demo/study.ts';
import { ensureFhirDevices } from '../devices/fhir-device.ts';
import { fhirService } from '../fhir/service.ts';
import type { WriteSession } from '../fhir/writes.ts';
import { registerFhirWriteHook } from '../fhir/write-hooks.ts';
import { analyzeSeededTables } from '../demo/analyze.ts';
import { ingestDeviceObservations } from './ingest.ts';
import { ingestDeviceReports } from './reports.ts';
import type { Db } from '../db/connection.ts';
import './tables.ts';

const DAY = 86_400_000;
const DAYS = 90;
/** The demo organisation's devices that get data: enough to show every screen, few enough for a fast start. */
const MAX_DEVICES = 24;
const INTRADAY_DAYS = 3;

/** What each kind of device measures. */
const MEASURES: Record<string, readonly string[]> = {
  smartwatch: ['steps', 'distance', 'heartRateMin', 'heartRateAvg', 'heartRateMax', 'sleepTotal', 'sleepLight', 'sleepDeep', 'movementRange', 'movementSpeed'],
  healthDataAppDevice: ['steps', 'distance', 'heartRateMin', 'heartRateAvg', 'heartRateMax', 'sleepTotal', 'sleepLight', 'sleepDeep'],
  smartphone: ['steps', 'distance'],
  scale: ['weight', 'bodyFat', 'leanMass', 'bodyWater', 'visceralFat', 'muscleMass', 'bmi', 'proteinCatabolicRate'],
  bpMonitor: ['systolicStanding', 'diastolicStanding', 'systolicSupine', 'diastolicSupine'],
  thermometer: ['temperature'],
  oximeter: ['oxygenSaturation'],
  homeDevice: ['roomTemperature', 'roomHumidity', 'roomLuminance'],
  livingRoomSensor: ['roomTemperature', 'roomHumidity', 'roomLuminance'],
  bedroomSensor: ['roomTemperature', 'roomHumidity', 'roomLuminance'],
  motionSensor: ['motionEvents'],
  bulb: ['bulbBrightness'],
};
const WITH_INTRADAY = new Set(['smartwatch', 'healthDataAppDevice']);

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const clamp = (m: Measurement, value: number) => Math.min(m.max, Math.max(m.min, value));

/** One participant's own baselines, so that each looks like a person and not noise. */
function person(random: Random) {
  const height = 1.5 + random.next() * 0.3;
  return {
    height, weight: 55 + random.next() * 40, weightDrift: (random.next() - 0.5) * 4, fat: 22 + random.next() * 14,
    restingHr: 58 + random.int(0, 16), systolic: 120 + random.int(0, 30), steps: 2500 + random.int(0, 5000), sleep: 6 + random.next() * 2,
  };
}
type Person = ReturnType<typeof person>;

/** A day's summary value: slow weight drift, weekly activity rhythm (quieter weekends), day-to-day noise. */
function dailyValue(key: string, p: Person, dayIndex: number, weekday: number, random: Random): number {
  const noise = (spread: number) => (random.next() - 0.5) * 2 * spread;
  const weight = p.weight + (p.weightDrift * dayIndex) / DAYS + noise(0.4);
  const activity = weekday === 0 || weekday === 6 ? 0.7 : 1;
  const steps = Math.max(0, p.steps * activity * (0.8 + random.next() * 0.4));
  const sleep = p.sleep + noise(0.7);
  switch (key) {
    case 'weight': return round(weight);
    case 'bmi': return round(weight / (p.height * p.height));
    case 'bodyFat': return round(p.fat + noise(0.8));
    case 'leanMass': return round(weight * (1 - p.fat / 100));
    case 'bodyWater': return round(55 - (p.fat - 22) * 0.6 + noise(0.8));
    case 'visceralFat': return Math.round(8 + (p.fat - 22) / 2 + noise(1));
    case 'muscleMass': return round(weight * (1 - p.fat / 100) * 0.9);
    case 'proteinCatabolicRate': return round(0.9 + noise(0.15), 2);
    case 'systolicStanding': return Math.round(p.systolic + noise(8));
    case 'systolicSupine': return Math.round(p.systolic + 6 + noise(8));
    case 'diastolicStanding': return Math.round(p.systolic * 0.6 + noise(5));
    case 'diastolicSupine': return Math.round(p.systolic * 0.6 + 3 + noise(5));
    case 'oxygenSaturation': return Math.round(96 + noise(2));
    case 'sleepTotal': return round(sleep);
    case 'sleepLight': return round(sleep * 0.55);
    case 'sleepDeep': return round(sleep * 0.2);
    case 'temperature': return round(36.6 + noise(0.3));
    case 'steps': return Math.round(steps);
    case 'distance': return round(steps * 0.00065, 2);
    case 'heartRateMin': return Math.round(p.restingHr - 8 + noise(3));
    case 'heartRateAvg': return Math.round(p.restingHr + 8 * activity + noise(3));
    case 'heartRateMax': return Math.round(p.restingHr + 45 * activity + noise(10));
    case 'movementRange': return Math.round(steps * 0.05);
    case 'movementSpeed': return round(0.7 + noise(0.15), 2);
    case 'roomTemperature': return round(20.5 + noise(1.5));
    case 'roomHumidity': return Math.round(45 + noise(10));
    case 'roomLuminance': return Math.round(250 + noise(200));
    case 'motionEvents': return Math.round(120 * activity + noise(40));
    case 'bulbBrightness': return Math.round(60 + noise(30));
    default: return 0;
  }
}

/** Minute heart rate over a day: lower at night, a morning rise and an afternoon peak (circadian rhythm). */
function intradaySamples(p: Person, random: Random): string {
  return Array.from({ length: 1440 }, (_, minute) => {
    if (random.chance(0.02)) return 'E';
    const hour = minute / 60;
    const circadian = -6 * Math.cos((2 * Math.PI * (hour - 3)) / 24) + (hour > 9 && hour < 19 ? 6 : 0);
    return String(Math.round(Math.min(180, Math.max(35, p.restingHr + 4 + circadian + (random.next() - 0.5) * 8))));
  }).join(' ');
}

const codingOf = (m: Measurement) => [
  { system: m.system, code: m.code },
  ...(m.alsoCoded ? [{ system: 'http://loinc.org', code: m.alsoCoded }] : []),
];

/** The devices of a Homehub kit: a participant with one of them gets the others (both rooms, motion, bulb). */
const HOME_KIT = ['livingRoomSensor', 'bedroomSensor', 'motionSensor', 'bulb'] as const;
const HOME_TYPES = new Set<string>(['homeDevice', ...HOME_KIT]);
/** At most this many participants get a whole Homehub kit registered. */
const MAX_HOME_KITS = 4;
const EXERCISES = ['Tandem stance', 'Single-leg stance', 'Sit to stand', 'Heel raises', 'Weight shifting', 'Walking with head turns', 'Step-ups', 'Heel-to-toe walk'];

type DemoDevice = { id: string; type: string; serial: string; participant_id: string; last_used: Date | string | null };

/** Up to `max` devices, taking the kinds in turn so every tab of the clinical-data screen has someone to show. */
function inTurns(devices: readonly DemoDevice[], max: number): DemoDevice[] {
  const byType = new Map<string, DemoDevice[]>();
  for (const d of devices) byType.set(d.type, [...(byType.get(d.type) ?? []), d]);
  const queues = [...byType.values()];
  const chosen: DemoDevice[] = [];
  while (chosen.length < max && queues.some((q) => q.length)) for (const q of queues) if (q.length && chosen.length < max) chosen.push(q.shift()!);
  return chosen;
}

/** Registers the missing devices of a Homehub kit for a few participants that have one of its devices. */
async function completeHomeKits(db: Db, chosen: DemoDevice[]): Promise<DemoDevice[]> {
  const added: DemoDevice[] = [];
  const participants = [...new Set(chosen.filter((d) => HOME_TYPES.has(d.type)).map((d) => d.participant_id))].slice(0, MAX_HOME_KITS);
  for (const participantId of participants) {
    const anchor = chosen.find((d) => d.participant_id === participantId && HOME_TYPES.has(d.type))!;
    const have = await db.kysely.selectFrom('device').select('type').where('participant_id', '=', participantId).execute();
    const missing = HOME_KIT.filter((type) => !have.some((h) => h.type === type));
    if (!missing.length) continue;
    const rows = await db.kysely.insertInto('device').values(missing.map((type) => ({
      participant_id: participantId, type, serial: `${anchor.serial}-${type}`, status: 'active', last_used: anchor.last_used,
    }))).onConflict((oc) => oc.doNothing()).returning(['id', 'type', 'serial', 'participant_id', 'last_used']).execute();
    added.push(...rows);
  }
  return added;
}

/**
 * 90 days of device data up to each device's last use, for the demo organisation's active devices,
 * written through the FHIR store so the ingest rules (and their transmission counts) apply. Some
 * days are missing, and the demo devices' last uses make some participants amber or red. The
 * health-data platform adds its daily reports over each day's Observations; balance devices send a
 * session a day and a training session on some days; a few participants get a whole Homehub kit.
 */
export async function insertDeviceData(db: Db, options: { maxDevices?: number; seed?: number } = {}) {
  // The demo's data pass the same checks as the apps' and count as transmissions.
  registerFhirWriteHook(ingestDeviceObservations);
  registerFhirWriteHook(ingestDeviceReports);
  const eligible = await db.kysely.selectFrom('device').innerJoin('participant', 'participant.id', 'device.participant_id')
    .select(['device.id', 'device.type', 'device.serial', 'device.participant_id', 'device.last_used'])
    .where('participant.organisation', '=', DEMO_ORGANISATION).where('device.status', '=', 'active').where('device.last_used', 'is not', null)
    .where('device.type', 'in', [...Object.keys(MEASURES), BALANCE_DEVICE_TYPE])
    .orderBy('device.serial').execute();
  const chosen = inTurns(eligible, options.maxDevices ?? MAX_DEVICES);
  const devices = [...chosen, ...await completeHomeKits(db, chosen)];
  const random = seededRandom(options.seed ?? 13);
  const people = new Map<string, Person>();
  let observations = 0;
  for (const device of devices) {
    const p = people.get(device.participant_id) ?? person(random);
    people.set(device.participant_id, p);
    const last = new Date(device.last_used!).getTime();
    const subject = { reference: `Patient/${device.participant_id}` };
    await fhirService(db.kysely).withContext({ kind: 'system', name: 'demo' }).writing(async (session, client) => {
      await ensureFhirDevices(client, [device]);
      const from = { reference: `Device/${device.id}` };
      for (let i = 0; i < DAYS; i++) {
        const at = new Date(last - (DAYS - 1 - i) * DAY);
        if (i < DAYS - 1 && random.chance(0.07)) continue;
        const day = at.toISOString().slice(0, 10);
        if (device.type === BALANCE_DEVICE_TYPE) {
          observations += await createSessions(session, device, from, at, random);
          continue;
        }
        const created = new Map<string, string>();
        for (const key of MEASURES[device.type]!) {
          const m = measurementByKey(key)!;
          const { id } = await session.create({
            resourceType: 'Observation', status: 'final',
            identifier: [{ system: GERIA_MEASUREMENT_SYSTEM, value: `demo/${device.serial}/${key}/${day}` }],
            code: { coding: codingOf(m) }, subject, device: from,
            effectiveDateTime: at.toISOString(),
            valueQuantity: { value: clamp(m, dailyValue(key, p, i, at.getUTCDay(), random)), unit: m.unit, system: 'http://unitsofmeasure.org', code: m.unit },
          });
          created.set(key, id);
          observations++;
        }
        for (const kind of DEVICE_REPORT_KINDS) {
          const results = DEVICE_REPORTS[kind].filter((key) => created.has(key)).map((key) => ({ reference: `Observation/${created.get(key)}` }));
          if (!results.length) continue;
          await session.create({
            resourceType: 'DiagnosticReport', status: 'final',
            identifier: [{ system: GERIA_REPORT_SYSTEM, value: `demo/${device.serial}/${kind}/${day}` }],
            code: { coding: [{ system: GERIA_REPORT_SYSTEM, code: kind }] }, subject, effectiveDateTime: at.toISOString(), result: results,
          });
        }
        if (WITH_INTRADAY.has(device.type) && i >= DAYS - INTRADAY_DAYS) {
          await session.create({
            resourceType: 'Observation', status: 'final', code: { coding: [{ system: INTRADAY_HEART_RATE.system, code: INTRADAY_HEART_RATE.code }] },
            subject, device: from,
            effectivePeriod: { start: `${day}T00:00:00Z`, end: `${day}T23:59:59Z` },
            valueSampledData: { origin: { value: 0, unit: '/min', system: 'http://unitsofmeasure.org', code: '/min' }, period: 60_000, dimensions: 1, data: intradaySamples(p, random) },
          });
          observations++;
        }
      }
    });
  }
  return { devices: devices.length, observations };
}

/**
 * A balance device's day: a session (some without analytics, when the app could not score it)
 * and, three days a week, a training session of a few exercises.
 */
async function createSessions(session: WriteSession, device: DemoDevice, from: { reference: string }, at: Date, random: Random): Promise<number> {
  const day = at.toISOString().slice(0, 10);
  const component = (system: string, code: string, value: Record<string, unknown>) => ({ code: { coding: [{ system, code }] }, ...value });
  const make = async (kind: 'session' | 'trainingSession', startHour: number, minutes: number, exercises: string[], score: number | null) => {
    const start = new Date(`${day}T${String(startHour).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:00Z`);
    await session.create({
      resourceType: 'Observation', status: 'final',
      identifier: [{ system: GERIA_BALANCE_SYSTEM, value: `demo/${device.serial}/${kind}/${day}` }],
      code: { coding: [{ system: GERIA_BALANCE_SYSTEM, code: BALANCE_SESSION_KINDS[kind] }] },
      subject: { reference: `Patient/${device.participant_id}` }, device: from,
      effectivePeriod: { start: start.toISOString(), end: new Date(start.getTime() + minutes * 60_000).toISOString() },
      component: [
        component(BALANCE_DURATION.system, BALANCE_DURATION.code, { valueQuantity: { value: minutes, unit: 'min', system: 'http://unitsofmeasure.org', code: 'min' } }),
        ...(score === null ? [] : [component(BALANCE_SCORE.system, BALANCE_SCORE.code, { valueQuantity: { value: score, unit: '{score}', system: 'http://unitsofmeasure.org', code: '{score}' } })]),
        ...exercises.map((name) => component(BALANCE_EXERCISE.system, BALANCE_EXERCISE.code, { valueString: name })),
      ],
    });
  };
  const pickExercises = (n: number) => [...EXERCISES].sort(() => random.next() - 0.5).slice(0, n);
  const analysed = !random.chance(0.15);
  await make('session', 10, random.int(8, 25), analysed ? pickExercises(random.int(2, 4)) : [], analysed ? random.int(45, 95) : null);
  if (![1, 3, 5].includes(at.getUTCDay())) return 1;
  await make('trainingSession', 16, random.int(20, 45), pickExercises(random.int(3, 6)), random.int(40, 98));
  return 2;
}

/**
 * `npm start`: device data once, in the background after the start (a few seconds of writes that
 * would otherwise delay the first page), device by device so the app answers in between.
 */
let background: Promise<void> = Promise.resolve();

/** Settles once the demo's device data, written in the background, is stored and analysed (or stopped). */
export const demoDeviceDataWritten = () => background;

export const demoDeviceData: DemoGenerator = async (db, { log }) => {
  if (await db.kysely.selectFrom('device_transmission').select('device_id').limit(1).executeTakeFirst()) return;
  const started = Date.now();
  background = (async () => {
    try {
      const { devices, observations } = await insertDeviceData(db);
      log?.(`demo study: ${observations} device observations for ${devices} devices in ${Date.now() - started} ms`);
      // The study's ANALYZE ran before these rows: the tables they filled are analysed again.
      await analyzeSeededTables(db);
    } catch (error) {
      log?.(`demo study: device data stopped: ${String(error)}`);
    }
  })();
};
