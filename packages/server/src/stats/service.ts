import {
  activityBand, ageBand, AGE_BANDS, ACTIVITY_BANDS, BMI_BANDS, bmiBand, cigaretteBand, type CigaretteBand, MOCA_ANALYTICS_BANDS, mocaAnalyticsBand, PATIENT_ALERT_RULES,
  PATIENT_ALERTS_PAGE, RECRUITMENT_STATUS, seesClinicalAggregates, seesPatientAlerts, STATISTICS_POLLING_MS, VALUE_SETS, type PatientAlert, type Role, type StatisticsTab,
} from '@geria/domain';
import { PROFILING_CONDITIONS } from '@geria/domain/rules/assessment-profiling.ts';
import { currentAge } from '@geria/domain/rules/participants-demographics.ts';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { queries, type StatsScope, type ValueName } from './queries.ts';

export type { StatsScope } from './queries.ts';
export interface Count { key: string; n: number }

const counts = (rows: { key: string | number | null; n: number }[]): Count[] => rows.map((r) => ({ key: String(r.key ?? 'unknown'), n: Number(r.n) }));

/** Counts of every key of a fixed list, zeros included (a chart keeps its categories). */
function tally<K extends string>(keys: readonly K[], rows: { key: K | null; n: number }[]): Count[] {
  const totals = new Map<string, number>(keys.map((k) => [k, 0]));
  for (const { key, n } of rows) if (key !== null) totals.set(key, (totals.get(key) ?? 0) + n);
  return [...totals].map(([key, n]) => ({ key, n }));
}

const CURRENT_SMOKER = VALUE_SETS.smokerStatus.find((o) => o.key === 'current')!.coding.code;
const SMOKING_KEY = new Map(VALUE_SETS.smokerStatus.map((o) => [o.coding.code, o.key]));
const smokingKey = (coded: string | null) => (coded && SMOKING_KEY.get(coded)) || 'unknown';
const smokingRows = (rows: { gender: string | null; coded: string | null; n: number }[]) =>
  rows.map((r) => ({ gender: r.gender ?? 'unknown', smoking: smokingKey(r.coded), n: r.n }));

export const HEALTH_BOX_PLOTS = ['phq9', 'eqIndex', 'eqVas', 'moca'] as const satisfies readonly ValueName[];
export const HEALTH_DISTRIBUTIONS = ['phq9', 'eqVas', 'moca', 'fesi', 'abc', 'minibest'] as const satisfies readonly ValueName[];
export const CORRELATION_Y = ['eqVas', 'moca'] as const satisfies readonly ValueName[];
export const CORRELATION_X = ['phq9', 'fesi', 'abc', 'fga', 'minibest'] as const satisfies readonly ValueName[];
export const COMORBIDITY_PAIRS_SHOWN = 15;
export const FALLS_X = ['abc', 'fga', 'minibest', 'fesi'] as const satisfies readonly ValueName[];

