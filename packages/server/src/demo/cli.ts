import { parseArgs } from 'node:util';
import { randomInt } from 'node:crypto';
import { loadConfig } from '../config.ts';
import { openDb } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { analyzeSeededTables } from './analyze.ts';
import { insertParticipants } from './participants.ts';

/**
 * `npm run seed -- --participants N [--seed S]`: adds N synthetic participants (with devices and
 * external ids) to the configured database (DATABASE_URL, else the embedded one in DATA_DIR), then
 * ANALYZE of the tables it filled, so the first requests are planned for their real size.
 */
const { values } = parseArgs({ options: { participants: { type: 'string', default: '1000' }, seed: { type: 'string' } } });
const count = Number(values.participants);
if (!Number.isInteger(count) || count < 1) {
  process.stderr.write('usage: npm run seed -- --participants N [--seed S]\n');
  process.exit(2);
}
const config = loadConfig();
const db = await openDb(config);
await migrate(db);
const started = Date.now();
await insertParticipants(db, count, values.seed ? Number(values.seed) : randomInt(1, 2 ** 31));
await analyzeSeededTables(db);
process.stdout.write(`${count} participants added in ${((Date.now() - started) / 1000).toFixed(1)} s (${db.kind === 'pg' ? 'PostgreSQL' : config.DATA_DIR})\n`);
await db.close();
