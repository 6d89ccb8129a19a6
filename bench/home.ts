/**
 * Home statistics benchmark (issue 12; budget p95 < 300 ms cold on PostgreSQL). One organisation's
 * home pilot holds every generated participant, each with two assessments of scores, habits and a
 * profiling (the store's bulk insert, search index computed as for any write). Times every tab
 * through the HTTP stack cold (refresh=true: recomputed) and warm (the cache), then, in the same
 * run, the pattern of the original dashboard: read each total with _count=0, fetch every
 * Observation and QuestionnaireResponse over /fhir, aggregate in JavaScript. Prints JSON.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/home.ts                 # PostgreSQL, 10 000 participants
 *   npx tsx bench/home.ts --participants 1000                         # in-memory PGlite
 *   DATABASE_URL=... npx tsx bench/home.ts --reuse                    # the data of an earlier run, migrated
 *   DATABASE_URL=... npx tsx bench/home.ts --reuse --rounds 0         # the tabs only, without the /fhir pattern (minutes at 10 000)
 *
 * The data stays in the database, so bench/home-explain.ts can profile the same queries after.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { homePilot, organisationByAbbr, STATISTICS_TABS } from '@geria/domain';
import { assessmentEncounter } from '@geria/domain/rules/assessment-encounter.ts';
import { PROFILING_CONDITIONS, PROFILING_QUESTIONNAIRE } from '@geria/domain/rules/assessment-profiling.ts';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openPglite, openPostgres } from '../packages/server/src/db/connection.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import type { AppUser } from '../packages/server/src/db/types.ts';
import { mintAccessToken } from '../packages/server/src/auth/mint.ts';
import { loadIssuerSecrets } from '../packages/server/src/auth/secrets.ts';
import { ensureDemoAccounts } from '../packages/server/src/demo/accounts.ts';
import { insertParticipants } from '../packages/server/src/demo/participants.ts';
import { extractIndex } from '../packages/server/src/fhir/resource-types.ts';
import { insertCreated, type Executor, type StoredVersion } from '../packages/server/src/fhir/repository.ts';
import { VALUE_CODES, type ValueName } from '../packages/server/src/stats/queries.ts';
import { indexStatistics } from '../packages/server/src/stats/values-index.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const { values: args } = parseArgs({ options: {
  participants: { type: 'string' }, queries: { type: 'string', default: '30' }, rounds: { type: 'string', default: '3' }, reuse: { type: 'boolean', default: false },
} });
const PARTICIPANTS = Number(args.participants ?? (onPostgres ? 10_000 : 1_000));
const QUERIES = Number(args.queries);
const ORG = organisationByAbbr('MIL-GER')!;
const PILOT = homePilot('MIL-GER')!.pilotid;
const DAY = 86_400_000;
const now = Date.now();
const round = (n: number) => Math.round(n * 100) / 100;
function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!);
  return { n: s.length, p50: at(50), p95: at(95), max: round(s[s.length - 1]!) };
}
const rand = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

function stored(resource: Record<string, unknown>): StoredVersion {
  const id = randomUUID();
  const lastUpdated = new Date().toISOString();
  const content = { ...resource, id, meta: { versionId: '1', lastUpdated } } as never;
  return { type: resource.resourceType as string, id, versionId: 1, lastUpdated, deleted: false, organisationId: ORG.orgid, content, index: extractIndex(resource.resourceType as never, content) };
}

const SCORES: [ValueName, () => number][] = [
  ['phq9', () => rand(0, 27)], ['eqVas', () => rand(0, 100)], ['eqIndex', () => Math.round(Math.random() * 1000) / 1000], ['moca', () => rand(14, 30)],
  ['fesi', () => rand(16, 64)], ['abc', () => rand(0, 100)], ['fga', () => rand(0, 30)], ['minibest', () => rand(0, 28)],
  ['gds15', () => rand(0, 15)], ['iadl', () => rand(0, 8)], ['efs', () => rand(0, 17)], ['falls', () => rand(0, 4)], ['bmi', () => rand(170, 350) / 10],
];

function participantResources(patient: string): StoredVersion[] {
  const resources: StoredVersion[] = [];
  for (const number of [1, 2]) {
    const start = new Date(now - (number === 1 ? rand(100, 300) : rand(1, 90)) * DAY).toISOString();
    const encounter = stored(assessmentEncounter({ patient, number, start, author: { username: 'bench', name: 'Bench' } }) as never);
    resources.push(encounter);
    for (const [name, value] of SCORES) {
      const [system, code] = VALUE_CODES[name];
      resources.push(stored({
        resourceType: 'Observation', status: 'final', code: { coding: [{ system, code }] }, subject: { reference: `Patient/${patient}` },
        encounter: { reference: `Encounter/${encounter.id}` }, effectiveDateTime: start,
        ...(name === 'falls' ? { valueInteger: value() } : { valueQuantity: { value: value() } }),
      }));
    }
    if (number === 1) {
      resources.push(stored({
        resourceType: 'QuestionnaireResponse', questionnaire: PROFILING_QUESTIONNAIRE, status: 'completed', subject: { reference: `Patient/${patient}` },
        encounter: { reference: `Encounter/${encounter.id}` }, authored: start,
        item: PROFILING_CONDITIONS.map((c) => ({ linkId: c, answer: [{ valueBoolean: Math.random() < 0.35 }] })),
      }));
    }
  }
  return resources;
}

/** The store's bulk insert, with the statistics index its write hook keeps for every other write. */
async function store(trx: Executor, versions: StoredVersion[]) {
  await insertCreated(trx, versions);
  await indexStatistics(trx, versions.map((v) => ({ type: v.type as never, id: v.id, organisationId: v.organisationId, resource: v.content })));
}

