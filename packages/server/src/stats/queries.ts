import { sql, type RawBuilder } from 'kysely';
import { OBSERVATION_CODES, type ObservationKey, type PATIENT_ALERT_RULES, type PatientAlert } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { INSTRUMENT_SCORE_SYSTEM } from '../questionnaires/derived-observations.ts';

/** The participants a Home dashboard counts: one organisation's, in its home pilot. */
export interface StatsScope { organisation: string; orgid: number; pilot: number }

/**
 * The values the charts read, by their short name: score totals (the Observations derived from
 * scored responses) and clinical fields. EQ-5D-5L is read as its VAS and its England index (one
 * value set compares participants of every country).
 */
const clinical = (key: ObservationKey) => [OBSERVATION_CODES[key].coding.system, OBSERVATION_CODES[key].coding.code] as const;

export const VALUE_CODES = {
  phq9: [INSTRUMENT_SCORE_SYSTEM, 'phq9'],
  phq9Item9: [INSTRUMENT_SCORE_SYSTEM, 'phq9.item9Alert'],
  eqVas: [INSTRUMENT_SCORE_SYSTEM, 'eq5d5l.vas'],
  eqIndex: [INSTRUMENT_SCORE_SYSTEM, 'eq5d5l.index.EN'],
  moca: [INSTRUMENT_SCORE_SYSTEM, 'moca'],
  fesi: [INSTRUMENT_SCORE_SYSTEM, 'fesi'],
  abc: [INSTRUMENT_SCORE_SYSTEM, 'abc'],
  fga: [INSTRUMENT_SCORE_SYSTEM, 'fga'],
  minibest: [INSTRUMENT_SCORE_SYSTEM, 'minibest'],
  gds15: [INSTRUMENT_SCORE_SYSTEM, 'gds15'],
  iadl: [INSTRUMENT_SCORE_SYSTEM, 'iadl'],
  efs: [INSTRUMENT_SCORE_SYSTEM, 'efs'],
  // Clinical fields: the codes the assessment's observation builder writes.
  falls: clinical('fallsLastYear'),
  bmi: clinical('bmi'),
  activity: clinical('physicalActivity'),
  smoking: clinical('smokerStatus'),
  cigarettes: clinical('cigarettesPerDay'),
} as const;
export type ValueName = keyof typeof VALUE_CODES;
/** A patient alert's rule: the range of one latest value (domain PATIENT_ALERT_RULES), each value one of Home's. */
type AlertRule = (typeof PATIENT_ALERT_RULES)[number] & { value: ValueName };

/** Every participant of the scope, for usage counts and the patients' own alerts (care, not analysis). */
const allParticipants = (s: StatsScope) =>
  sql`select id::text as pid, recruitment from participant where organisation = ${s.organisation} and pilot = ${s.pilot}`;

/** The participants whose data the statistics analyse: not those who restricted or objected to processing (GDPR rights 5, 7, 8). */
const participants = (s: StatsScope) =>
  sql`select id::text as pid, recruitment from participant where organisation = ${s.organisation} and pilot = ${s.pilot} and not processing_excluded`;

/** Every recorded value of the given names (stat_value, kept by the write hook), one row per observation. */
const values = (s: StatsScope, names: readonly ValueName[]) => sql`
  select v.patient_id as pid, v.name, v.effective as date_start, v.assessment, v.value, v.coded, v.band
  from stat_value v join (${participants(s)}) p on p.pid = v.patient_id
  where v.organisation_id = ${s.orgid} and v.name = any(${sql.val(names)}::text[])`;

/** The latest value of each name per participant (stat_latest, kept with stat_value). */
const latest = (s: StatsScope, names: readonly ValueName[]) => sql`
  select l.patient_id as pid, l.name, l.value, l.coded, l.band from stat_latest l join (${participants(s)}) p on p.pid = l.patient_id
  where l.organisation_id = ${s.orgid} and l.name = any(${sql.val(names)}::text[])`;

/**
 * The settings every statistics query runs with on PostgreSQL (set for its own transaction, so the
 * tab's queries still run side by side on the pool): the percentiles' sorts and the joins' hash
 * tables of 10 000 participants fit in memory, and no JIT compilation, which the planner's
 * pessimistic estimates of these joins trigger and which costs more than the query it compiles.
 */
export const STATS_SETTINGS = { jit: 'off', work_mem: '32MB' } as const;

