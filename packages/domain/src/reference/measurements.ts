/**
 * Device measurements (SPEC §3 "Chart series", §7 "Device data per day"): one row per series the apps
 * and the Homehub send, with the code that identifies it, an umbrella standard code where the
 * identifying code is more specific (so intervention rules on e.g. 8480-6 see every systolic value),
 * the UCUM unit and the plausible range outside which a value is refused at ingest.
 * LOINC where a code exists; the study's own code system otherwise.
 */
import { LOINC } from '../rules/observation-codes.ts';
import type { DEVICE_TYPES } from '../rules/participants-record-lists.ts';

export const GERIA_MEASUREMENT_SYSTEM = 'https://geria.health/fhir/CodeSystem/device-measurement';

export const MEASUREMENT_SOURCES = ['healthApp', 'homehub'] as const;
export type MeasurementSource = (typeof MEASUREMENT_SOURCES)[number];

export interface Measurement {
  key: string;
  source: MeasurementSource;
  /** The coding that identifies this series. */
  system: string;
  code: string;
  /** A broader standard coding the Observation also carries. */
  alsoCoded?: string;
  unit: string;
  min: number;
  max: number;
  /**
   * Named in SPEC §7 "Device data per day". The spec says 15 but lists 13 items; blood pressure as
   * systolic and diastolic makes 14, the set the per-day counts use.
   */
  perDay: boolean;
}

const loinc = (key: string, code: string, unit: string, min: number, max: number, perDay: boolean, alsoCoded?: string): Measurement =>
  ({ key, source: 'healthApp', system: LOINC, code, unit, min, max, perDay, ...(alsoCoded && { alsoCoded }) });
const local = (key: string, source: MeasurementSource, unit: string, min: number, max: number, perDay: boolean, alsoCoded?: string): Measurement =>
  ({ key, source, system: GERIA_MEASUREMENT_SYSTEM, code: key, unit, min, max, perDay, ...(alsoCoded && { alsoCoded }) });

export const MEASUREMENTS: readonly Measurement[] = [
  loinc('weight', '29463-7', 'kg', 25, 300, true),
  loinc('bodyFat', '41982-0', '%', 2, 75, true),
  loinc('leanMass', '91557-6', 'kg', 10, 200, false),
  local('bodyWater', 'healthApp', '%', 20, 80, false),
  local('visceralFat', 'healthApp', '1', 1, 60, false),
  local('muscleMass', 'healthApp', 'kg', 5, 150, false),
  loinc('bmi', '39156-5', 'kg/m2', 10, 70, false),
  loinc('systolicStanding', '8460-8', 'mm[Hg]', 50, 260, true, '8480-6'),
  loinc('diastolicStanding', '8454-1', 'mm[Hg]', 25, 160, true, '8462-4'),
  loinc('systolicSupine', '8461-6', 'mm[Hg]', 50, 260, false, '8480-6'),
  loinc('diastolicSupine', '8455-8', 'mm[Hg]', 25, 160, false, '8462-4'),
  loinc('oxygenSaturation', '59408-5', '%', 50, 100, true),
  loinc('sleepTotal', '93832-4', 'h', 0, 24, true),
  loinc('sleepLight', '93830-8', 'h', 0, 24, true),
  loinc('sleepDeep', '93831-6', 'h', 0, 24, true),
  loinc('temperature', '8310-5', 'Cel', 32, 43, true),
  loinc('steps', '41950-7', '/d', 0, 100_000, true),
  loinc('distance', '41953-1', 'km', 0, 100, true),
  local('heartRateMin', 'healthApp', '/min', 25, 250, true),
  local('heartRateAvg', 'healthApp', '/min', 25, 250, true, '8867-4'),
  local('heartRateMax', 'healthApp', '/min', 25, 250, true),
  local('proteinCatabolicRate', 'healthApp', 'g/kg/d', 0.2, 3, false),
  local('movementRange', 'healthApp', 'm', 0, 1_000, false),
  local('movementSpeed', 'healthApp', 'm/s', 0, 5, false),
  local('roomTemperature', 'homehub', 'Cel', -10, 50, false),
  local('roomHumidity', 'homehub', '%', 0, 100, false),
  local('roomLuminance', 'homehub', 'lx', 0, 100_000, false),
  local('motionEvents', 'homehub', '1', 0, 10_000, false),
  local('bulbBrightness', 'homehub', '%', 0, 100, false),
];

/** Intraday minute series are `valueSampledData` Observations of heart rate (8867-4), one per day. */
export const INTRADAY_HEART_RATE = { system: LOINC, code: '8867-4', unit: '/min', min: 25, max: 250 } as const;

const BY_CODE = new Map(MEASUREMENTS.map((m) => [`${m.system}|${m.code}`, m]));
const BY_KEY = new Map(MEASUREMENTS.map((m) => [m.key, m]));

export const measurementByKey = (key: string): Measurement | undefined => BY_KEY.get(key);

interface Coding { system?: string; code?: string }

/** The measurement a CodeableConcept identifies: its first coding that is one of the table's. */
export function measurementOf(codings: readonly Coding[] | undefined): Measurement | undefined {
  for (const c of codings ?? []) {
    const found = BY_CODE.get(`${c.system}|${c.code}`);
    if (found) return found;
  }
  return undefined;
}

/** Whether a value may be stored for this measurement: a finite number inside its plausible range, in its unit. */
export function implausibility(measurement: { min: number; max: number; unit: string }, value: unknown, unit: string | undefined):
  { reason: 'not-a-number' | 'unit' | 'range'; min: number; max: number; unit: string } | undefined {
  const base = { min: measurement.min, max: measurement.max, unit: measurement.unit };
  if (typeof value !== 'number' || !Number.isFinite(value)) return { reason: 'not-a-number', ...base };
  if (unit !== undefined && unit !== measurement.unit) return { reason: 'unit', ...base };
  if (value < measurement.min || value > measurement.max) return { reason: 'range', ...base };
  return undefined;
}

/**
 * The registered device types that take each health-data app measurement (SPEC §3 device types), so
 * a screen charts what the participant's devices send and names the rest in a line. The app itself
 * (`healthDataAppDevice`) relays whatever it is paired with, so it alone says nothing of the kind;
 * the protein catabolic rate is the platform's estimate, taken by no device of its own.
 */
const MEASURED_BY: Record<string, readonly (typeof DEVICE_TYPES)[number][]> = {
  ...Object.fromEntries(['weight', 'bodyFat', 'leanMass', 'bodyWater', 'visceralFat', 'muscleMass', 'bmi'].map((k) => [k, ['scale']])),
  ...Object.fromEntries(['systolicStanding', 'diastolicStanding', 'systolicSupine', 'diastolicSupine'].map((k) => [k, ['bpMonitor']])),
  oxygenSaturation: ['oximeter', 'smartwatch'],
  ...Object.fromEntries(['sleepTotal', 'sleepLight', 'sleepDeep'].map((k) => [k, ['smartwatch']])),
  temperature: ['thermometer'],
  ...Object.fromEntries(['steps', 'distance', 'movementRange', 'movementSpeed'].map((k) => [k, ['smartwatch', 'smartphone']])),
  ...Object.fromEntries(['heartRateMin', 'heartRateAvg', 'heartRateMax'].map((k) => [k, ['smartwatch', 'oximeter', 'bpMonitor']])),
};

/** Whether one of these device types takes the measurement. */
export const measuredByAny = (deviceTypes: readonly string[], key: string) =>
  (MEASURED_BY[key] ?? []).some((type) => deviceTypes.includes(type));