/** Usage for every role; the study cards (habits, BMI, diseases, alerts) for the roles that see clinical data. */
async function overviewTab(db: Db, scope: StatsScope, roles: readonly Role[], now: Date) {
  const clinicalView = seesClinicalAggregates(roles);
  // Every query of the tab at once: they run side by side on the pool.
  const [byStatus, users, byType, days, byQuestionnaire, habits, cigarettes, distribution, profiled, diseases, alerts] = await Promise.all([
    queries.participantsByStatus(db, scope), queries.activeUsers(db, scope), queries.resourcesByType(db, scope),
    queries.lastSevenDays(db, scope, now), queries.responsesByQuestionnaire(db, scope),
    clinicalView ? queries.codedCounts(db, scope, 'smoking') : [], clinicalView ? queries.cigarettesByGender(db, scope, CURRENT_SMOKER) : [],
    clinicalView ? queries.latestDistribution(db, scope, ['bmi', 'activity']) : [],
    clinicalView ? queries.profiledCount(db, scope) : [], clinicalView ? queries.conditionCounts(db, scope, PROFILING_CONDITIONS) : [],
    clinicalView && seesPatientAlerts(roles) ? patientAlertPage(db, scope, 0, PATIENT_ALERTS_PAGE) : null,
  ]);
  const usage = {
    participantsByStatus: counts(byStatus),
    // An assessment is an Encounter.
    assessments: byType.find((r) => r.key === 'Encounter')?.n ?? 0,
    activeUsers: users[0]?.n ?? 0,
    questionnaireResponses: byType.find((r) => r.key === 'QuestionnaireResponse')?.n ?? 0,
    resourcesByType: counts(byType),
    lastSevenDays: days.map((d) => ({ day: d.day, observations: d.observations, conditions: d.conditions, responses: d.responses })),
  };
  if (!clinicalView) return { ...usage, clinical: null, patientAlerts: null };
  const profiledN = profiled[0]?.n ?? 0;
  const of = (name: ValueName) => distribution.filter((r) => r.name === name);
  return {
    ...usage,
    clinical: {
      smoking: tally(VALUE_SETS.smokerStatus.map((o) => o.key), habits.map((r) => ({ key: smokingKey(r.coded), n: r.n }))),
      // The "cigarettes" card of SPEC §2: current smokers by cigarettes a day and gender.
      cigarettes: cigarettes.reduce<{ gender: string; band: CigaretteBand; n: number }[]>((rows, r) => {
        const gender = r.gender ?? 'unknown';
        const band = cigaretteBand(r.value);
        const row = rows.find((x) => x.gender === gender && x.band === band);
        if (row) row.n += r.n; else rows.push({ gender, band, n: r.n });
        return rows;
      }, []),
      bmi: tally(BMI_BANDS, of('bmi').map((r) => ({ key: bmiBand(r.value), n: r.n }))),
      physicalActivity: tally(ACTIVITY_BANDS, of('activity').map((r) => ({ key: activityBand(r.value), n: r.n }))),
      // The profiled participants with each condition, of all participants with a profiling.
      diseases: PROFILING_CONDITIONS.map((key) => {
        const n = diseases.find((c) => c.key === key)?.n ?? 0;
        return { key, n, percent: profiledN ? Math.round((1000 * n) / profiledN) / 10 : 0 };
      }),
      profiled: profiledN,
      questionnaireResults: byQuestionnaire.map((r) => ({ key: r.key.split('/').at(-1) ?? r.key, n: r.n })),
    },
    patientAlerts: alerts,
  };
}

export interface PatientAlertRow { participantId: string; name: string; alerts: (PatientAlert | 'exclusionRisk')[] }

/** The list's path; `next` is the page after this one, null at the end. */
export const PATIENT_ALERTS_PATH = '/api/v1/statistics/patient-alerts';

/**
 * One page of the patient alerts, by name, with their total and the link to the next page. The
 * database finds the participants with alerts by the domain's rules and answers the page and the
 * count (queries.patientAlerts): before, each computation read every participant's alert values
 * (30 000 rows at 10 000 participants), then sorted the 6 800 with alerts here, to send 50.
 */
export async function patientAlertPage(db: Db, scope: StatsScope, offset: number, limit: number) {
  const [{ total, rows }] = await queries.patientAlerts(db, scope, PATIENT_ALERT_RULES, RECRUITMENT_STATUS.riskExclusion, offset, limit);
  const end = offset + limit;
  return {
    total, offset, limit,
    rows: rows.map(({ pid, name, alerts, exclusionRisk }): PatientAlertRow => ({ participantId: pid, name, alerts: exclusionRisk ? [...alerts, 'exclusionRisk'] : alerts })),
    next: end < total ? `${PATIENT_ALERTS_PATH}?offset=${end}&limit=${limit}` : null,
  };
}

