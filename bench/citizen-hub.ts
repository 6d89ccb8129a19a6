/**
 * Citizen Hub uploads (issue 34 §5): one daily posture upload per participant, as the app sends it
 * (transaction Bundle, `application/json`, `apikey`, subject = the participant's Smart4Health id),
 * from PARTICIPANTS participants at CONCURRENCY requests at a time over HTTP (app.inject); then the
 * same uploads again (the app's retries), which must store nothing. Prints requests/s and latency
 * percentiles per pass, the Observations stored (2 per participant) and the load average, in JSON.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/citizen-hub.ts                  # PostgreSQL, 1 000 participants
 *   npx tsx bench/citizen-hub.ts --participants 1000 --concurrency 20         # in-memory PGlite
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { IDENTITY_SCOPES, integrationClientInputSchema } from '@geria/domain';
import { IDENTITY_STATUSES } from '@geria/domain/rules/participants-record.ts';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openPglite, openPostgres } from '../packages/server/src/db/connection.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { loadIssuerSecrets } from '../packages/server/src/auth/secrets.ts';
import { insertParticipants } from '../packages/server/src/demo/participants.ts';
import { createClient } from '../packages/server/src/integrations/service.ts';
import { citizenHubUpload } from '../packages/server/src/test/citizen-hub-fixtures.ts';

const { values: args } = parseArgs({ options: { participants: { type: 'string', default: '1000' }, concurrency: { type: 'string', default: '20' } } });
const PARTICIPANTS = Number(args.participants);
const CONCURRENCY = Number(args.concurrency);
const DAY = 86_400_000;
const round = (n: number) => Math.round(n * 100) / 100;
function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!);
  return { n: s.length, p50: at(50), p95: at(95), p99: at(99), max: round(s[s.length - 1]!) };
}

const loadBefore = loadavg().map(round);
const db = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite();
await migrate(db);
const run = Date.now().toString(36).toUpperCase();
const generated = await insertParticipants(db, PARTICIPANTS, Date.now() % 1_000_000_007);
const ids = generated.map((p) => p.id);

// Every participant gets an active Smart4Health id (the generator gives one to about 60 %).
const active = await db.kysely.selectFrom('identity').select(['participant_id', 'identity_id'])
  .where('scope', '=', IDENTITY_SCOPES.healthDataApp).where('status', '=', IDENTITY_STATUSES.active).where('participant_id', 'in', ids).execute();
const smart4Health = new Map(active.map((r) => [r.participant_id, r.identity_id]));
const missing = ids.filter((id) => !smart4Health.has(id))
  .map((id, i) => ({ participant_id: id, scope: IDENTITY_SCOPES.healthDataApp, status: IDENTITY_STATUSES.active, identity_id: `S4H-BENCH-${run}-${i}` }));
if (missing.length) await db.kysely.insertInto('identity').values(missing).execute();
for (const m of missing) smart4Health.set(m.participant_id, m.identity_id);
if (db.kind === 'pg') await db.exec('analyze participant; analyze identity; analyze fhir_resource');

const config = loadConfig({ LOG_LEVEL: 'silent', DEMO: 'false', DATA_DIR: '/nonexistent', PUBLIC_URL: 'http://bench.local', WEB_DIST: '/nonexistent' });
const secrets = await loadIssuerSecrets(db);
const app = await buildApp({ config, db, secrets });
await app.ready();

// A client binds one organisation: each organisation's Citizen Hub gets its own API key.
const keys = new Map<string, string>();
for (const organisation of new Set(generated.map((p) => p.organisation))) {
  const input = integrationClientInputSchema.parse({
    name: `Citizen Hub ${organisation}`, organisation, role: 'Tech', kind: 'apikey', permissions: ['devices.ingest'], subjectIds: 'smart4health',
  });
  keys.set(organisation, (await createClient(db, { actor: 'bench', actorOrganisation: null }, input)).secret);
}

// One day each, a distinct day per participant; the same bodies are retried (new urns, as the app rebuilds them).
const uploads = generated.map((p, i) => ({
  apikey: keys.get(p.organisation)!, externalId: smart4Health.get(p.id)!, day: new Date(Date.now() - (1 + (i % 365)) * DAY).toISOString().slice(0, 10),
}));

async function pass(expected: string) {
  const ms: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < uploads.length) {
      const u = uploads[next++]!;
      const payload = JSON.stringify(citizenHubUpload(u.externalId, u.day));
      const t = performance.now();
      const res = await app.inject({ method: 'POST', url: '/fhir', headers: { apikey: u.apikey, 'content-type': 'application/json' }, payload });
      ms.push(performance.now() - t);
      const statuses = res.statusCode === 200 ? res.json().entry.map((e: { response: { status: string } }) => e.response.status) : [];
      if (statuses.length !== 3 || statuses.some((s: string) => s !== expected)) throw new Error(`${u.externalId} ${u.day}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  return { requests: ms.length, seconds: round(seconds), requestsPerSecond: round(ms.length / seconds), latencyMs: stats(ms) };
}

const countOf = async (type: string) => Number((await db.kysely.selectFrom('fhir_resource').select((eb) => eb.fn.countAll().as('n'))
  .where('resource_type', '=', type).where('patient_id', 'in', ids).executeTakeFirstOrThrow()).n);

const first = await pass('201 Created');
const afterFirst = await countOf('Observation');
const retries = await pass('200 OK');
const observations = await countOf('Observation');
const reports = await countOf('DiagnosticReport');
console.log(JSON.stringify({
  name: 'Citizen Hub uploads', database: db.kind, participants: PARTICIPANTS, concurrency: CONCURRENCY,
  firstUploads: first, retries,
  stored: { observationsAfterFirstPass: afterFirst, observations, diagnosticReports: reports, expectedObservations: 2 * PARTICIPANTS, ok: afterFirst === 2 * PARTICIPANTS && observations === 2 * PARTICIPANTS && reports === PARTICIPANTS },
  loadAverage: { before: loadBefore, after: loadavg().map(round) },
}, null, 2));
await app.close();
await db.close();
if (observations !== 2 * PARTICIPANTS || reports !== PARTICIPANTS) process.exit(1);
