/**
 * Device data benchmark (issue 13): ingest of one day of device data for every participant, as the
 * health-data app sends it (a transaction Bundle of the 14 per-day measurements, conditional create,
 * checked by the ingest rules), and the p95 of a 1-year measurements chart for one participant with
 * every participant's history loaded. Prints a JSON summary.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/devicedata.ts                    # 1 000 participants × 365 days
 *   npx tsx bench/devicedata.ts --participants 100 --days 90                   # in-memory PGlite
 *   DATABASE_URL=postgres://... npx tsx bench/devicedata.ts --reuse            # the history a previous run left in that database
 *
 * The history is loaded in bulk by the FHIR store's own batch insert (not through HTTP: 5 million
 * Observations would take hours one Bundle at a time); the ingest and the chart go through HTTP.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { MEASUREMENTS, organisationByAbbr } from '@geria/domain';
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openPglite, openPostgres } from '../packages/server/src/db/connection.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import type { AppUser } from '../packages/server/src/db/types.ts';
import { mintAccessToken } from '../packages/server/src/auth/mint.ts';
import { loadIssuerSecrets } from '../packages/server/src/auth/secrets.ts';
import { insertParticipants } from '../packages/server/src/demo/participants.ts';
import { extractIndex } from '../packages/server/src/fhir/resource-types.ts';
import { insertCreated, type StoredVersion } from '../packages/server/src/fhir/repository.ts';

const { values: args } = parseArgs({ options: { participants: { type: 'string' }, days: { type: 'string' }, queries: { type: 'string' }, reuse: { type: 'boolean' } } });
const onPostgres = Boolean(process.env.DATABASE_URL);
const PARTICIPANTS = Number(args.participants ?? (onPostgres ? 1_000 : 100));
const DAYS = Number(args.days ?? (onPostgres ? 365 : 90));
const QUERIES = Number(args.queries ?? 200);
const DAY = 86_400_000;
const PER_DAY = MEASUREMENTS.filter((m) => m.perDay);
const today = new Date().toISOString().slice(0, 10);

const round = (n: number) => Math.round(n * 100) / 100;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50: round(percentile(s, 50)), p95: round(percentile(s, 95)), max: round(s[s.length - 1]) };
};

/** A mid-range value of each measurement, so every one passes the plausibility rule. */
const observation = (participantId: string, device: string, key: (typeof PER_DAY)[number], day: string, run = '') => ({
  resourceType: 'Observation', status: 'final',
  identifier: [{ system: `https://bench.example/health-app${run}`, value: `${participantId}/${key.key}/${day}` }],
  code: { coding: [{ system: key.system, code: key.code }] }, subject: { reference: `Patient/${participantId}` }, device: { reference: `Device/${device}` },
  effectiveDateTime: `${day}T07:30:00Z`,
  valueQuantity: { value: round(key.min + (key.max - key.min) * (0.3 + Math.random() * 0.2)), unit: key.unit, system: 'http://unitsofmeasure.org', code: key.unit },
});

function stored(resource: Record<string, unknown>, organisationId: number): StoredVersion {
  const id = (resource.id as string | undefined) ?? randomUUID();
  const lastUpdated = new Date().toISOString();
  const content = { ...resource, id, meta: { versionId: '1', lastUpdated } } as never;
  return { type: resource.resourceType as string, id, versionId: 1, lastUpdated, deleted: false, organisationId, content, index: extractIndex(resource.resourceType as never, content) };
}

type Db = Awaited<ReturnType<typeof openPglite>>;
interface BenchDevice { id: string; organisation: string; orgid: number; serial: string; resource: string }

/** One registered device and its Device resource per participant, then DAYS days of history in bulk. */
async function loadHistory(db: Db, run: string): Promise<{ devices: BenchDevice[]; history: number }> {
  const people = await insertParticipants(db, PARTICIPANTS, 7_000 + Math.floor(Math.random() * 1_000_000));
  const devices = people.map((p, i) => ({ ...p, serial: `BENCH-${run}-${i}`, resource: randomUUID() }));
  for (let i = 0; i < devices.length; i += 1000) {
    const batch = devices.slice(i, i + 1000);
    await db.kysely.insertInto('device').values(batch.map((d) => ({ participant_id: d.id, type: 'smartwatch', serial: d.serial, status: 'active' }))).execute();
    await insertCreated(db.kysely, batch.map((d) => stored({ resourceType: 'Device', id: d.resource, serialNumber: d.serial, patient: { reference: `Patient/${d.id}` } }, d.orgid)));
  }
  let history = 0;
  for (const d of devices) {
    const rows = Array.from({ length: DAYS }, (_, k) => new Date(Date.now() - (k + 1) * DAY).toISOString().slice(0, 10))
      .flatMap((day) => PER_DAY.map((m) => stored(observation(d.id, d.resource, m, day), d.orgid)));
    await insertCreated(db.kysely, rows);
    history += rows.length;
    if (history % 500_000 < rows.length) process.stderr.write(`  ${history} observations\n`);
  }
  await sql`analyze fhir_resource`.execute(db.kysely);
  return { devices, history };
}