const db = onPostgres ? await openPostgres(process.env.DATABASE_URL!) : await openPglite();
await migrate(db);
const seedStart = performance.now();
const existing = Number((await sql<{ n: number }>`select count(*)::int as n from participant`.execute(db.kysely)).rows[0]!.n);
if (args.reuse && existing >= PARTICIPANTS) process.stderr.write(`reusing ${existing} participants on ${db.kind}\n`);
else await generate();

async function generate() {
  // The Patients are written through the FHIR service, whose statistics index needs no registration (as for `npm run seed`).
  process.stderr.write(`generating ${PARTICIPANTS} participants with assessments on ${db.kind}\n`);
  const generated = await insertParticipants(db, PARTICIPANTS, rand(1, 2 ** 30));
  // Every participant in one organisation's home pilot: the largest Home a user can open.
  await sql`update participant set organisation = ${ORG.abbr}, pilot = ${PILOT}`.execute(db.kysely);
  await sql`update fhir_resource set organisation_id = ${ORG.orgid} where organisation_id is not null`.execute(db.kysely);
  let batch: StoredVersion[] = [];
  for (const p of generated) {
    batch.push(...participantResources(p.id));
    if (batch.length >= 5000) {
      const chunk = batch;
      batch = [];
      await db.kysely.transaction().execute((trx) => store(trx, chunk));
    }
  }
  if (batch.length) await db.kysely.transaction().execute((trx) => store(trx, batch));
}
if (db.kind === 'pg') await db.exec('vacuum analyze participant, device, fhir_resource, stat_value, stat_latest');
const seedSeconds = round((performance.now() - seedStart) / 1000);

const config = loadConfig({ LOG_LEVEL: 'silent', DEMO: 'false', DATA_DIR: '/nonexistent', PUBLIC_URL: 'http://bench.local', WEB_DIST: '/nonexistent' });
const secrets = await loadIssuerSecrets(db);
const app = await buildApp({ config, db, secrets });
await app.ready();
// A signed-in user must be an active account: the demo organisation's care-centre manager.
await ensureDemoAccounts(db, ORG.abbr);
const account = await db.kysely.selectFrom('app_user').selectAll().where('username', '=', 'demo-ccm').executeTakeFirstOrThrow() as unknown as AppUser;
const headers = { authorization: `Bearer ${await mintAccessToken(config, secrets, account)}` };

