/**
 * The device data that are not one value per Observation (SPEC §2 "Clinical data", §7): the
 * health-data platform's reports, the balance-training app's sessions, and the Homehub's rooms.
 * Each table here is the one place its codes are written down; ingest, demo and reads use it.
 */
import { LOINC } from '../rules/observation-codes.ts';
import type { Measurement } from './measurements.ts';

// ---- Health-data platform reports ---------------------------------------------------------------

/**
 * A report is a FHIR DiagnosticReport coded `GERIA_REPORT_SYSTEM|<kind>`, with `subject` the
 * participant, `effectiveDateTime` the report's day and `result` references to that day's device
 * Observations of the kind's measurements (no other). No LOINC panel code fits these app-defined
 * groupings, so the study's own code system is used.
 */
export const GERIA_REPORT_SYSTEM = 'https://geria.health/fhir/CodeSystem/device-report';

export const DEVICE_REPORTS = {
  cardio: ['heartRateMin', 'heartRateAvg', 'heartRateMax', 'systolicStanding', 'diastolicStanding', 'systolicSupine', 'diastolicSupine'],
  movements: ['steps', 'distance', 'movementRange', 'movementSpeed'],
  weight: ['weight', 'bodyFat', 'leanMass', 'bodyWater', 'bmi'],
  sleep: ['sleepTotal', 'sleepLight', 'sleepDeep'],
} as const satisfies Record<string, readonly string[]>;
export type DeviceReportKind = keyof typeof DEVICE_REPORTS;
export const DEVICE_REPORT_KINDS = Object.keys(DEVICE_REPORTS) as DeviceReportKind[];

const isReportKind = (code: unknown): code is DeviceReportKind => typeof code === 'string' && Object.hasOwn(DEVICE_REPORTS, code);

/** The report kind a DiagnosticReport's code names; `unknown` for a code of the report system that is not one. */
export function reportKindOf(codings: readonly { system?: string; code?: string }[] | undefined): DeviceReportKind | 'unknown' | undefined {
  const ours = (codings ?? []).find((c) => c.system === GERIA_REPORT_SYSTEM);
  if (!ours) return undefined;
  return isReportKind(ours.code) ? ours.code : 'unknown';
}

/** Whether a measurement may be a result of a report of this kind. */
export const reportIncludes = (kind: DeviceReportKind, measurementKey: string) => (DEVICE_REPORTS[kind] as readonly string[]).includes(measurementKey);

// ---- Balance-training app sessions --------------------------------------------------------------

/**
 * A balance-training session is one Observation (a panel without a value of its own) from the
 * participant's `balanceDevice`:
 * - code `GERIA_BALANCE_SYSTEM|session` (a use of the app, whose analytics are the score and the
 *   exercises' results) or `GERIA_BALANCE_SYSTEM|training-session` (a prescribed training programme);
 * - `effectivePeriod.start` (or `effectiveDateTime`) when it began;
 * - `component`s: exactly one duration (LOINC 55411-3 "Exercise duration", in min); at most one
 *   score (`GERIA_BALANCE_SYSTEM|score`, 0–100 `{score}`); one per exercise
 *   (`GERIA_BALANCE_SYSTEM|exercise`, the exercise's name as `valueString`), in the order done.
 * - an `identifier`, so that a re-sent session is created once (conditional create).
 * A training session has at least one exercise; a session without score or exercise has no analytics.
 */
export const GERIA_BALANCE_SYSTEM = 'https://geria.health/fhir/CodeSystem/balance-training';
export const BALANCE_SESSION_KINDS = { session: 'session', trainingSession: 'training-session' } as const;
export type BalanceSessionKind = keyof typeof BALANCE_SESSION_KINDS;
export const BALANCE_DURATION = { system: LOINC, code: '55411-3', unit: 'min', min: 1, max: 600 } as const;
export const BALANCE_SCORE = { system: GERIA_BALANCE_SYSTEM, code: 'score', unit: '{score}', min: 0, max: 100 } as const;
export const BALANCE_EXERCISE = { system: GERIA_BALANCE_SYSTEM, code: 'exercise', maxLength: 200, maxCount: 50 } as const;
/** The registered device type that sends sessions. */
export const BALANCE_DEVICE_TYPE = 'balanceDevice';

interface Coded { system?: string; code?: string }
interface SessionComponent {
  code?: { coding?: readonly Coded[] };
  valueQuantity?: { value?: number; unit?: string; code?: string };
  valueString?: string;
}

