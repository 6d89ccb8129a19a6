import { describe, expect, it } from 'vitest';
import type { DeviceReport } from '../api/devicedata.ts';
import { reportRows } from './report-rows.ts';

const report = (at: string, values: [string, number, string][]): DeviceReport =>
  ({ id: at, kind: 'cardio', at, values: values.map(([key, value, unit]) => ({ key, value, unit })) });

describe('report rows', () => {
  it('give one row per day, oldest first, averaging the reports of a day and leaving gaps empty', () => {
    const { days, keys, rows } = reportRows('cardio', [
      report('2026-11-02T09:00:00.000Z', [['heartRateAvg', 70, '/min']]),
      report('2026-11-01T09:00:00.000Z', [['heartRateAvg', 60, '/min'], ['systolicStanding', 120, 'mm[Hg]']]),
      report('2026-11-01T20:00:00.000Z', [['heartRateAvg', 64, '/min']]),
    ]);
    expect(days).toEqual(['2026-11-01', '2026-11-02']);
    expect(keys).toEqual(['heartRateAvg', 'systolicStanding']);
    expect(rows).toEqual([['2026-11-01', 62, 120], ['2026-11-02', 70, null]]);
  });

  it('order the measurements as the domain table and give each unit once', () => {
    const { keys, units } = reportRows('cardio', [report('2026-11-01T09:00:00.000Z', [
      ['diastolicStanding', 80, 'mm[Hg]'], ['heartRateMax', 120, '/min'], ['systolicStanding', 125, 'mm[Hg]'], ['heartRateMin', 55, '/min'],
    ])]);
    expect(keys).toEqual(['heartRateMin', 'heartRateMax', 'systolicStanding', 'diastolicStanding']);
    expect(units).toEqual(['/min', 'mm[Hg]']);
  });

  it('are empty without reports', () => {
    expect(reportRows('sleep', [])).toMatchObject({ days: [], keys: [], units: [], rows: [] });
  });
});
