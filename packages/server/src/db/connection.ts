import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Database } from './types.ts';
import { reconnectingListen, type ListenOptions } from './listener.ts';
import { prepareRepeatedStatements } from './prepared.ts';

/**
 * One Kysely handle over either embedded PGlite (default, data in DATA_DIR) or a PostgreSQL server
 * (DATABASE_URL). The same SQL and migrations run on both. `exec` runs multi-statement SQL (migrations).
 */
export interface Db {
  kind: 'pglite' | 'pg';
  kysely: Kysely<Database>;
  exec(sqlText: string): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTENs on a channel (NOTIFY arrives after the notifying transaction commits); answers the
   * unlisten. On PostgreSQL a dropped connection is replaced and `onReconnect` called (NOTIFYs
   * sent while it was down are lost); the embedded database cannot drop it.
   */
  listen(channel: string, onPayload: (payload: string) => void, options?: ListenOptions): Promise<() => Promise<void>>;
  /**
   * Runs `work` while holding the PostgreSQL advisory lock `name` (on a connection of its own, kept
   * for the duration): server processes starting at once on one database migrate and seed one after
   * another. The embedded database has one process, so it just runs.
   */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** PostgreSQL only: the requests' pool now (connections open, idle, and requests waiting for one). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** PGlite only: the embedded database, for dumping a test template. */
  pglite?: PGlite;
}

// pg returns bigint/numeric as strings by default; counts and ids here fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/**
 * A request holds one connection for its whole transaction (a working state reads a dozen resources
 * in it), so under load the pool, not the CPU, set the pace at 10 connections; PG_POOL_MAX tunes it.
 */
/** Connections a process holds beside its requests' pool: one per LISTENed channel (4 today), and the start-up lock. */
const MAX_HELD = 8;

export async function openPostgres(connectionString: string, max = 20): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client whose connection the server ends (restart, admin command) emits 'error'; without a
  // listener that would crash the process. The pool replaces the client on the next query.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL idle client: ${error.message}`));
  pool.on('connect', prepareRepeatedStatements);
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // A LISTEN holds its connection for as long as it listens, and the start-up lock its own while it
  // waits: taken from the requests' pool, they could leave requests none (PG_POOL_MAX 4 with 4 LISTENs).
  // Connections of their own instead, one per channel (MAX_HELD bounds them): PG_POOL_MAX is the requests'.
  const held = new pg.Pool({ connectionString, max: MAX_HELD });
  held.on('error', (error) => process.emitWarning(`PostgreSQL idle listener: ${error.message}`));
  return {
    kind: 'pg',
    kysely,
    exec: async (text) => { await pool.query(text); },
    close: async () => { await kysely.destroy(); await held.end(); },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    // A LISTEN needs its own connection for as long as it listens, and a new one when that one drops.
    listen: (channel, onPayload, options) => reconnectingListen(held, channel, onPayload, options),
    exclusive: async (name, work) => {
      const client = await held.connect();
      try {
        await client.query('select pg_advisory_lock(hashtext($1))', [name]);
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
        }
      } finally {
        client.release();
      }
    },
  };
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Db> {
  const pglite = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const kysely = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    kind: 'pglite',
    kysely,
    pglite,
    exec: async (text) => {
      // Go through Kysely's serialized connection so no other query interleaves.
      await kysely.connection().execute(async () => { await pglite.exec(text); });
    },
    close: () => kysely.destroy(),
    listen: async (channel, onPayload) => pglite.listen(channel, onPayload),
    exclusive: (_name, work) => work(),
  };
}

export async function openDb(config: { DATABASE_URL?: string; DATA_DIR: string; PG_POOL_MAX?: number }): Promise<Db> {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL, config.PG_POOL_MAX) : openPglite({ dataDir: config.DATA_DIR });
}

export async function checkDb(db: Db): Promise<boolean> {
  const result = await sql<{ ok: number }>`select 1 as ok`.execute(db.kysely);
  return result.rows[0]?.ok === 1;
}
