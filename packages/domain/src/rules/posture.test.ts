import { describe, expect, it } from 'vitest';
import { postureDays, postureHourly, postureHours, postureKindOf, postureProblem, SNOMED_SYSTEM } from './posture.ts';

describe('posture', () => {
  it('knows good and poor posture by their SNOMED CT codes only', () => {
    expect(postureKindOf([{ system: SNOMED_SYSTEM, code: '51093005' }])).toBe('good');
    expect(postureKindOf([{ system: 'http://loinc.org', code: '1' }, { system: SNOMED_SYSTEM, code: '249858009' }])).toBe('poor');
    expect(postureKindOf([{ system: 'http://loinc.org', code: '51093005' }])).toBeUndefined();
    expect(postureKindOf(undefined)).toBeUndefined();
  });

  it('adds an hour\'s seconds into hours, counting nothing for gaps or values outside 0–3600', () => {
    expect(postureHours('3600 1800 0 900')).toBe(1.75);
    expect(postureHours(' 3600  E L U 3601 -1 abc 1800 ')).toBe(1.5);
    expect(postureHours('')).toBe(0);
    expect(postureHours(undefined)).toBe(0);
  });

  it('sums per day of the period\'s start as written, oldest first', () => {
    expect(postureDays([
      { kind: 'good', start: '2026-11-21T00:00:00+01:00', data: '3600 3600' },
      { kind: 'poor', start: '2026-11-20T00:00:00+01:00', data: '1800' },
      { kind: 'good', start: '2026-11-20T00:00:00+01:00', data: '3600' },
      { kind: 'good', start: '2026-11-20T12:00:00+01:00', data: '1800' },
    ])).toEqual([{ day: '2026-11-20', good: 1.5, poor: 0.5 }, { day: '2026-11-21', good: 2, poor: 0 }]);
    expect(postureDays([])).toEqual([]);
  });
});

describe('a posture day\'s samples', () => {
  const day = (data: string) => ({ period: 3600000, origin: { code: 's' }, data });
  const hours = (n: number, value = '1800') => Array(n).fill(value).join(' ');

  it('are 24 whole seconds from 0 to 3600, one an hour', () => {
    expect(postureProblem(day(hours(24)))).toBeUndefined();
    expect(postureProblem(day(`0 3600 ${hours(22)}`))).toBeUndefined();
    expect(postureProblem({ period: 3600000, data: hours(24) })).toBeUndefined();
  });

  it('are refused otherwise, saying why', () => {
    expect(postureProblem(undefined)).toBe('posture is a valueSampledData');
    expect(postureProblem({ ...day(hours(24)), period: 60000 })).toMatch(/hours/);
    expect(postureProblem({ ...day(hours(24)), origin: { code: 'min' } })).toMatch(/seconds/);
    expect(postureProblem(day(hours(23)))).toBe('a day of posture has 24 hourly samples, not 23');
    expect(postureProblem(day(hours(25)))).toMatch(/not 25/);
    expect(postureProblem(day(''))).toMatch(/not 1/);
    for (const bad of ['3601', '-1', '1.5', 'E']) expect(postureProblem(day(`${bad} ${hours(23)}`)), bad).toBe(`posture sample ${bad} is not a whole number of seconds from 0 to 3600`);
  });
});

describe('a posture day\'s hourly profile', () => {
  const hours = (values: number[]) => [...values, ...Array(24 - values.length).fill(0)].join(' ');

  it('places each sample at its local clock hour, for the day asked only', () => {
    const profile = postureHourly([
      { kind: 'good', start: '2026-11-20T00:00:00+01:00', data: hours([10, 20, 3600]) },
      { kind: 'poor', start: '2026-11-20T00:00:00+01:00', data: hours([5, 0, 0]) },
      { kind: 'good', start: '2026-11-21T00:00:00+01:00', data: hours([999]) },
    ], '2026-11-20');
    expect(profile).toHaveLength(24);
    expect(profile.slice(0, 3)).toEqual([{ hour: 0, good: 10, poor: 5 }, { hour: 1, good: 20, poor: 0 }, { hour: 2, good: 3600, poor: 0 }]);
    expect(profile[23]).toEqual({ hour: 23, good: 0, poor: 0 });
  });

  it('starts at the period\'s hour, leaves out what falls on the next day, and adds a day sent twice', () => {
    const profile = postureHourly([
      { kind: 'good', start: '2026-11-20T22:00:00+02:00', data: hours([100, 200, 300]) },
      { kind: 'good', start: '2026-11-20T00:00:00+02:00', data: hours([1]) },
    ], '2026-11-20');
    expect(profile[0]).toEqual({ hour: 0, good: 1, poor: null });
    expect(profile[22]).toEqual({ hour: 22, good: 100, poor: null });
    expect(profile[23]).toEqual({ hour: 23, good: 200, poor: null });
  });

  it('has no value for an hour without a sample or with a gap (E) or an impossible one', () => {
    const profile = postureHourly([{ kind: 'poor', start: '2026-11-20T00:00:00Z', data: 'E 3601 -1 60' }], '2026-11-20');
    expect(profile.slice(0, 5).map((h) => h.poor)).toEqual([null, null, null, 60, null]);
    expect(profile.every((h) => h.good === null)).toBe(true);
    expect(postureHourly([], '2026-11-20').every((h) => h.good === null && h.poor === null)).toBe(true);
  });
});
