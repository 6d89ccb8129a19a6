import { describe, expect, it } from 'vitest';
import {
  HOLOBALANCE_COMPONENTS, HOLOBALANCE_SCORE, HOLOBALANCE_SESSION_CODE, HOLOBALANCE_SYSTEM, holoBalanceProblems, holoBalanceStart, readHoloBalanceSession,
  readingStats, type HoloBalanceComponent,
} from './holobalance.ts';
import { SNOMED_SYSTEM } from './posture.ts';
import { translate } from '../i18n/index.ts';

const sampled = (data: string, extra: Record<string, unknown> = {}) => ({ origin: { value: 0, code: 'deg' }, period: 60000, dimensions: 1, data, ...extra });
const component = (key: HoloBalanceComponent, data = '1 2 3', extra: Record<string, unknown> = {}) =>
  ({ code: { coding: [{ system: SNOMED_SYSTEM, code: HOLOBALANCE_COMPONENTS[key] as string }] }, valueSampledData: sampled(data, extra) });
const session = (components = (Object.keys(HOLOBALANCE_COMPONENTS) as HoloBalanceComponent[]).map((key) => component(key))) => ({
  code: { coding: [{ system: HOLOBALANCE_SYSTEM, code: HOLOBALANCE_SESSION_CODE }] },
  effectivePeriod: { start: '2026-11-20T10:00:00+01:00', end: '2026-11-20T10:30:00+01:00' },
  component: components,
});

describe('a HOLOBalance session', () => {
  it('is read as its eight components in a fixed order, E/L/U samples without a value', () => {
    const components = session().component.reverse();
    components[0] = component('headache', '0 E 2');
    const read = readHoloBalanceSession(session(components));
    expect('readings' in read && read.readings.map((r) => r.key)).toEqual(Object.keys(HOLOBALANCE_COMPONENTS));
    expect('readings' in read && read.readings.at(-1)).toEqual({ key: 'headache', unit: 'deg', samples: [0, null, 2] });
    expect(holoBalanceProblems(session())).toEqual([]);
  });

  it('applies origin and factor to its samples', () => {
    const read = readHoloBalanceSession(session([...session().component.slice(1), component('rangeOfMovement', '1 2', { origin: { value: 10 }, factor: 0.5 })]));
    expect('readings' in read && read.readings[0]!.samples).toEqual([10.5, 11]);
  });

  it('names each malformed component where it is, with the catalogue message', () => {
    const components = session().component;
    components[1] = component('speed', '1 x 3');
    components[2] = { ...component('repetitions'), valueSampledData: undefined } as never;
    components[3] = component('duration', '-1');
    components[4] = component('disorientation', '11', { upperLimit: 10 });
    components[5] = component('vision', '1 2', { dimensions: 2 });
    components.push(component('speed'));
    components.push({ code: { coding: [{ system: SNOMED_SYSTEM, code: '123' }] }, valueSampledData: sampled('1') });
    const problems = holoBalanceProblems({ ...session(components), effectivePeriod: { start: '2026-11-20T10:00:00Z' } });
    expect(problems.map((p) => [p.expression, p.key])).toEqual([
      ['Observation.effectivePeriod', 'errors.holobalance.period'],
      ['Observation.component[1].valueSampledData.data', 'errors.holobalance.sample'],
      ['Observation.component[2].valueSampledData', 'errors.holobalance.sampledData'],
      ['Observation.component[3].valueSampledData.data', 'errors.holobalance.sample'],
      ['Observation.component[4].valueSampledData.data', 'errors.holobalance.sample'],
      ['Observation.component[5].valueSampledData', 'errors.holobalance.sampledData'],
      ['Observation.component[8].code', 'errors.holobalance.componentTwice'],
      ['Observation.component[9].code', 'errors.holobalance.component'],
    ]);
    expect(translate('en', problems[1]!.key, problems[1]!.params)).toBe(`The reading x of the component ${HOLOBALANCE_COMPONENTS.speed} is not a number from 0 within the limits the data state.`);
  });

  it('misses no component: each absent one is named', () => {
    const problems = holoBalanceProblems(session(session().component.slice(0, 6)));
    expect(problems).toEqual(['dizziness', 'headache'].map((key) => ({
      expression: 'Observation.component', key: 'errors.holobalance.componentMissing', params: { code: HOLOBALANCE_COMPONENTS[key as HoloBalanceComponent] },
    })));
  });
});

describe('a HOLOBalance session score', () => {
  const score = (value: unknown, at: Record<string, unknown> = { effectiveDateTime: '2026-11-20T10:00:00Z' }) =>
    ({ code: { coding: [{ system: HOLOBALANCE_SCORE.system, code: HOLOBALANCE_SCORE.code }] }, valueQuantity: { value }, ...at });

  it('is a number from 0 to 100 at the time of its session', () => {
    expect(holoBalanceProblems(score(0))).toEqual([]);
    expect(holoBalanceProblems(score(100))).toEqual([]);
    for (const value of [-1, 101, '50', undefined]) expect(holoBalanceProblems(score(value)).map((p) => p.key)).toEqual(['errors.holobalance.score']);
    expect(holoBalanceProblems(score(50, {})).map((p) => p.key)).toEqual(['errors.holobalance.scoreTime']);
    expect(holoBalanceStart(score(50))).toBe('2026-11-20T10:00:00.000Z');
  });

  it('leaves every other Observation alone', () => {
    expect(holoBalanceProblems({ code: { coding: [{ system: HOLOBALANCE_SYSTEM, code: '1159' }] } })).toEqual([]);
  });
});

describe('a component\'s readings', () => {
  it('are summed up as their mean and highest, ignoring samples without a value', () => {
    expect(readingStats([1, null, 3, 2])).toEqual({ mean: 2, max: 3 });
    expect(readingStats([null])).toEqual({ mean: null, max: null });
  });
});
