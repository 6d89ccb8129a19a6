/**
 * FHIR store benchmark (DESIGN.md budgets: a transaction of 100 observations < 100 ms, ingest
 * > 5 000 observations/s). Seeds patients and observations in large set-based batches (the store's
 * own bulk insert, with the search index computed as for any write), then measures ingest through
 * the service and over HTTP, and the latency of the dashboard's searches. Prints a JSON summary.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/fhir.ts            # PostgreSQL, 10 000 patients, 1 000 000 observations
 *   npx tsx bench/fhir.ts --patients 1000 --observations 100000  # in-memory PGlite
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sessionUserFromClaims } from '@geria/domain';
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openPglite, openPostgres, type Db } from '../packages/server/src/db/connection.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import type { AppUser } from '../packages/server/src/db/types.ts';
import { mintAccessToken } from '../packages/server/src/auth/mint.ts';
import { loadIssuerSecrets } from '../packages/server/src/auth/secrets.ts';
import { extractIndex } from '../packages/server/src/fhir/resource-types.ts';
import { insertCreated, type StoredVersion } from '../packages/server/src/fhir/repository.ts';
import { fhirService } from '../packages/server/src/fhir/service.ts';

const { values: args } = parseArgs({ options: { patients: { type: 'string' }, observations: { type: 'string' }, transactions: { type: 'string' }, queries: { type: 'string' } } });
const onPostgres = Boolean(process.env.DATABASE_URL);
const PATIENTS = Number(args.patients ?? (onPostgres ? 10_000 : 1_000));
const OBSERVATIONS = Number(args.observations ?? (onPostgres ? 1_000_000 : 100_000));
const TRANSACTIONS = Number(args.transactions ?? 50);
const QUERIES = Number(args.queries ?? 200);
const ORGS = [8, 1, 2, 3];
const LOINC = 'http://loinc.org';
/** The device measurements of SPEC §7 (weight, body fat, blood pressure, SpO2, sleep, temperature, steps, distance, heart rate). */
const CODES = ['29463-7', '41982-0', '85354-9', '59408-5', '93832-4', '93831-6', '93830-8', '8310-5', '55423-8', '41953-1', '8867-4', '8873-2', '8875-7'];
const DAY = 86_400_000;
const now = Date.now();

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50: round(percentile(s, 50)), p95: round(percentile(s, 95)), max: round(s[s.length - 1]) };
};
const round = (n: number) => Math.round(n * 100) / 100;

function observation(patientId: string, at: number, code = pick(CODES), fromDevice = Math.random() < 0.7) {
  return {
    resourceType: 'Observation', status: 'final', meta: { profile: ['http://hl7.org/fhir/StructureDefinition/vitalsigns'] },
    code: { coding: [{ system: LOINC, code }] }, subject: { reference: `Patient/${patientId}` },
    effectiveDateTime: new Date(at).toISOString(),
    ...(fromDevice && { device: { reference: `Device/${patientId.slice(0, 8)}` } }),
    valueQuantity: { value: Math.round(Math.random() * 1000) / 10, unit: '1', system: 'http://unitsofmeasure.org', code: '1' },
  };
}

function stored(resource: Record<string, unknown>, organisationId: number): StoredVersion {
  const id = randomUUID();
  const lastUpdated = new Date().toISOString();
  const content = { ...resource, id, meta: { ...(resource.meta as object), versionId: '1', lastUpdated } } as never;
  return { type: resource.resourceType as string, id, versionId: 1, lastUpdated, deleted: false, organisationId, content, index: extractIndex(resource.resourceType as never, content) };
}

async function seed(db: Db) {
  const started = performance.now();
  const patients: { id: string; org: number }[] = [];
  for (let i = 0; i < PATIENTS; i += 2000) {
    const batch = Array.from({ length: Math.min(2000, PATIENTS - i) }, (_, k) => {
      const org = ORGS[(i + k) % ORGS.length];
      return stored({ resourceType: 'Patient', gender: pick(['male', 'female']), birthDate: `19${30 + Math.floor(Math.random() * 30)}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`,
        managingOrganization: { reference: `Organization/${org}` } }, org);
    });
    await db.kysely.transaction().execute((trx) => insertCreated(trx, batch));
    patients.push(...batch.map((v) => ({ id: v.id, org: v.organisationId! })));
  }
  for (let i = 0; i < OBSERVATIONS; i += 2000) {
    const batch = Array.from({ length: Math.min(2000, OBSERVATIONS - i) }, () => {
      const p = pick(patients);
      return stored(observation(p.id, now - Math.random() * 365 * DAY), p.org);
    });
    await db.kysely.transaction().execute((trx) => insertCreated(trx, batch));
    if (i % 100_000 === 0 && i) process.stderr.write(`  ${i} observations\n`);
  }
  await sql`analyze fhir_resource`.execute(db.kysely);
  return { patients, seconds: round((performance.now() - started) / 1000) };
}

const bundleOf = (patientId: string, n: number) => ({
  resourceType: 'Bundle', type: 'transaction',
  // Without a device: data from a device must name a registered one (bench/devicedata.ts measures that path).
  entry: Array.from({ length: n }, () => ({ fullUrl: `urn:uuid:${randomUUID()}`, resource: observation(patientId, now - Math.random() * DAY, pick(CODES), false), request: { method: 'POST', url: 'Observation' } })),
});

