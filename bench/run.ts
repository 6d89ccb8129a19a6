import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * `npm run bench`: runs each benchmark of the budgets in DESIGN.md, one process each, and prints
 * their JSON results. Set DATABASE_URL to measure on PostgreSQL (the budgets are stated for it);
 * without it the database benchmarks run on embedded PGlite. Pass names to run a subset:
 * `npm run bench -- fhir participants`. Options after the names go to each of them:
 * `npm run bench -- fhir-ingest --preload 1000000`.
 */
const BENCHES = ['web-size', 'fhir', 'fhir-paging', 'fhir-ingest', 'participants', 'reads', 'home', 'devicedata', 'citizen-hub', 'analytics', 'bulk-export', 'dataset-export', 'interventions', 'lighthouse', 'load', 'load-cost', 'rolling-restart'];
const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith('-'));
const wanted = firstOption < 0 ? args : args.slice(0, firstOption);
const options = firstOption < 0 ? [] : args.slice(firstOption);
const selected = BENCHES.filter((b) => (wanted.length ? wanted.includes(b) : true) && existsSync(`bench/${b}.ts`));

let failed = 0;
for (const name of selected) {
  console.log(`\n=== ${name} (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}) ===`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}.ts`, ...options], { stdio: 'inherit', env: process.env });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