const run = async <T>(db: Db, query: RawBuilder<T>): Promise<T[]> => {
  if (db.kind !== 'pg') return (await query.execute(db.kysely)).rows;
  return db.kysely.transaction().execute(async (trx) => {
    await sql`select ${sql.join(Object.entries(STATS_SETTINGS).map(([name, value]) => sql`set_config(${name}, ${value}, true)`))}`.execute(trx);
    return (await query.execute(trx)).rows;
  });
};
export const queries = {
  participantsByStatus: (db: Db, s: StatsScope) => run<{ key: number; n: number }>(db, sql`
    select recruitment as key, count(*)::int as n from (${allParticipants(s)}) p group by recruitment order by recruitment`),

  /** Live resources per type (Encounters are the assessments), from the per-participant counts kept at write time. */
  resourcesByType: (db: Db, s: StatsScope) => run<{ key: string; n: number }>(db, sql`
    select c.resource_type as key, sum(c.n)::int as n from stat_resource_count c join (${participants(s)}) p on p.pid = c.patient_id
    group by c.resource_type having sum(c.n) > 0 order by n desc, key`),

  /**
   * SPEC §7 "last 7 days usage": observations by date, conditions by onset, responses by last update
   * (UTC days). Each count is one range of an index bounded on both sides, read from the index alone
   * (fhir_resource_org_type_date, fhir_resource_response_updated): a bulk import that updated every
   * response recently costs a range scan of the index, and nothing dated in the future is read. The
   * bounds are the statement's parameters, not computed in it: the planner then knows how many
   * rows the range holds, and joins 10 000 responses updated this week to their participants by
   * hash, not by 10 000 index look-ups (what it chose when the bounds were its own expressions).
   */
  lastSevenDays: (db: Db, s: StatsScope, now: Date) => {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 6));
    const after = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
    return run<{ day: string; observations: number; conditions: number; responses: number }>(db, sql`
    with dated as (
      select r.resource_type, (r.date_start at time zone 'UTC')::date as day
      from fhir_resource r join (${participants(s)}) p on p.pid = r.patient_id
      where not r.deleted and r.organisation_id = ${s.orgid} and r.resource_type in ('Observation', 'Condition')
        and r.date_start >= ${first.toISOString()}::timestamptz and r.date_start < ${after.toISOString()}::timestamptz
      union all
      select 'QuestionnaireResponse', (r.last_updated at time zone 'UTC')::date
      from fhir_resource r join (${participants(s)}) p on p.pid = r.patient_id
      where not r.deleted and r.organisation_id = ${s.orgid} and r.resource_type = 'QuestionnaireResponse'
        and r.last_updated >= ${first.toISOString()}::timestamptz and r.last_updated < ${after.toISOString()}::timestamptz)
    select to_char(d.day, 'YYYY-MM-DD') as day,
      count(x.day) filter (where x.resource_type = 'Observation')::int as observations,
      count(x.day) filter (where x.resource_type = 'Condition')::int as conditions,
      count(x.day) filter (where x.resource_type = 'QuestionnaireResponse')::int as responses
    from (select ${first.toISOString().slice(0, 10)}::date + g as day from generate_series(0, 6) g) d
    left join dated x on x.day = d.day group by d.day order by d.day`);
  },

  /** Live responses per questionnaire, from the per-participant counts kept at write time (stat_questionnaire_count). */
  responsesByQuestionnaire: (db: Db, s: StatsScope) => run<{ key: string; n: number }>(db, sql`
    select c.questionnaire as key, sum(c.n)::int as n from stat_questionnaire_count c join (${participants(s)}) p on p.pid = c.patient_id
    group by 1 having sum(c.n) > 0 order by n desc, key`),

  /** Accounts of the organisation that can sign in (not disabled, locked or awaiting verification). */
  activeUsers: (db: Db, s: StatsScope) => run<{ n: number }>(db, sql`
    select count(*)::int as n from app_user where organisation = ${s.organisation} and not disabled and not locked and not unverified`),

  devices: (db: Db, s: StatsScope, column: 'status' | 'type') => run<{ key: string; n: number }>(db, sql`
    select d.${sql.ref(column)} as key, count(*)::int as n from device d join (${participants(s)}) p on p.pid = d.participant_id::text
    group by 1 order by n desc, key`),

  /**
   * Posture of the Citizen Hub over Home's last 7 days (the days of lastSevenDays; a posture day is
   * the app's local day): per day the participants with posture data and their hours of good and
   * poor posture (day set), and the participants with posture data over the 7 days (day null).
   */
  posture: (db: Db, s: StatsScope, now: Date) => run<{ day: string | null; participants: number; good: number; poor: number }>(db, sql`
    with bounds as (select (${now.toISOString()}::timestamptz at time zone 'UTC')::date as last)
    select to_char(x.day, 'YYYY-MM-DD') as day, count(distinct x.patient_id)::int as participants,
      coalesce(sum(x.hours) filter (where x.kind = 'good'), 0)::float8 as good, coalesce(sum(x.hours) filter (where x.kind = 'poor'), 0)::float8 as poor
    from stat_posture x join (${participants(s)}) p on p.pid = x.patient_id, bounds b
    where x.organisation_id = ${s.orgid} and x.day between b.last - 6 and b.last
    group by grouping sets ((x.day), ()) order by 1 nulls first`),

  gender: (db: Db, s: StatsScope) => run<{ key: string | null; n: number }>(db, sql`
    select d.gender as key, count(*)::int as n from stat_participant d join (${participants(s)}) p on p.pid = d.patient_id
    where d.patient group by 1 order by n desc, key`),

  /** What the age derives from (the birth year, else the entered age and when it was entered), with its participants. */
  ageFacts: (db: Db, s: StatsScope) => run<{ birthYear: number | null; ageYears: number | null; ageRecordedOn: string | null; n: number }>(db, sql`
    select d.birth_year as "birthYear", q.age_years as "ageYears", q.age_recorded_on::text as "ageRecordedOn", count(*)::int as n
    from participant q join (${participants(s)}) p on p.pid = q.id::text
      left join stat_participant d on d.patient_id = p.pid and d.patient
    where d.birth_year is not null or q.age_years is not null group by 1, 2, 3`),

  /** Latest cigarettes a day of the participants whose latest smoker status is current, against the Patient's gender. */
  cigarettesByGender: (db: Db, s: StatsScope, currentCode: string) => run<{ gender: string | null; value: number; n: number }>(db, sql`
    select d.gender, c.value, count(*)::int as n from (${latest(s, ['cigarettes'])}) c
    join (${latest(s, ['smoking'])}) k on k.pid = c.pid and k.coded = ${currentCode}
    join stat_participant d on d.patient_id = c.pid and d.patient where c.value is not null group by 1, 2 order by 1, 2`),

  /** Latest smoking status per participant against the Patient's gender (participants with a Patient). */
  smokingByGender: (db: Db, s: StatsScope) => run<{ gender: string | null; coded: string | null; n: number }>(db, sql`
    select d.gender, l.coded, count(*)::int as n from (${latest(s, ['smoking'])}) l
    join stat_participant d on d.patient_id = l.pid and d.patient group by 1, 2 order by 1, 2`),

  /** Values grouped (rounded to one decimal) with their band: the distributions, BMI, activity, MoCA bands. */
  latestDistribution: (db: Db, s: StatsScope, names: readonly ValueName[]) => run<{ name: ValueName; value: number; band: string | null; n: number }>(db, sql`
    select name, round(value::numeric, 1)::float8 as value, band, count(*)::int as n from (${latest(s, names)}) l
    where value is not null group by 1, 2, 3 order by 1, 2`),

  codedCounts: (db: Db, s: StatsScope, name: ValueName) => run<{ coded: string | null; n: number }>(db, sql`
    select coded, count(*)::int as n from (${latest(s, [name])}) l group by 1 order by n desc, coded`),

  /** Five-number summaries per assessment number (box plots). */
  boxPlots: (db: Db, s: StatsScope, names: readonly ValueName[]) => run<{ name: ValueName; number: number; n: number; min: number; q1: number; median: number; q3: number; max: number }>(db, sql`
    with numbered as (select v.name, v.value, v.assessment as number from (${values(s, names)}) v where v.value is not null)
    select name, number, count(*)::int as n, min(value) as min, percentile_cont(0.25) within group (order by value) as q1,
      percentile_cont(0.5) within group (order by value) as median, percentile_cont(0.75) within group (order by value) as q3, max(value) as max
    from numbered where number is not null group by 1, 2 order by 1, 2`),

  /**
   * Pairs of latest values per participant in one pass: the points counted by position (no
   * identifier; `xv`, `yv` set) and per pair Pearson's r and n (`xv`, `yv` null). Unordered: a
   * hash aggregate of the 100 000 joined rows at 10 000 participants costs less than their sort.
   */
  pairs: (db: Db, s: StatsScope, ys: readonly ValueName[], xs: readonly ValueName[]) => run<{ y: ValueName; x: ValueName; xv: number | null; yv: number | null; n: number; r: number | null }>(db, sql`
    select a.name as y, b.name as x, b.value as xv, a.value as yv, count(*)::int as n, corr(b.value, a.value) as r
    from stat_latest a join (${participants(s)}) p on p.pid = a.patient_id
      join stat_latest b on b.patient_id = a.patient_id and b.organisation_id = ${s.orgid} and b.name = any(${sql.val(xs)}::text[]) and b.value is not null
    where a.organisation_id = ${s.orgid} and a.name = any(${sql.val(ys)}::text[]) and a.value is not null
    group by grouping sets ((1, 2, 3, 4), (1, 2))`),

  /**
   * Comorbidities of the profiling and the active Conditions, alone (`b` null) and in pairs, with the
   * mean latest MoCA and EQ VAS of the participants who have them.
   */
  comorbidities: (db: Db, s: StatsScope) => run<{ a: string; b: string | null; n: number; moca: number | null; mocaN: number; eq: number | null; eqN: number }>(db, sql`
    -- Conditions answered yes in the latest profiling, and active Conditions of the study's list (stat_condition, a key once),
    -- as one sorted array per participant: each alone (j = 0) and each pair (a < b) from the array, without a self-join.
    with per as (
      select c.patient_id as pid, array_agg(c.condition order by c.condition) as cs
      from stat_condition c join (${participants(s)}) p on p.pid = c.patient_id group by 1),
    combos as (
      select per.pid, per.cs[i] as a, case when j > 0 then per.cs[j] end as b
      from per, generate_series(1, cardinality(per.cs)) i, generate_series(0, cardinality(per.cs)) j where j = 0 or j > i)
    -- The participants of combos are in the scope already: their latest values are read by key.
    select c.a, c.b, count(*)::int as n, avg(m.value) as moca, count(m.value)::int as "mocaN", avg(e.value) as eq, count(e.value)::int as "eqN"
    from combos c
      left join stat_latest m on m.patient_id = c.pid and m.name = 'moca' and m.organisation_id = ${s.orgid}
      left join stat_latest e on e.patient_id = c.pid and e.name = 'eqVas' and e.organisation_id = ${s.orgid}
    group by 1, 2 order by 1, 2 nulls first`),

  /** Participants per comorbidity (the profiling's and the Conditions', a key once): the disease percentages. */
  conditionCounts: (db: Db, s: StatsScope, conditions: readonly string[]) => run<{ key: string; n: number }>(db, sql`
    select c.condition as key, count(*)::int as n from stat_condition c join (${participants(s)}) p on p.pid = c.patient_id
    where c.condition = any(${sql.val(conditions)}::text[]) group by 1`),

  profiledCount: (db: Db, s: StatsScope) => run<{ n: number }>(db, sql`
    select count(*)::int as n from stat_participant d join (${participants(s)}) p on p.pid = d.patient_id where d.profiled`),

  /**
   * One page of the participants with patient alerts, by name (the database's collation, then id),
   * and how many there are: each participant's alerts are the rules whose range holds its latest
   * value (PATIENT_ALERT_RULES, in their order), with the risk of exclusion from its recruitment
   * status. The page is cut here: the client reads `limit` participants, not the study.
   */
  patientAlerts: (db: Db, s: StatsScope, rules: readonly AlertRule[], riskExclusion: number, offset: number, limit: number) =>
    run<{ total: number; rows: { pid: string; name: string; alerts: PatientAlert[]; exclusionRisk: boolean }[] }>(db, sql`
    with rules as (
      select * from unnest(${sql.val(rules.map((r) => r.alert))}::text[], ${sql.val(rules.map((r) => r.value))}::text[],
        ${sql.val(rules.map((r) => r.from))}::float8[], ${sql.val(rules.map((r) => r.to))}::float8[]) with ordinality as r(alert, name, low, high, position)),
    -- The organisation's latest values, restricted to the scope's participants by the join below (a
    -- second join here was looked up participant by participant, 9 000 times).
    alerted as (
      select l.patient_id as pid, array_agg(r.alert order by r.position) as alerts
      from stat_latest l join rules r on r.name = l.name
      where l.organisation_id = ${s.orgid} and l.name = any(${sql.val(rules.map((r) => r.value))}::text[])
        and l.value >= coalesce(r.low, '-Infinity') and l.value <= coalesce(r.high, 'Infinity') group by 1),
    listed as materialized (
      select p.id::text as pid, p.first_name || ' ' || p.last_name as name, coalesce(a.alerts, '{}') as alerts, p.recruitment = ${riskExclusion} as "exclusionRisk"
      from participant p left join alerted a on a.pid = p.id::text
      where p.organisation = ${s.organisation} and p.pilot = ${s.pilot} and (a.pid is not null or p.recruitment = ${riskExclusion}))
    select (select count(*) from listed)::int as total,
      coalesce((select json_agg(x order by x.name, x.pid) from (select * from listed order by name, pid limit ${limit} offset ${offset}) x), '[]') as rows`),
};