async function get(url: string) {
  const res = await app.inject({ method: 'GET', url, headers });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res.json();
}
async function timed(url: string, runs: number) {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await get(url);
    ms.push(performance.now() - t);
  }
  return stats(ms);
}

// The machine's load while timing (the Home budget is stated for a quiet server).
const loadBefore = loadavg().map(round);
const tabs: Record<string, { cold: ReturnType<typeof stats>; warm: ReturnType<typeof stats> }> = {};
for (const tab of STATISTICS_TABS) {
  await get(`/api/v1/statistics/${tab}?refresh=true`);
  tabs[tab] = { cold: await timed(`/api/v1/statistics/${tab}?refresh=true`, QUERIES), warm: await timed(`/api/v1/statistics/${tab}`, QUERIES * 3) };
}
const allTabsCold = round(Object.values(tabs).reduce((sum, t) => sum + t.cold.p50, 0));

/**
 * The original dashboard's pattern: totals with _count=0, then every resource over /fhir, aggregated
 * in the browser. The values are appended in place: an earlier version of this bench copied each
 * code's whole array for every value (quadratic), which multiplied the pattern's time by about five
 * at 10 000 participants and made the ratio measure that copy rather than the pattern.
 */
async function fhirPattern() {
  const values = new Map<string, number[]>();
  let fetched = 0;
  for (const type of ['Observation', 'QuestionnaireResponse']) {
    const total = (await get(`/fhir/${type}?_count=0`)).total as number;
    for (let offset = 0; offset < total; offset += 10_000) {
      const bundle = await get(`/fhir/${type}?_count=${total}&_offset=${offset}`);
      for (const { resource } of bundle.entry ?? []) {
        fetched++;
        const code = resource.code?.coding?.[0]?.code;
        const value = resource.valueQuantity?.value ?? resource.valueInteger;
        if (code && typeof value === 'number') {
          const list = values.get(code) ?? [];
          list.push(value);
          values.set(code, list);
        }
      }
    }
  }
  for (const list of values.values()) list.sort((a, b) => a - b);
  return fetched;
}

/**
 * The ratio, measured side by side: rounds alternate one whole dashboard computed cold (every tab
 * recomputed once, one after the other) and one run of the pattern, so the shared machine's load
 * weighs on both alike; the ratio is of their medians.
 */
const median = (xs: number[]) => round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);
const dashboardRuns: number[] = [];
const patternRuns: number[] = [];
let fetched = 0;
for (let i = 0; i < Number(args.rounds); i++) {
  let start = performance.now();
  for (const tab of STATISTICS_TABS) await get(`/api/v1/statistics/${tab}?refresh=true`);
  dashboardRuns.push(performance.now() - start);
  start = performance.now();
  fetched = await fhirPattern();
  patternRuns.push(performance.now() - start);
}

console.log(JSON.stringify({
  name: 'home', db: db.kind, participants: PARTICIPANTS, seedSeconds, loadAverage: { before: loadBefore, after: loadavg().map(round) }, tabs,
  budget: { coldP95Ms: 300, worstColdP95: Math.max(...Object.values(tabs).map((t) => t.cold.p95)) },
  fhirPattern: {
    resourcesFetched: fetched, rounds: patternRuns.length, patternMs: patternRuns.map(round), dashboardColdMs: dashboardRuns.map(round),
    ratio: patternRuns.length ? round(median(patternRuns) / median(dashboardRuns)) : null,
    ratioToSumOfColdP50: patternRuns.length ? round(median(patternRuns) / allTabsCold) : null, goal: 20,
  },
}, null, 2));
await app.close();
await db.close();
