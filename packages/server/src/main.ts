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
import { startBulkExportRunner } from './fhir/bulk/runner.ts';
import { purgeEndedWindows } from './http/rate-limit-store.ts';
import { startExportRunner } from './exports/runner.ts';

/** `npm start`: migrate, create the demo study on an empty database, serve, and shut down cleanly. */
const started = Date.now();
const config = loadConfig();
const db = await openDb(config);
// Processes started at once on one database take turns here: the first migrates, makes the issuer's
// keys and the demo study; the others wait for it, then find everything done.
const { app, secrets } = await db.exclusive('geria:first-start', async () => {
  await migrate(db);
  const secrets = config.embeddedIssuer ? await loadIssuerSecrets(db) : undefined;
  const app = await buildApp({ config, db, secrets });
  if (config.demo && config.embeddedIssuer) {
    const created = await ensureDemoAccounts(db);
    await seedDemoStudy(db, { participants: config.DEMO_PARTICIPANTS, log: (m) => app.log.info(m) });
    if (created.length) app.log.info(`created demo accounts: ${created.join(', ')}`);
  }
  return { app, secrets };
});

// Analytics runs, dataset exports and bulk exports run in this process unless separate workers (npm run worker, PostgreSQL) take them.
const jobsHere = process.env.ANALYTICS_IN_PROCESS !== 'false';
const log = (m: string) => app.log.info(m);
const runners = jobsHere ? [await startRunner(db, { log }), await startExportRunner(db, { log }), await startBulkExportRunner(db, { log })] : [];
const adminSocket = secrets ? await startAdminSocket(config, db, secrets) : undefined;
await app.listen({ port: config.PORT, host: config.HOST });
const purge = setInterval(() => void Promise.all([purgeExpiredOidcPayloads(db), purgeEndedWindows(db)]).catch(() => undefined), 10 * 60_000);

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
/**
 * SIGTERM: readiness answers 503 at once and the process keeps serving for SHUTDOWN_DRAIN_SECONDS
 * (the load balancer's probe sees it and sends no more); then it stops accepting, ends the inbox
 * streams with a reconnect hint, finishes the requests in flight and the job at hand, and exits, in
 * SHUTDOWN_TIMEOUT_SECONDS at most. Liveness (/api/v1/health) answers until the listener closes.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.draining = true;
  app.log.info(`${signal}: not ready; finishing requests in flight, then closing the database`);
  setTimeout(() => {
    app.log.error(`shutdown took longer than ${config.SHUTDOWN_TIMEOUT_SECONDS} s: exiting`);
    process.exit(1);
  }, (config.SHUTDOWN_DRAIN_SECONDS + config.SHUTDOWN_TIMEOUT_SECONDS) * 1000).unref();
  await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_SECONDS * 1000));
  clearInterval(purge);
  adminSocket?.close();
  await Promise.all([...runners.map((r) => r.stop()), app.close()]);
  await db.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
