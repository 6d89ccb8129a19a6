/**
 * The Home statistics' queries under EXPLAIN (ANALYZE, BUFFERS), on a database bench/home.ts left
 * seeded (its run keeps the data). Execution times reported by PostgreSQL depend less on the
 * machine's other work than the HTTP timings of bench/home.ts. Runs the migrations first, so a new
 * migration's backfill is measured on the benchmark's data too. Prints JSON: per tab, each query's
 * planning and execution ms (median of --runs), its first line of SQL, and with --plans its plan.
 *
 *   DATABASE_URL=postgres://.../geria_bench npx tsx bench/home-explain.ts [--runs 5] [--plans]
 */
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { homePilot, organisationByAbbr, STATISTICS_TABS, type StatisticsTab } from '@geria/domain';
import type { Db } from '../packages/server/src/db/connection.ts';
import type { Database } from '../packages/server/src/db/types.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { computeTab } from '../packages/server/src/stats/service.ts';
import { STATS_SETTINGS } from '../packages/server/src/stats/queries.ts';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '5' }, plans: { type: 'boolean', default: false }, tab: { type: 'string' } } });
if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL: a PostgreSQL database seeded by bench/home.ts');
const ORG = organisationByAbbr('MIL-GER')!;
const scope = { organisation: ORG.abbr, orgid: ORG.orgid, pilot: homePilot('MIL-GER')!.pilotid };

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
let captured: CompiledQuery[] = [];
const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: (event) => { if (event.level === 'query') captured.push(event.query); } });
const db: Db = { kind: 'pg', kysely, exec: async (text) => { await pool.query(text); }, close: () => kysely.destroy(), listen: () => { throw new Error('unused'); },
  // The bench is the only process on its database.
  exclusive: (_name, work) => work() };

const migrateStart = performance.now();
await migrate(db);
const migrateMs = Math.round(performance.now() - migrateStart);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (n: number) => Math.round(n * 100) / 100;

const result: Record<string, unknown> = { migrateMs };
// One connection for the EXPLAINs, with the statistics' own settings (stats/queries.ts).
const explainer = await pool.connect();
for (const [name, value] of Object.entries(STATS_SETTINGS)) await explainer.query('select set_config($1, $2, false)', [name, value]);
for (const tab of STATISTICS_TABS.filter((t) => !args.tab || t === args.tab) as StatisticsTab[]) {
  captured = [];
  await computeTab(db, tab, scope, ['CCM']);
  // The settings the statistics set for each query's transaction, set here for the EXPLAINs' session.
  const queries = captured.filter((q) => !q.sql.startsWith('select set_config') && !/^(begin|commit|rollback)/i.test(q.sql));
  const rows = [];
  for (const query of queries) {
    const planning: number[] = [];
    const execution: number[] = [];
    let plan: unknown;
    for (let i = 0; i < Number(args.runs); i++) {
      const explained = await explainer.query(`explain (analyze, buffers, format json) ${query.sql}`, query.parameters as unknown[]);
      const [top] = explained.rows[0]['QUERY PLAN'];
      planning.push(top['Planning Time']);
      execution.push(top['Execution Time']);
      plan = top.Plan;
    }
    if (args.plans) {
      const text = await explainer.query(`explain (analyze, buffers) ${query.sql}`, query.parameters as unknown[]);
      plan = text.rows.map((r) => r['QUERY PLAN']).join('\n');
    }
    rows.push({ sql: query.sql.replace(/\s+/g, ' ').trim().slice(0, 120), planningMs: round(median(planning)), executionMs: round(median(execution)), ...(args.plans && { plan }) });
  }
  result[tab] = {
    queries: rows,
    // The tab's queries run together on the pool; the slowest bounds its time on an idle server.
    slowestMs: round(Math.max(0, ...rows.map((r) => r.executionMs + r.planningMs))),
    sumMs: round(rows.reduce((s, r) => s + r.executionMs + r.planningMs, 0)),
  };
}
console.log(JSON.stringify(result, null, 2));
explainer.release();
await db.close();