async function demographicsTab(db: Db, scope: StatsScope, now: Date) {
  const [gender, ages, smoking, comorbidities] = await Promise.all([
    queries.gender(db, scope), queries.ageFacts(db, scope), queries.smokingByGender(db, scope), queries.comorbidities(db, scope),
  ]);
  const round = (v: number | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);
  const combos = comorbidities.map((c) => ({ a: c.a, b: c.b, n: c.n, moca: round(c.moca), mocaN: c.mocaN, eq: round(c.eq), eqN: c.eqN }));
  return {
    gender: counts(gender),
    ageBands: tally(AGE_BANDS, ages.map(({ birthYear, ageYears, ageRecordedOn, n }) => ({
      key: ageBand(currentAge({ birthDate: birthYear === null ? null : String(birthYear), age: ageYears === null ? null : { years: ageYears, recordedOn: ageRecordedOn } }, now)), n,
    }))),
    smokingByGender: smokingRows(smoking),
    comorbidities: combos.filter((c) => c.b === null).map(({ b: _, ...c }) => c),
    // The most frequent pairs: every pair of some twenty conditions would be no chart.
    comorbidityPairs: combos.filter((c) => c.b !== null).sort((x, y) => y.n - x.n || `${x.a}${x.b}`.localeCompare(`${y.a}${y.b}`)).slice(0, COMORBIDITY_PAIRS_SHOWN),
  };
}

/** Home's seven UTC days ending today, oldest first (the last-7-days card's). */
const lastSevenDays = (now: Date) => Array.from({ length: 7 }, (_, i) => new Date(now.getTime() - (6 - i) * 86_400_000).toISOString().slice(0, 10));

/** Devices: category and status for every role of the tab; the Citizen Hub's posture (clinical data, aggregated) for those who see clinical aggregates. */
async function devicesTab(db: Db, scope: StatsScope, roles: readonly Role[], now: Date) {
  const clinicalView = seesClinicalAggregates(roles);
  const [byType, byStatus, posture] = await Promise.all([
    queries.devices(db, scope, 'type'), queries.devices(db, scope, 'status'), clinicalView ? queries.posture(db, scope, now) : [],
  ]);
  const round = (hours: number) => Math.round(hours * 10) / 10;
  return {
    devicesByType: counts(byType), devicesByStatus: counts(byStatus),
    // Every day of the period, zeros included, so the chart keeps its days.
    posture: !clinicalView ? null : {
      participants: posture.find((r) => r.day === null)?.participants ?? 0,
      days: lastSevenDays(now).map((day) => {
        const row = posture.find((r) => r.day === day);
        return { day, participants: row?.participants ?? 0, goodHours: round(row?.good ?? 0), poorHours: round(row?.poor ?? 0) };
      }),
    },
  };
}

async function healthTab(db: Db, scope: StatsScope) {
  const [boxes, distribution] = await Promise.all([
    queries.boxPlots(db, scope, HEALTH_BOX_PLOTS), queries.latestDistribution(db, scope, HEALTH_DISTRIBUTIONS),
  ]);
  const mocaCounts = distribution.filter((r) => r.name === 'moca').map((r) => ({ key: mocaAnalyticsBand(r.value), n: r.n }));
  return {
    boxPlots: HEALTH_BOX_PLOTS.map((name) => ({ name, byAssessment: boxes.filter((b) => b.name === name).map(({ name: _, ...b }) => b) })),
    distributions: HEALTH_DISTRIBUTIONS.map((name) => ({
      name, values: distribution.filter((r) => r.name === name).map((r) => ({ value: r.value, band: r.band, n: r.n })),
    })),
    mocaBands: tally(MOCA_ANALYTICS_BANDS, mocaCounts),
  };
}

