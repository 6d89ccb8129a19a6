import { loadConfig } from '../config.ts';
import { openDb } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { startRunner } from './runner.ts';
import { startBulkExportRunner } from '../fhir/bulk/runner.ts';
import { startExportRunner } from '../exports/runner.ts';

/**
 * `npm run worker`: a process that only runs jobs (analytics runs, dataset exports, FHIR bulk exports). On PostgreSQL any number of them (on
 * any machine) share the queue; start the web server with ANALYTICS_IN_PROCESS=false to leave the jobs
 * to them. On PGlite the database belongs to the server process, so the server runs the jobs itself.
 */
const config = loadConfig();
const db = await openDb(config);
if (db.kind !== 'pg') {
  process.stderr.write('npm run worker needs DATABASE_URL (PostgreSQL): on the embedded database the server runs analytics itself.\n');
  process.exit(1);
}
await migrate(db);
const log = (m: string) => process.stdout.write(`${m}\n`);
const runners = [await startRunner(db, { log }), await startExportRunner(db, { log }), await startBulkExportRunner(db, { log })];
process.stdout.write('worker: polling the analytics, dataset export and bulk export queues\n');
const shutdown = async () => { await Promise.all(runners.map((r) => r.stop())); await db.close(); process.exit(0); };
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
