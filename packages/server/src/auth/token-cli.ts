import { request } from 'node:http';
import { existsSync } from 'node:fs';
import { loadConfig } from '../config.ts';
import { openDb } from '../db/connection.ts';
import { accountRefusal, findUserByUsername } from './accounts.ts';
import { adminSocketPath } from './admin-socket.ts';
import { mintAccessToken } from './mint.ts';
import { loadIssuerSecrets } from './secrets.ts';

/**
 * `npm run -s token -- <username> [--ttl seconds]`: prints a fresh access token for an active account
 * of the embedded issuer. Asks the running server through its admin socket; when no server runs,
 * opens the database itself.
 */
const [username, ...rest] = process.argv.slice(2);
const ttlIndex = rest.indexOf('--ttl');
const ttl = ttlIndex >= 0 ? Number(rest[ttlIndex + 1]) : undefined;
if (!username) {
  process.stderr.write('usage: npm run -s token -- <username> [--ttl seconds]\n');
  process.exit(2);
}
const config = loadConfig();

function viaSocket(): Promise<string | null> {
  const socketPath = adminSocketPath(config);
  if (!existsSync(socketPath)) return Promise.resolve(null);
  const query = new URLSearchParams({ username, ...(ttl ? { ttl: String(ttl) } : {}) });
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: `/token?${query}`, method: 'POST' }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => (res.statusCode === 200 ? resolve(body.trim()) : reject(new Error(body.trim()))));
    });
    // A socket left by a killed server refuses connections: fall back to the database.
    req.on('error', () => resolve(null));
    req.end();
  });
}

async function viaDatabase(): Promise<string> {
  const db = await openDb(config);
  try {
    const user = await findUserByUsername(db, username);
    if (!user || accountRefusal(user)) throw new Error(`no active account named ${username}`);
    return await mintAccessToken(config, await loadIssuerSecrets(db), user, ttl);
  } finally {
    await db.close();
  }
}

try {
  process.stdout.write(`${(await viaSocket()) ?? (await viaDatabase())}\n`);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
