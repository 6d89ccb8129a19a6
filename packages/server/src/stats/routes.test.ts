import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { homePilot } from '@geria/domain';
import { assessmentEncounter } from '@geria/domain/rules/assessment-encounter.ts';
import { toFhirCondition } from '@geria/domain/rules/assessment-conditions.ts';
import { PROFILING_QUESTIONNAIRE, profilingResponseItems, type ProfilingInput } from '@geria/domain/rules/assessment-profiling.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createParticipant } from '../participants/test-helpers.ts';
import { setPatient, system } from '../assessments/test-helpers.ts';
import { OTHER_ORGANISATION, TEST_ORGANISATION } from '../test/fixtures.ts';
import { ensureFhirDevices } from '../devices/fhir-device.ts';
import { VALUE_CODES, type ValueName } from './queries.ts';

/**
 * A small fixture whose every aggregate is computed by hand below:
 * P0 female 1950, P1 male 1940, P2 female 1925 (at risk of exclusion), all of MIL-GER's home pilot.
 */
let ctx: TestContext;
const ids: string[] = [];
const DAY = 86_400_000;
const now = Date.now();

async function encounter(patient: string, number: number, daysAgo: number) {
  const start = new Date(now - daysAgo * DAY).toISOString();
  const created = await system(ctx).create(assessmentEncounter({ patient, number, start, author: { username: 'test-ccm', name: 'Test' } }));
  return { id: created.resource!.id!, start };
}

async function value(patient: string, at: { id: string; start: string }, name: ValueName, v: number | string, band?: string) {
  const [system_, code] = VALUE_CODES[name];
  const valuePart = typeof v === 'string' ? { valueCodeableConcept: { coding: [{ system: 'http://snomed.info/sct', code: v }] } }
    : name === 'falls' || name === 'cigarettes' ? { valueInteger: v } : { valueQuantity: { value: v } };
  await system(ctx).create({
    resourceType: 'Observation', status: 'final', code: { coding: [{ system: system_, code }] }, subject: { reference: `Patient/${patient}` },
    encounter: { reference: `Encounter/${at.id}` }, effectiveDateTime: at.start, ...valuePart,
    ...(band && { interpretation: [{ coding: [{ code: band }] }] }),
  });
}

