/**
 * Reads of patient data over HTTP (app.inject, bearer token verified), each audited as one entry
 * (issue 31): the study record, the assessment timeline, a FHIR read, a FHIR search bound to one
 * participant and an organisation-wide one over many. Prints the latencies, the read entries the
 * trail got and the load average, in JSON; run it on two builds to compare.
 *
 *   npx tsx bench/reads.ts --participants 1000 --queries 300     # in-memory PGlite
 *   DATABASE_URL=postgres://... npx tsx bench/reads.ts           # PostgreSQL
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openPglite, openPostgres } from '../packages/server/src/db/connection.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import type { AppUser } from '../packages/server/src/db/types.ts';
import { mintAccessToken } from '../packages/server/src/auth/mint.ts';
import { loadIssuerSecrets } from '../packages/server/src/auth/secrets.ts';
import { insertParticipants } from '../packages/server/src/demo/participants.ts';

const { values: args } = parseArgs({ options: { participants: { type: 'string', default: '1000' }, queries: { type: 'string', default: '300' } } });
const QUERIES = Number(args.queries);
const round = (n: number) => Math.round(n * 100) / 100;
function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!);
  return { n: s.length, p50: at(50), p95: at(95), mean: round(s.reduce((a, b) => a + b, 0) / s.length) };
}

const loadBefore = loadavg().map(round);
const db = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite();
await migrate(db);
const generated = await insertParticipants(db, Number(args.participants), 31, { clinical: true });
if (db.kind === 'pg') await db.exec('analyze participant; analyze fhir_resource');
const config = loadConfig({ LOG_LEVEL: 'silent', DEMO: 'false', DATA_DIR: '/nonexistent', PUBLIC_URL: 'http://bench.local', WEB_DIST: '/nonexistent' });
const secrets = await loadIssuerSecrets(db);
const app = await buildApp({ config, db, secrets });
await app.ready();
// An active account: the embedded issuer's tokens are refused once their account is gone.
const account = await db.kysely.insertInto('app_user').values({
  username: 'bench-ccm', email: 'bench@example.org', given_name: 'Bench', family_name: 'CCM', organisation: 'MIL-GER', roles: ['CCM'], password_hash: '-',
}).returningAll().executeTakeFirstOrThrow() as AppUser;
const headers = { authorization: `Bearer ${await mintAccessToken(config, secrets, account)}` };
const ours = generated.filter((p) => p.organisation === 'MIL-GER');
const someone = () => ours[Math.floor(Math.random() * ours.length)]!.id;

/** p50/p95 of QUERIES reads of `url()` after 10 unmeasured ones. */
async function timed(url: () => string) {
  const ms: number[] = [];
  for (let i = 0; i < QUERIES + 10; i++) {
    const path = url();
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url: path, headers });
    const elapsed = performance.now() - t;
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (i >= 10) ms.push(elapsed);
  }
  return stats(ms);
}

const started = performance.now();
const readMs = {
  'participant/:id': await timed(() => `/api/v1/participant/${someone()}`),
  'participants/:id/assessments': await timed(() => `/api/v1/participants/${someone()}/assessments`),
  'fhir/Patient/:id': await timed(() => `/fhir/Patient/${someone()}`),
  'fhir/Observation?subject (one participant)': await timed(() => `/fhir/Observation?subject=Patient/${someone()}`),
  'fhir/Observation?_count=50 (many participants)': await timed(() => '/fhir/Observation?_count=50'),
};
const seconds = (performance.now() - started) / 1000;
// Builds before the read audit have no writer: their trail gets no read entries.
await (app as { readAudits?: { flush(): Promise<void> } }).readAudits?.flush();
const { rows } = await db.kysely.selectFrom('audit_event').select((eb) => eb.fn.countAll<number>().as('n')).where('action', 'like', 'read.%').execute()
  .then((r) => ({ rows: r }));
console.log(JSON.stringify({
  name: 'audited reads', database: db.kind, participants: generated.length, readMs,
  readsPerSecond: Math.round((5 * QUERIES) / seconds), readAuditEntries: Number(rows[0]!.n), loadAverage: { before: loadBefore, after: loadavg().map(round) },
}, null, 2));
await app.close();
await db.close();
