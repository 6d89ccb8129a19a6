import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openPglite, openPostgres, type Db } from '../db/connection.ts';
import { findUserByUsername } from '../auth/accounts.ts';
import { mintAccessToken } from '../auth/mint.ts';
import { loadIssuerSecrets, type IssuerSecrets } from '../auth/secrets.ts';
import { withDatabase } from './global-setup.ts';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  secrets: IssuerSecrets;
  /** The database's address on PostgreSQL (for server processes of its own); none on PGlite. */
  databaseUrl?: string;
  /** A valid access token of a fixture account (see fixtures.ts). */
  tokenFor(username: string): Promise<string>;
  /** Headers with that account's bearer token. */
  as(username: string): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

/** A fresh database copied from the run's template, and the whole app on top of it. */
export async function openTestDb(): Promise<{ db: Db; drop: () => Promise<void>; url?: string }> {
  if (process.env.GERIA_TEST_DB === 'pg') {
    const url = process.env.TEST_DATABASE_URL!;
    // Named after the run's template so that the run's teardown drops it even if this file crashed.
    const name = `${inject('pgTemplate').replace(/template$/, '')}${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
    const db = await openPostgres(withDatabase(url, name));
    return {
      db,
      url: withDatabase(url, name),
      drop: async () => {
        await db.close();
        // pg's pool.end() resolves before its connections have closed; forcing the drop while one is
        // still closing sends it a FATAL that surfaces as an unhandled error.
        for (let i = 0; i < 50; i++) {
          const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteTemplate'));
  const db = await openPglite({ loadDataDir: new Blob([dump]) });
  return { db, drop: () => db.close() };
}

export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const { db, drop, url: databaseUrl } = await openTestDb();
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO: 'false', DATA_DIR: '/nonexistent', PUBLIC_URL: 'http://geria.test', WEB_DIST: '/nonexistent', ...env });
  const secrets = await loadIssuerSecrets(db);
  const app = await buildApp({ config, db, secrets });
  await app.ready();
  const tokenFor = async (username: string) => {
    const user = await findUserByUsername(db, username);
    if (!user) throw new Error(`no fixture account ${username}`);
    return mintAccessToken(config, secrets, user);
  };
  return {
    app, db, config, secrets, databaseUrl, tokenFor,
    as: async (username) => ({ authorization: `Bearer ${await tokenFor(username)}` }),
    close: async () => { await app.close(); await drop(); },
  };
}
