import { connect } from 'node:net';
import { loadConfig } from '../config.ts';
import { openDb } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { adminSocketPath } from '../auth/admin-socket.ts';
import { runIntegrationCommand } from './command.ts';

/** Whether a server answers on the admin socket (a socket left by a killed server refuses connections). */
const serverRunning = (socketPath: string) => new Promise<boolean>((resolve) => {
  const socket = connect(socketPath, () => { socket.end(); resolve(true); });
  socket.on('error', () => resolve(false));
});

/**
 * `npm run -s integration -- <command>` (command.ts), on the database of the environment's
 * configuration. The embedded database (PGlite) has one process at a time: while its server runs,
 * manage clients in the app or through /api/v1/integration-clients instead.
 */
const config = loadConfig();
if (!config.DATABASE_URL && await serverRunning(adminSocketPath(config))) {
  process.stderr.write('A Geria server is running on this embedded database: stop it first, or manage integration clients in the app (User management).\n');
  process.exit(1);
}
const db = await openDb(config);
try {
  await migrate(db);
  process.exitCode = await runIntegrationCommand(db, process.argv.slice(2), {
    out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text),
  });
} finally {
  await db.close();
}
