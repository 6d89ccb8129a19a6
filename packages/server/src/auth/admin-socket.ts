import { createServer, type Server } from 'node:http';
import { chmod, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { accountRefusal, findUserByUsername } from './accounts.ts';
import { mintAccessToken } from './mint.ts';
import type { IssuerSecrets } from './secrets.ts';

/**
 * A Unix socket in the data directory (owner-only) through which the `npm run token` command asks the
 * running server for a token: PGlite's data directory belongs to one process, so the command must
 * not open it while the server runs.
 */
export const adminSocketPath = (config: Pick<Config, 'DATA_DIR'>) => path.resolve(config.DATA_DIR, 'admin.sock');

export async function startAdminSocket(config: Config, db: Db, secrets: IssuerSecrets): Promise<Server> {
  const socketPath = adminSocketPath(config);
  await mkdir(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  await rm(socketPath, { force: true });
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://admin');
    const username = url.searchParams.get('username') ?? '';
    const user = req.method === 'POST' && url.pathname === '/token' ? await findUserByUsername(db, username) : undefined;
    if (!user || accountRefusal(user)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`no active account named ${username}\n`);
      return;
    }
    const ttl = Number(url.searchParams.get('ttl')) || undefined;
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`${await mintAccessToken(config, secrets, user, ttl)}\n`);
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  await chmod(socketPath, 0o600);
  return server;
}