/** The participants and devices a previous run loaded (--reuse), up to PARTICIPANTS of them. */
async function previousHistory(db: Db): Promise<{ devices: BenchDevice[]; history: number }> {
  const rows = await db.kysely.selectFrom('device').innerJoin('participant', 'participant.id', 'device.participant_id')
    .innerJoin('fhir_resource', (join) => join.on('fhir_resource.resource_type', '=', 'Device').on(sql`fhir_resource.content->>'serialNumber'`, '=', sql.ref('device.serial')))
    .select(['device.participant_id as id', 'participant.organisation', 'device.serial', 'fhir_resource.id as resource'])
    .where('device.serial', 'like', 'BENCH-%').limit(PARTICIPANTS).execute();
  const { rows: [count] } = await sql<{ n: number }>`select count(*)::int as n from fhir_resource where resource_type = 'Observation' and not deleted`.execute(db.kysely);
  return { devices: rows.map((r) => ({ ...r, orgid: organisationByAbbr(r.organisation)!.orgid })), history: count!.n };
}

async function main() {
  const db = onPostgres ? await openPostgres(process.env.DATABASE_URL!) : await openPglite();
  await migrate(db);
  const seedStart = performance.now();
  const run = randomUUID().slice(0, 8);
  const { devices, history } = args.reuse ? await previousHistory(db) : await loadHistory(db, run);
  if (!devices.length) throw new Error('--reuse: this database has no history of a previous run');
  const seedSeconds = round((performance.now() - seedStart) / 1000);

  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO: 'false', DATA_DIR: '/nonexistent', PUBLIC_URL: 'http://bench.local', WEB_DIST: '/nonexistent' });
  const secrets = await loadIssuerSecrets(db);
  const app = await buildApp({ config, db, secrets });
  await app.ready();
  const tokens = new Map<string, string>();
  const headersFor = async (organisation: string) => {
    if (!tokens.has(organisation)) {
      // A real account: the embedded issuer refuses tokens of accounts that do not exist.
      const account = await db.kysely.insertInto('app_user').values({
        username: `bench-${run}-${organisation.toLowerCase()}`, email: `bench-${run}-${organisation.toLowerCase()}@example.org`, given_name: 'Bench', family_name: 'CCM',
        organisation, roles: ['CCM'], password_hash: 'x',
      }).returningAll().executeTakeFirstOrThrow();
      tokens.set(organisation, await mintAccessToken(config, secrets, account as AppUser));
    }
    return { authorization: `Bearer ${tokens.get(organisation)}` };
  };

  // Ingest: one day (today) for every participant, one transaction Bundle each.
  const ingestStart = performance.now();
  const bundleMs: number[] = [];
  for (const d of devices) {
    const bundle = {
      resourceType: 'Bundle', type: 'transaction',
      entry: PER_DAY.map((m) => {
        const resource = observation(d.id, d.resource, m, today, `/${run}`);
        return { resource, request: { method: 'POST', url: 'Observation', ifNoneExist: `identifier=${resource.identifier[0].system}|${resource.identifier[0].value}` } };
      }),
    };
    const t = performance.now();
    const res = await app.inject({ method: 'POST', url: '/fhir', headers: { ...(await headersFor(d.organisation)), 'content-type': 'application/fhir+json' }, payload: JSON.stringify(bundle) });
    bundleMs.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`ingest failed: ${res.statusCode} ${res.body.slice(0, 500)}`);
  }
  const ingestSeconds = (performance.now() - ingestStart) / 1000;

  // The measurements screen: every measurement per day over one year, for one participant.
  const from = new Date(Date.now() - 364 * DAY).toISOString().slice(0, 10);
  const chartMs: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const d = devices[Math.floor(Math.random() * devices.length)];
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url: `/api/v1/participant/${d.id}/measurements?from=${from}&to=${today}`, headers: await headersFor(d.organisation) });
    chartMs.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`chart failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
  }
  await app.close();
  await db.close();
  console.log(JSON.stringify({
    database: db.kind, participants: devices.length, historyDays: args.reuse ? null : DAYS, historyObservations: history, seedSeconds, reused: !!args.reuse,
    ingest: {
      bundles: devices.length, observationsPerBundle: PER_DAY.length,
      bundlesPerSecond: round(devices.length / ingestSeconds), observationsPerSecond: Math.round((devices.length * PER_DAY.length) / ingestSeconds), bundleMs: stats(bundleMs),
    },
    yearChart: { ...stats(chartMs), budgetP95Ms: 100, withinBudget: percentile([...chartMs].sort((a, b) => a - b), 95) < 100 },
  }, null, 2));
}

await main();