export async function pairsTab(db: Db, scope: StatsScope, ys: readonly ValueName[], xs: readonly ValueName[]) {
  const rows = await queries.pairs(db, scope, ys, xs);
  const stats = rows.filter((r) => r.xv === null);
  const points = rows.filter((r) => r.xv !== null).sort((a, b) => a.xv! - b.xv! || a.yv! - b.yv!);
  return ys.flatMap((y) => xs.map((x) => {
    const stat = stats.find((s) => s.x === x && s.y === y);
    return {
      x, y, n: stat?.n ?? 0, r: stat?.r === null || stat?.r === undefined ? null : Math.round(Number(stat.r) * 1000) / 1000,
      points: points.filter((p) => p.x === x && p.y === y).map((p) => ({ x: p.xv!, y: p.yv!, n: p.n })),
    };
  }));
}

/** One tab's numbers, computed by SQL for the scope (the caller of the route checked the tab's roles). */
export async function computeTab(db: Db, tab: StatisticsTab, scope: StatsScope, roles: readonly Role[], now = new Date()) {
  switch (tab) {
    case 'overview': return overviewTab(db, scope, roles, now);
    case 'demographics': return demographicsTab(db, scope, now);
    case 'devices': return devicesTab(db, scope, roles, now);
    case 'health': return healthTab(db, scope);
    case 'correlation': return { pairs: await pairsTab(db, scope, CORRELATION_Y, CORRELATION_X) };
    case 'falls': return { pairs: await pairsTab(db, scope, ['falls'], FALLS_X) };
  }
}

/** Every tab's numbers for the clinical and audit view (the analytics `…/pilot/{id}/all` shape), alerts excluded. */
export async function homeStatistics(db: Db, scope: StatsScope, now = new Date()) {
  const [overview, demographics, devices, health, correlation, falls] = await Promise.all([
    overviewTab(db, scope, ['Auditor'], now), demographicsTab(db, scope, now), devicesTab(db, scope, ['Auditor'], now), healthTab(db, scope),
    pairsTab(db, scope, CORRELATION_Y, CORRELATION_X), pairsTab(db, scope, ['falls'], FALLS_X),
  ]);
  return { overview, demographics, devices, health, correlation: { pairs: correlation }, falls: { pairs: falls } };
}

type Computed = { computedAt: string } & Awaited<ReturnType<typeof computeTab>>;

/**
 * Results cached per pilot scope, tab and view (what the roles may see), so 60 s polling by every
 * open dashboard costs one computation a minute; `refresh` (the Update data button) recomputes now,
 * and tells every server process (NOTIFY statistics_refreshed with the entry's key) to forget its
 * copy, so the next poll anywhere shows numbers as fresh (listenForRefreshedStatistics).
 */
export function statisticsCache(maxAgeMs = STATISTICS_POLLING_MS) {
  const entries = new Map<string, { at: number; value: Promise<Computed> }>();
  // Names this cache in its notices, so that it keeps the numbers it just computed itself.
  const self = randomUUID();
  return {
    async get(db: Db, tab: StatisticsTab, scope: StatsScope, roles: readonly Role[], refresh: boolean, now = new Date()): Promise<Computed> {
      const view = `${seesClinicalAggregates(roles)}:${seesPatientAlerts(roles)}`;
      const key = `${scope.organisation}:${scope.pilot}:${tab}:${view}`;
      const hit = entries.get(key);
      if (hit && !refresh && now.getTime() - hit.at < maxAgeMs) return hit.value;
      const value = computeTab(db, tab, scope, roles, now).then((numbers) => ({ computedAt: now.toISOString(), ...numbers }));
      entries.set(key, { at: now.getTime(), value });
      value.catch(() => entries.delete(key));
      if (refresh) await sql`select pg_notify(${STATISTICS_REFRESHED}, ${`${self} ${key}`})`.execute(db.kysely);
      return value;
    },
    /** Hears a notice of STATISTICS_REFRESHED: drops the entry another cache refreshed. */
    refreshedElsewhere(notice: string) {
      const [from, key] = notice.split(' ');
      if (from !== self && key) entries.delete(key);
    },
    clear: () => entries.clear(),
  };
}

/** The channel on which a refresh of the Home statistics is announced to every server process. */
export const STATISTICS_REFRESHED = 'statistics_refreshed';
