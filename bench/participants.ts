/**
 * Patient list benchmark (DESIGN.md budget: list page + search by id at 100 000 participants,
 * p95 < 50 ms). Generates the participants with the demo generator's set-based inserts, then times
 * the list endpoint through the whole HTTP stack (app.inject, bearer token verified) for the first
 * page, a deep page, other sort orders, search by id (prefix and full) and by name. Prints JSON.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/participants.ts     # PostgreSQL
 *   npx tsx bench/participants.ts --participants 20000             # in-memory PGlite
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openPglite, openPostgres } from '../packages/server/src/db/connection.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import type { AppUser } from '../packages/server/src/db/types.ts';
import { mintAccessToken } from '../packages/server/src/auth/mint.ts';
import { loadIssuerSecrets } from '../packages/server/src/auth/secrets.ts';
import { insertParticipants, participantCount } from '../packages/server/src/demo/participants.ts';

const { values: args } = parseArgs({ options: { participants: { type: 'string', default: '100000' }, queries: { type: 'string', default: '200' } } });
const PARTICIPANTS = Number(args.participants);
const QUERIES = Number(args.queries);
const round = (n: number) => Math.round(n * 100) / 100;
function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!);
  return { n: s.length, p50: at(50), p95: at(95), max: round(s[s.length - 1]!) };
}

const db = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite();
await migrate(db);
process.stderr.write(`generating ${PARTICIPANTS} participants on ${db.kind}\n`);
const seedStart = performance.now();
const generated = await insertParticipants(db, PARTICIPANTS, Math.floor(Math.random() * 2 ** 31));
const seedSeconds = round((performance.now() - seedStart) / 1000);
if (db.kind === 'pg') await db.exec('analyze participant; analyze identity; analyze device');

const config = loadConfig({ LOG_LEVEL: 'silent', DEMO: 'false', DATA_DIR: '/nonexistent', PUBLIC_URL: 'http://bench.local', WEB_DIST: '/nonexistent' });
const secrets = await loadIssuerSecrets(db);
const app = await buildApp({ config, db, secrets });
await app.ready();
const account = { id: randomUUID(), username: 'bench-ccm', email: 'bench@example.org', given_name: 'Bench', family_name: 'CCM', organisation: 'MIL-GER', roles: ['CCM'] } as unknown as AppUser;
const headers = { authorization: `Bearer ${await mintAccessToken(config, secrets, account)}` };
const ours = generated.filter((p) => p.organisation === 'MIL-GER');

async function timed(query: () => string, check?: (body: { items: unknown[]; total: number }) => boolean) {
  const ms: number[] = [];
  for (let i = 0; i < QUERIES + 10; i++) {
    const url = `/api/v1/participants/organisation/MIL-GER?${query()}`;
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    const elapsed = performance.now() - t;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    if (check && !check(res.json())) throw new Error(`${url}: unexpected answer ${res.body.slice(0, 200)}`);
    if (i >= 10) ms.push(elapsed);
  }
  return stats(ms);
}
const someone = () => ours[Math.floor(Math.random() * ours.length)]!.id;

const result = {
  name: 'participants list',
  database: db.kind,
  participants: await participantCount(db),
  inOrganisation: ours.length,
  seedSeconds,
  budgetP95Ms: 50,
  firstPage: await timed(() => 'page=0&pageSize=25', (b) => b.items.length === 25),
  deepPage: await timed(() => `page=${100 + Math.floor(Math.random() * 50)}&pageSize=25&sort=lastUpdated&order=asc`),
  byName: await timed(() => 'page=0&pageSize=25&sort=fullName&order=asc'),
  byInactivity: await timed(() => 'page=0&pageSize=25&sort=inactivityPeriod&order=asc'),
  statusFilter: await timed(() => 'page=0&pageSize=25&status=1'),
  searchIdPrefix: await timed(() => `search=${someone().slice(0, 8)}`, (b) => b.total >= 1),
  searchFullId: await timed(() => `search=${someone()}`, (b) => b.total === 1),
  searchName: await timed(() => 'search=rossi&pageSize=25'),
};
console.log(JSON.stringify(result, null, 2));
await app.close();
await db.close();