async function main() {
  const db = onPostgres ? await openPostgres(process.env.DATABASE_URL!) : await openPglite();
  await migrate(db);
  process.stderr.write(`seeding ${PATIENTS} patients and ${OBSERVATIONS} observations on ${db.kind}\n`);
  const { patients, seconds } = await seed(db);
  const user = sessionUserFromClaims({ sub: 'bench', preferred_username: 'bench-ccm', organisation: 'MIL-GER', realm_access: { roles: ['CCM'] } });
  const fhir = fhirService(db).withContext({ kind: 'user', user });
  const ours = patients.filter((p) => p.org === 8);

  // Ingest: transactions of 100 observations through the service, after a warm-up (validator definitions, JIT).
  for (let i = 0; i < 3; i++) await fhir.bundle(bundleOf(pick(ours).id, 100));
  const txMs: number[] = [];
  const ingestStart = performance.now();
  for (let i = 0; i < TRANSACTIONS; i++) {
    const bundle = bundleOf(pick(ours).id, 100);
    const t = performance.now();
    await fhir.bundle(bundle);
    txMs.push(performance.now() - t);
  }
  const ingestSeconds = (performance.now() - ingestStart) / 1000;
  // Several clients at once (devices and screens write concurrently); PGlite serializes them.
  const CLIENTS = 4;
  const concurrentStart = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    for (let i = 0; i < TRANSACTIONS / CLIENTS; i++) await fhir.bundle(bundleOf(pick(ours).id, 100));
  }));
  const concurrentRate = Math.round((Math.floor(TRANSACTIONS / CLIENTS) * CLIENTS * 100) / ((performance.now() - concurrentStart) / 1000));

  // A few through HTTP, bearer token and all.
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO: 'false', DATA_DIR: '/nonexistent', PUBLIC_URL: 'http://bench.local', WEB_DIST: '/nonexistent' });
  const secrets = await loadIssuerSecrets(db);
  const app = await buildApp({ config, db, secrets });
  await app.ready();
  const account = { id: randomUUID(), username: 'bench-ccm', email: 'bench@example.org', given_name: 'Bench', family_name: 'CCM', organisation: 'MIL-GER', roles: ['CCM'] } as unknown as AppUser;
  const headers = { authorization: `Bearer ${await mintAccessToken(config, secrets, account)}`, 'content-type': 'application/fhir+json' };
  const httpMs: number[] = [];
  for (let i = 0; i < 10; i++) {
    const payload = JSON.stringify(bundleOf(pick(ours).id, 100));
    const t = performance.now();
    const res = await app.inject({ method: 'POST', url: '/fhir', headers, payload });
    httpMs.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`HTTP transaction failed: ${res.body}`);
  }

  // Searches of the dashboard.
  const since = new Date(now - 30 * DAY).toISOString().slice(0, 10);
  const timed = async (query: () => Promise<unknown>) => {
    const ms: number[] = [];
    for (let i = 0; i < QUERIES; i++) {
      const t = performance.now();
      await query();
      ms.push(performance.now() - t);
    }
    return stats(ms);
  };
  const subjectCodeDate = await timed(() => fhir.search('Observation', { subject: `Patient/${pick(ours).id}`, code: `${LOINC}|${pick(CODES)}`, date: `ge${since}` }));
  const countPatient = await timed(() => fhir.search('Observation', { subject: `Patient/${pick(ours).id}`, _count: '0' }));
  const day = () => new Date(now - Math.floor(Math.random() * 90) * DAY).toISOString().slice(0, 10);
  const countDayCode = await timed(() => {
    const d = day();
    return fhir.search('Observation', { code: `${LOINC}|${pick(CODES)}`, 'device:missing': 'false', date: [`ge${d}`, `le${d}`], _count: '0' });
  });
  const countPatients = await timed(() => fhir.search('Patient', { _count: '0' }));
  const httpSearch = await timed(async () => {
    const res = await app.inject({ method: 'GET', url: `/fhir/Observation?subject=Patient/${pick(ours).id}&code=${LOINC}|${pick(CODES)}&date=ge${since}`, headers });
    if (res.statusCode !== 200) throw new Error(res.body);
  });

  const total = Number((await db.kysely.selectFrom('fhir_resource').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  console.log(JSON.stringify({
    database: db.kind,
    size: { patients: PATIENTS, observations: OBSERVATIONS, rows: total, seedSeconds: seconds, seedRowsPerSecond: Math.round((PATIENTS + OBSERVATIONS) / seconds) },
    ingest: {
      transactionOf100ServiceMs: stats(txMs),
      observationsPerSecondOneClient: Math.round((TRANSACTIONS * 100) / ingestSeconds),
      observationsPerSecondFourClients: concurrentRate,
      transactionOf100HttpMs: stats(httpMs),
    },
    searchMs: {
      'Observation?subject&code&date=ge (service)': subjectCodeDate,
      'Observation?subject&code&date=ge (HTTP)': httpSearch,
      'Observation?subject&_count=0': countPatient,
      'Observation?code&device:missing=false&date=ge&date=le&_count=0 (organisation-wide)': countDayCode,
      'Patient?_count=0': countPatients,
    },
    budgets: { transactionOf100Ms: 100, observationsPerSecond: 5000 },
  }, null, 2));
  await app.close();
  await db.close();
}

await main();
