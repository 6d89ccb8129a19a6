import { describe, expect, it } from 'vitest';
import { LOINC } from '../rules/observation-codes.ts';
import { DEVICE_TYPES } from '../rules/participants-record-lists.ts';
import { GERIA_MEASUREMENT_SYSTEM, implausibility, MEASUREMENTS, measurementByKey, measuredByAny, measurementOf } from './measurements.ts';

describe('device measurement table', () => {
  it('has one row per key and per identifying code', () => {
    expect(new Set(MEASUREMENTS.map((m) => m.key)).size).toBe(MEASUREMENTS.length);
    expect(new Set(MEASUREMENTS.map((m) => `${m.system}|${m.code}`)).size).toBe(MEASUREMENTS.length);
  });

  it('marks the per-day measurements SPEC §7 names, blood pressure as systolic and diastolic', () => {
    expect(MEASUREMENTS.filter((m) => m.perDay).map((m) => m.key).sort()).toEqual([
      'bodyFat', 'diastolicStanding', 'distance', 'heartRateAvg', 'heartRateMax', 'heartRateMin', 'oxygenSaturation',
      'sleepDeep', 'sleepLight', 'sleepTotal', 'steps', 'systolicStanding', 'temperature', 'weight',
    ]);
  });

  it('uses the standard LOINC codes intervention rules match on', () => {
    expect(measurementByKey('weight')).toMatchObject({ system: LOINC, code: '29463-7', unit: 'kg' });
    expect(measurementByKey('bmi')?.code).toBe('39156-5');
    expect(measurementByKey('oxygenSaturation')?.code).toBe('59408-5');
    expect(measurementByKey('steps')?.code).toBe('41950-7');
    expect(measurementByKey('temperature')?.code).toBe('8310-5');
    expect(measurementByKey('systolicStanding')?.alsoCoded).toBe('8480-6');
    expect(measurementByKey('diastolicSupine')?.alsoCoded).toBe('8462-4');
    expect(measurementByKey('heartRateAvg')?.alsoCoded).toBe('8867-4');
  });

  it('finds the measurement of a code whichever coding comes first', () => {
    expect(measurementOf([{ system: LOINC, code: '8480-6' }, { system: LOINC, code: '8460-8' }])?.key).toBe('systolicStanding');
    expect(measurementOf([{ system: GERIA_MEASUREMENT_SYSTEM, code: 'roomHumidity' }])?.key).toBe('roomHumidity');
    expect(measurementOf([{ system: 'http://snomed.info/sct', code: '29463-7' }])).toBeUndefined();
    expect(measurementOf(undefined)).toBeUndefined();
  });

  it('accepts values at both ends of the plausible range and refuses just outside', () => {
    const weight = measurementByKey('weight')!;
    expect(implausibility(weight, 25, 'kg')).toBeUndefined();
    expect(implausibility(weight, 300, undefined)).toBeUndefined();
    expect(implausibility(weight, 24.99, 'kg')).toMatchObject({ reason: 'range', min: 25, max: 300 });
    expect(implausibility(weight, 300.01, 'kg')).toMatchObject({ reason: 'range' });
  });

  it('refuses a value in another unit or that is not a finite number', () => {
    const weight = measurementByKey('weight')!;
    expect(implausibility(weight, 70, '[lb_av]')).toMatchObject({ reason: 'unit', unit: 'kg' });
    expect(implausibility(weight, Number.NaN, 'kg')).toMatchObject({ reason: 'not-a-number' });
    expect(implausibility(weight, '70', 'kg')).toMatchObject({ reason: 'not-a-number' });
  });
});

describe('measuredByAny', () => {
  it('charts a scale\'s body composition, visceral fat included, and nothing of an oximeter\'s beyond saturation and pulse', () => {
    expect(measuredByAny(['scale'], 'weight')).toBe(true);
    expect(measuredByAny(['scale'], 'visceralFat')).toBe(true);
    expect(measuredByAny(['scale'], 'steps')).toBe(false);
    expect(measuredByAny(['oximeter'], 'oxygenSaturation')).toBe(true);
    expect(measuredByAny(['oximeter'], 'heartRateAvg')).toBe(true);
    expect(measuredByAny(['oximeter'], 'sleepTotal')).toBe(false);
  });

  it('gives every health-data app measurement a device, except the platform\'s own estimate', () => {
    const unmeasured = MEASUREMENTS.filter((m) => m.source === 'healthApp' && !measuredByAny(DEVICE_TYPES, m.key)).map((m) => m.key);
    expect(unmeasured).toEqual(['proteinCatabolicRate']);
  });

  it('takes nothing from no device, nor from the app alone', () => {
    expect(MEASUREMENTS.some((m) => measuredByAny([], m.key))).toBe(false);
    expect(MEASUREMENTS.some((m) => measuredByAny(['healthDataAppDevice'], m.key))).toBe(false);
  });
});
