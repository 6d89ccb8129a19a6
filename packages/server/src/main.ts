import { loadConfig } from './config.ts';
import { openDb } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import { buildApp } from './app.ts';
import { loadIssuerSecrets } from './auth/secrets.ts';
import { startAdminSocket } from './auth/admin-socket.ts';
import { purgeExpiredOidcPayloads } from './auth/oidc-adapter.ts';
import { DEMO_ACCOUNTS, ensureDemoAccounts } from './demo/accounts.ts';
import { seedDemoStudy } from './demo/study.ts';
import { startRunner } from './analytics/runner.ts';
import { startExportRunner } from './exports/runner.ts';

/** `npm start`: migrate, create the demo study on an empty database, serve, and shut down cleanly. */
const started = Date.now();
const config = loadConfig();
const db = await openDb(config);
await migrate(db);
const secrets = config.embeddedIssuer ? await loadIssuerSecrets(db) : undefined;
const app = await buildApp({ config, db, secrets });

if (config.demo && config.embeddedIssuer) {
  const created = await ensureDemoAccounts(db);
  await seedDemoStudy(db, { participants: config.DEMO_PARTICIPANTS, log: (m) => app.log.info(m) });
  if (created.length) app.log.info(`created demo accounts: ${created.join(', ')}`);
}

// Analytics runs and dataset exports run in this process unless separate workers (npm run worker, PostgreSQL) take them.
const jobsHere = process.env.ANALYTICS_IN_PROCESS !== 'false';
const analytics = jobsHere ? await startRunner(db, { log: (m) => app.log.info(m) }) : undefined;
const exports = jobsHere ? await startExportRunner(db, { log: (m) => app.log.info(m) }) : undefined;
const adminSocket = secrets ? await startAdminSocket(config, db, secrets) : undefined;
await app.listen({ port: config.PORT, host: config.HOST });
const purge = setInterval(() => void purgeExpiredOidcPayloads(db).catch(() => undefined), 10 * 60_000);

const lines = [
  '',
  `Geria is ready on ${config.publicUrl} (${db.kind === 'pg' ? 'PostgreSQL' : `embedded PostgreSQL in ${config.DATA_DIR}`}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
];
if (config.demo && config.embeddedIssuer) {
  lines.push('Demo accounts (username / password / role):');
  for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.username.padEnd(14)} ${a.password.padEnd(20)} ${a.role}`);
}
process.stdout.write(`${lines.join('\n')}\n\n`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: finishing requests in flight, then closing the database`);
  clearInterval(purge);
  await analytics?.stop();
  await exports?.stop();
  adminSocket?.close();
  await app.close();
  await db.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