/** The session kind an Observation's code names, if it is a balance-training session. */
export function balanceSessionKindOf(codings: readonly Coded[] | undefined): BalanceSessionKind | 'unknown' | undefined {
  const ours = (codings ?? []).find((c) => c.system === GERIA_BALANCE_SYSTEM);
  if (!ours) return undefined;
  if (ours.code === BALANCE_SESSION_KINDS.session) return 'session';
  if (ours.code === BALANCE_SESSION_KINDS.trainingSession) return 'trainingSession';
  return 'unknown';
}

export interface BalanceSession { kind: BalanceSessionKind; durationMinutes: number; score: number | null; exercises: string[] }

const has = (component: SessionComponent, code: Coded) => (component.code?.coding ?? []).some((c) => c.system === code.system && c.code === code.code);

/**
 * A session's content read from its components, or the reason it cannot be stored (the ingest
 * refuses it with that text).
 */
export function readBalanceSession(kind: BalanceSessionKind, components: readonly SessionComponent[] | undefined): { session: BalanceSession } | { problem: string } {
  const all = components ?? [];
  const durations = all.filter((c) => has(c, BALANCE_DURATION));
  const scores = all.filter((c) => has(c, BALANCE_SCORE));
  const exercises = all.filter((c) => has(c, BALANCE_EXERCISE));
  if (durations.length + scores.length + exercises.length !== all.length) return { problem: 'a session\'s components are its duration, score and exercises only' };
  if (durations.length !== 1) return { problem: 'a session has exactly one duration (55411-3)' };
  const duration = durations[0]!.valueQuantity;
  const unitOf = (q: { unit?: string; code?: string } | undefined) => q?.code ?? q?.unit;
  if (unitOf(duration) !== BALANCE_DURATION.unit) return { problem: `a session's duration is in ${BALANCE_DURATION.unit}` };
  if (!inRange(duration?.value, BALANCE_DURATION)) return { problem: `a session's duration ${duration?.value ?? '(none)'} is not plausible (${BALANCE_DURATION.min}–${BALANCE_DURATION.max} ${BALANCE_DURATION.unit})` };
  if (scores.length > 1) return { problem: 'a session has at most one score' };
  const score = scores[0]?.valueQuantity;
  if (scores.length && !inRange(score?.value, BALANCE_SCORE)) return { problem: `a session's score ${score?.value ?? '(none)'} is not plausible (${BALANCE_SCORE.min}–${BALANCE_SCORE.max})` };
  if (exercises.length > BALANCE_EXERCISE.maxCount) return { problem: `a session has at most ${BALANCE_EXERCISE.maxCount} exercises` };
  const names = exercises.map((e) => (typeof e.valueString === 'string' ? e.valueString.trim() : ''));
  if (names.some((n) => !n || n.length > BALANCE_EXERCISE.maxLength)) return { problem: `each exercise is named by a valueString of 1–${BALANCE_EXERCISE.maxLength} characters` };
  if (kind === 'trainingSession' && !names.length) return { problem: 'a training session has at least one exercise' };
  return { session: { kind, durationMinutes: duration!.value!, score: score?.value ?? null, exercises: names } };
}

const inRange = (value: unknown, range: { min: number; max: number }): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= range.min && value <= range.max;

// ---- Homehub rooms ------------------------------------------------------------------------------

/**
 * The room of a Homehub reading (temperature, humidity, luminance) is the room of the registered
 * device that sends it (SPEC §3 device types): a reading names its sensor in `device`, whose serial
 * number is a `livingRoomSensor` or a `bedroomSensor`. The hub's own readings (`homeDevice`)
 * belong to no room and count in Home Rooms only.
 */
export const HOME_ROOMS = { livingRoom: 'livingRoomSensor', bedroom: 'bedroomSensor' } as const;
export type HomeRoom = keyof typeof HOME_ROOMS;
export const HOME_ROOM_NAMES = Object.keys(HOME_ROOMS) as HomeRoom[];
export const ROOM_MEASUREMENTS = ['roomTemperature', 'roomHumidity', 'roomLuminance'] as const;

/** Whether a measurement is a room reading (the ones a room narrows). */
export const isRoomMeasurement = (m: Pick<Measurement, 'key'>) => (ROOM_MEASUREMENTS as readonly string[]).includes(m.key);