async function profiling(patient: string, at: { id: string }, yes: (keyof ProfilingInput)[]) {
  const input = Object.fromEntries(['hearingLoss', 'cardiovascular', 'frailty', 'cognitive', 'mental', 'balance', 'backPain'].map((k) => [k, yes.includes(k as keyof ProfilingInput)])) as ProfilingInput;
  await system(ctx).create({
    resourceType: 'QuestionnaireResponse', questionnaire: PROFILING_QUESTIONNAIRE, status: 'completed', subject: { reference: `Patient/${patient}` },
    encounter: { reference: `Encounter/${at.id}` }, item: profilingResponseItems(input),
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  const headers = await ctx.as('test-ccm');
  const born = [['1950-04-02', 'female'], ['1940-01', 'male'], ['1925', 'female']] as const;
  for (const [i, [birthDate, gender]] of born.entries()) {
    const id = await createParticipant(ctx, { firstName: `P${i}`, lastName: 'Fixture', ccmids: [] });
    ids.push(id);
    await setPatient(ctx, id, { birthDate, gender });
    await ctx.app.inject({ method: 'POST', url: `/api/v1/participant/${id}/device`, headers, payload: { type: 'scale', serial: `ST-${i}`, status: i === 2 ? 'suspended' : 'active' } });
  }
  const [p0, p1, p2] = ids as [string, string, string];
  const e01 = await encounter(p0, 1, 100);
  const e02 = await encounter(p0, 2, 2);
  const e11 = await encounter(p1, 1, 50);
  const e21 = await encounter(p2, 1, 1);
  await profiling(p0, e01, ['cardiovascular', 'cognitive']);
  await profiling(p1, e11, ['cardiovascular']);
  for (const [at, moca, phq9, eqVas] of [[e01, 20, 5, 60], [e02, 24, 3, 70], [e11, 27, 10, 80]] as const) {
    const patient = at === e11 ? p1 : p0;
    await value(patient, at, 'moca', moca);
    await value(patient, at, 'phq9', phq9, phq9 >= 10 ? 'moderate' : phq9 >= 5 ? 'mild' : 'minimal');
    await value(patient, at, 'eqVas', eqVas);
  }
  await value(p2, e21, 'moca', 30);
  await value(p2, e21, 'phq9', 4, 'minimal');
  await value(p0, e01, 'fesi', 30);
  await value(p1, e11, 'fesi', 20);
  await value(p0, e01, 'falls', 2);
  await value(p1, e11, 'falls', 0);
  await value(p0, e01, 'smoking', '77176002');
  await value(p1, e11, 'smoking', '266919005');
  await value(p0, e01, 'cigarettes', 12);
  // Cigarettes beside a never-smoker status (written past the API's rule) are no smoker's.
  await value(p1, e11, 'cigarettes', 5);
  await value(p0, e01, 'bmi', 31.2);
  await value(p1, e11, 'bmi', 22);
  // P1's smart scale reads a later, obese BMI with the clinical BMI's code: a device reading, not Home's BMI.
  const scale = await ctx.db.kysely.selectFrom('device').selectAll().where('participant_id', '=', p1).executeTakeFirstOrThrow();
  await ensureFhirDevices(system(ctx), [scale as never]);
  await system(ctx).create({
    resourceType: 'Observation', status: 'final', code: { coding: [{ system: VALUE_CODES.bmi[0], code: VALUE_CODES.bmi[1] }] }, subject: { reference: `Patient/${p1}` },
    device: { reference: `Device/${scale.id}` }, effectiveDateTime: new Date(now - 20 * DAY).toISOString(),
    valueQuantity: { value: 36, unit: 'kg/m2', system: 'http://unitsofmeasure.org', code: 'kg/m2' },
  });
  await value(p1, e11, 'gds15', 12);
  await value(p0, e01, 'gds15', 11);
  await system(ctx).create(toFhirCondition(p1, 'hypertension', 'active'));
  await system(ctx).create(toFhirCondition(p0, 'diabetesType2', 'inactive'));
  await ctx.db.kysely.updateTable('participant').set({ recruitment: 2 }).where('id', '=', p2 as never).execute();
  // Another organisation's participant counts nowhere here.
  await createParticipant(ctx, { firstName: 'Other', pilot: homePilot(OTHER_ORGANISATION)!.pilotid, ccmids: [] }, 'other-ccm');
});
afterAll(async () => { await ctx?.close(); });

const get = async (tab: string, user = 'test-expert', query = '') => ctx.app.inject({ method: 'GET', url: `/api/v1/statistics/${tab}${query}`, headers: await ctx.as(user) });
const year = new Date().getUTCFullYear();
const band = (age: number) => (age >= 100 ? '100+' : `${Math.floor(age / 10) * 10}-${Math.floor(age / 10) * 10 + 9}`);

describe('Home statistics by SQL, against hand-computed values', () => {
  it('overview: usage, resources per type and per day, habits, BMI, diseases of the profiled', async () => {
    const body = (await get('overview', 'test-ccm')).json();
    expect(body.participantsByStatus).toEqual([{ key: '0', n: 2 }, { key: '2', n: 1 }]);
    expect(body.assessments).toBe(4);
    const users = await ctx.db.kysely.selectFrom('app_user').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organisation', '=', TEST_ORGANISATION).where('disabled', '=', false).where('locked', '=', false).where('unverified', '=', false).executeTakeFirstOrThrow();
    expect(body.activeUsers).toBe(Number(users.n));
    expect(body.activeUsers).toBeGreaterThan(0);
    expect(body.resourcesByType).toEqual(expect.arrayContaining([{ key: 'Encounter', n: 4 }, { key: 'QuestionnaireResponse', n: 2 }, { key: 'Observation', n: 24 }, { key: 'Condition', n: 2 }]));
    expect(body.lastSevenDays).toHaveLength(7);
    // Observations of the last 7 days: e02 (3) two days ago, e21 (2) yesterday.
    expect(body.lastSevenDays.map((d: { observations: number }) => d.observations)).toEqual([0, 0, 0, 0, 3, 2, 0]);
    expect(body.lastSevenDays.at(-1).responses).toBe(2);
    expect(body.clinical.smoking).toEqual([{ key: 'never', n: 1 }, { key: 'former', n: 0 }, { key: 'current', n: 1 }, { key: 'unknown', n: 0 }]);
    // The cigarettes card: current smokers by cigarettes a day and gender (P0, female, 12 a day).
    expect(body.clinical.cigarettes).toEqual([{ gender: 'female', band: '11-20', n: 1 }]);
    // P1's latest BMI is the assessment's 22, not the scale's later 36.
    expect(body.clinical.bmi).toEqual([{ key: 'underweight', n: 0 }, { key: 'normal', n: 1 }, { key: 'overweight', n: 0 }, { key: 'obese', n: 1 }]);
    expect(body.clinical.profiled).toBe(2);
    expect(body.clinical.diseases).toEqual(expect.arrayContaining([{ key: 'cardiovascular', n: 2, percent: 100 }, { key: 'cognitive', n: 1, percent: 50 }, { key: 'frailty', n: 0, percent: 0 }]));
    expect(body.clinical.questionnaireResults).toEqual([{ key: 'profiling', n: 2 }]);
  });

  it('overview: patient alerts of the organisation (GDS ≥ 12, risk of exclusion) for clinicians, not for auditors', async () => {
    const body = (await get('overview', 'test-ccm')).json();
    expect(body.patientAlerts).toEqual({
      total: 2, offset: 0, limit: 50, next: null, rows: [
        { participantId: ids[1], name: 'P1 Fixture', alerts: ['gds'] },
        { participantId: ids[2], name: 'P2 Fixture', alerts: ['exclusionRisk'] },
      ],
    });
    const auditor = (await get('overview', 'test-auditor')).json();
    expect(auditor.patientAlerts).toBeNull();
    expect(auditor.clinical.profiled).toBe(2);
  });

  it('patient alerts page by page: total, rows by name and the next page\'s link; refused to auditors and system administrators', async () => {
    const page = async (query: string) => (await ctx.app.inject({ method: 'GET', url: `/api/v1/statistics/patient-alerts${query}`, headers: await ctx.as('test-ccm') })).json();
    const first = await page('?limit=1');
    expect(first).toEqual({ total: 2, offset: 0, limit: 1, rows: [{ participantId: ids[1], name: 'P1 Fixture', alerts: ['gds'] }], next: '/api/v1/statistics/patient-alerts?offset=1&limit=1' });
    expect(await page(first.next.slice('/api/v1/statistics/patient-alerts'.length))).toMatchObject({ total: 2, offset: 1, rows: [{ name: 'P2 Fixture' }], next: null });
    for (const user of ['test-auditor', 'test-sysadmin']) {
      const refused = await ctx.app.inject({ method: 'GET', url: '/api/v1/statistics/patient-alerts', headers: await ctx.as(user) });
      expect(refused.statusCode, user).toBe(403);
    }
    for (const query of ['?limit=0', '?limit=201', '?offset=-1', '?page=2']) {
      const bad = await ctx.app.inject({ method: 'GET', url: `/api/v1/statistics/patient-alerts${query}`, headers: await ctx.as('test-ccm') });
      expect(bad.statusCode, query).toBe(400);
    }
  });

  it('demographics: gender, age bands, smoking by gender, comorbidities alone and in pairs with mean MoCA and EQ VAS', async () => {
    const body = (await get('demographics')).json();
    expect(body.gender).toEqual([{ key: 'female', n: 2 }, { key: 'male', n: 1 }]);
    const expected = new Map<string, number>();
    for (const born of [1950, 1940, 1925]) expected.set(band(year - born), (expected.get(band(year - born)) ?? 0) + 1);
    for (const { key, n } of body.ageBands) expect(n).toBe(expected.get(key) ?? 0);
    expect(body.ageBands.map((b: { key: string }) => b.key)).toEqual(['60-69', '70-79', '80-89', '90-99', '100+']);
    expect(body.smokingByGender).toEqual([{ gender: 'female', smoking: 'current', n: 1 }, { gender: 'male', smoking: 'never', n: 1 }]);
    // Latest MoCA: P0 24, P1 27; latest EQ VAS: P0 70, P1 80.
    // P1's active hypertension (a Condition) counts; P0's past diabetes does not.
    expect(body.comorbidities).toEqual([
      { a: 'cardiovascular', n: 2, moca: 25.5, mocaN: 2, eq: 75, eqN: 2 },
      { a: 'cognitive', n: 1, moca: 24, mocaN: 1, eq: 70, eqN: 1 },
      { a: 'hypertension', n: 1, moca: 27, mocaN: 1, eq: 80, eqN: 1 },
    ]);
    expect(body.comorbidityPairs).toEqual([
      { a: 'cardiovascular', b: 'cognitive', n: 1, moca: 24, mocaN: 1, eq: 70, eqN: 1 },
      { a: 'cardiovascular', b: 'hypertension', n: 1, moca: 27, mocaN: 1, eq: 80, eqN: 1 },
    ]);
  });

  it('demographics: an entered age counts in its band as the record shows it, carried forward from when it was entered', async () => {
    const fhir = system(ctx);
    const { birthDate, ...patient } = await fhir.read('Patient', ids[1]!) as { birthDate?: string };
    await fhir.update('Patient', ids[1]!, patient);
    // 72 entered two years ago: 74 today, in the seventies where the birth date 1940 put P1 in the eighties.
    await ctx.db.kysely.updateTable('participant').set({ age_years: 72, age_recorded_on: `${year - 2}-06-01` } as never).where(sql<boolean>`id::text = ${ids[1]}`).execute();
    const body = (await get('demographics', 'test-expert', '?refresh=true')).json();
    const expected = new Map<string, number>();
    for (const age of [year - 1950, 74, year - 1925]) expected.set(band(age), (expected.get(band(age)) ?? 0) + 1);
    for (const { key, n } of body.ageBands) expect(n, key).toBe(expected.get(key) ?? 0);
    await ctx.db.kysely.updateTable('participant').set({ age_years: null, age_recorded_on: null } as never).where(sql<boolean>`id::text = ${ids[1]}`).execute();
    await fhir.update('Patient', ids[1]!, { ...patient, birthDate });
  });

  it('devices: category and status', async () => {
    const body = (await get('devices', 'test-tech')).json();
    expect(body.devicesByType).toEqual([{ key: 'scale', n: 3 }]);
    expect(body.devicesByStatus).toEqual([{ key: 'active', n: 2 }, { key: 'suspended', n: 1 }]);
  });

  it('health: five-number summaries per assessment, distributions of the latest scores with bands, MoCA analytics bands', async () => {
    const body = (await get('health')).json();
    const moca = body.boxPlots.find((b: { name: string }) => b.name === 'moca').byAssessment;
    // Assessment 1: 20, 27, 30 → quartiles by linear interpolation 23.5 and 28.5; assessment 2: 24 alone.
    expect(moca).toEqual([
      { number: 1, n: 3, min: 20, q1: 23.5, median: 27, q3: 28.5, max: 30 },
      { number: 2, n: 1, min: 24, q1: 24, median: 24, q3: 24, max: 24 },
    ]);
    const phq9 = body.distributions.find((d: { name: string }) => d.name === 'phq9').values;
    expect(phq9).toEqual([{ value: 3, band: 'minimal', n: 1 }, { value: 4, band: 'minimal', n: 1 }, { value: 10, band: 'moderate', n: 1 }]);
    expect(body.mocaBands).toEqual([{ key: 'low', n: 0 }, { key: 'mid', n: 1 }, { key: 'high', n: 2 }]);
  });

  it('correlation: latest pairs as anonymous points with Pearson r and n', async () => {
    const body = (await get('correlation')).json();
    const pair = body.pairs.find((p: { x: string; y: string }) => p.x === 'phq9' && p.y === 'moca');
    // (3, 24), (10, 27), (4, 30): Σdxdy = 3, Σdx² = 28.667, Σdy² = 18 → r = 3 / √516 = 0.132.
    expect(pair).toEqual({ x: 'phq9', y: 'moca', n: 3, r: 0.132, points: [{ x: 3, y: 24, n: 1 }, { x: 4, y: 30, n: 1 }, { x: 10, y: 27, n: 1 }] });
    expect(JSON.stringify(body)).not.toContain(ids[0]!);
    expect(body.pairs.find((p: { x: string; y: string }) => p.x === 'abc' && p.y === 'eqVas')).toEqual({ x: 'abc', y: 'eqVas', n: 0, r: null, points: [] });
  });

  it('falls: falls in the last year against FES-I', async () => {
    const body = (await get('falls')).json();
    expect(body.pairs.find((p: { x: string }) => p.x === 'fesi')).toMatchObject({ y: 'falls', n: 2, r: 1, points: [{ x: 20, y: 0, n: 1 }, { x: 30, y: 2, n: 1 }] });
  });
});

describe('Home statistics scoping and cache', () => {
  it('gives SysAdmin usage only and Tech usage and devices (403 elsewhere)', async () => {
    const sysadmin = (await get('overview', 'test-sysadmin')).json();
    expect(sysadmin.participantsByStatus).toEqual([{ key: '0', n: 2 }, { key: '2', n: 1 }]);
    expect(sysadmin.clinical).toBeNull();
    expect(sysadmin.patientAlerts).toBeNull();
    for (const tab of ['demographics', 'devices', 'health']) expect((await get(tab, 'test-sysadmin')).statusCode).toBe(403);
    expect((await get('devices', 'test-tech')).statusCode).toBe(200);
    expect((await get('health', 'test-tech')).statusCode).toBe(403);
    expect((await get('overview', 'test-tech')).json().clinical).toBeNull();
  });

  it('an organisation without study data answers empty aggregates', async () => {
    const health = (await get('health', 'other-ccm')).json();
    expect(health.boxPlots.every((b: { byAssessment: unknown[] }) => b.byAssessment.length === 0)).toBe(true);
    expect(health.mocaBands.every((b: { n: number }) => b.n === 0)).toBe(true);
    const overview = (await get('overview', 'other-ccm')).json();
    expect(overview.participantsByStatus).toEqual([{ key: '0', n: 1 }]);
    expect(overview.patientAlerts).toEqual({ total: 0, offset: 0, limit: 50, next: null, rows: [] });
    expect((await get('correlation', 'other-ccm')).json().pairs.every((p: { n: number }) => p.n === 0)).toBe(true);
  });

  it('serves cached numbers within the polling interval and recomputes on refresh', async () => {
    const first = (await get('devices', 'test-expert')).json();
    const headers = await ctx.as('test-ccm');
    await ctx.app.inject({ method: 'POST', url: `/api/v1/participant/${ids[0]}/device`, headers, payload: { type: 'scale', serial: 'ST-NEW', status: 'active' } });
    expect((await get('devices', 'test-expert')).json()).toEqual(first);
    const refreshed = (await get('devices', 'test-expert', '?refresh=true')).json();
    expect(refreshed.devicesByStatus).toEqual([{ key: 'active', n: 3 }, { key: 'suspended', n: 1 }]);
  });

  it('rejects an unknown tab (400) and answers 401 without a token', async () => {
    expect((await get('nope')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/statistics/overview' })).statusCode).toBe(401);
  });

  it('serves every tab in the analytics shape for the home pilot only', async () => {
    const pilot = homePilot(TEST_ORGANISATION)!.pilotid;
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/analytics/pilot/${pilot}/all`, headers: await ctx.as('test-expert') });
    expect(res.statusCode).toBe(200);
    const [analytic] = res.json().data.analytics;
    expect(analytic.result.health.mocaBands).toEqual([{ key: 'low', n: 0 }, { key: 'mid', n: 1 }, { key: 'high', n: 2 }]);
    expect(analytic.result.overview.patientAlerts).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/analytics/pilot/${pilot + 1000}/all`, headers: await ctx.as('test-expert') })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/analytics/pilot/${pilot}/all`, headers: await ctx.as('test-sysadmin') })).statusCode).toBe(403);
  });
});

describe('the statistics index follows FHIR writes', () => {
  it('an updated score moves between bands and a deleted one no longer counts', async () => {
    const fhir = system(ctx);
    const found = await fhir.search('Observation', { subject: `Patient/${ids[2]}`, code: `${VALUE_CODES.moca[0]}|moca` });
    const moca = found.entry![0]!.resource as unknown as { id: string } & Record<string, unknown>;
    await fhir.update('Observation', moca.id, { ...moca, valueQuantity: { value: 20 } });
    expect((await get('health', 'test-expert', '?refresh=true')).json().mocaBands).toEqual([{ key: 'low', n: 1 }, { key: 'mid', n: 1 }, { key: 'high', n: 1 }]);
    await fhir.delete('Observation', moca.id);
    expect((await get('health', 'test-expert', '?refresh=true')).json().mocaBands).toEqual([{ key: 'low', n: 0 }, { key: 'mid', n: 1 }, { key: 'high', n: 1 }]);
  });
});
