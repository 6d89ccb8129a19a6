import { sql } from 'kysely';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/connection.ts';

/**
 * Counts one more hit of `key` in its window (`windowMs` from its first hit) and answers the
 * window's hits and the milliseconds left in it. One statement, so concurrent hits from every server
 * process are all counted (the row lock orders them).
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  // clock_timestamp(), not now(): now() is when the transaction began, before any wait for the row
  // lock, and a hit that waited while another process opened the window was answered more time left
  // than the window (60 051 ms of 60 000).
  const { rows } = await sql<{ hits: number; ttl: number }>`
    insert into rate_limit_counter as c (key, hits, resets_at) values (${key}, 1, clock_timestamp() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when c.resets_at <= clock_timestamp() then 1 else c.hits + 1 end,
      resets_at = case when c.resets_at <= clock_timestamp() then excluded.resets_at else c.resets_at end
    returning hits, greatest(0, ceil(extract(epoch from resets_at - clock_timestamp()) * 1000))::int as ttl`.execute(db.kysely);
  const row = rows[0]!;
  return { current: Number(row.hits), ttl: Number(row.ttl) };
}

/** The hits of `key` in its current window (0 once it ended). */
export async function hitsOf(db: Db, key: string): Promise<number> {
  const row = await db.kysely.selectFrom('rate_limit_counter').select('hits')
    .where('key', '=', key).where('resets_at', '>', sql<Date>`now()`).executeTakeFirst();
  return row?.hits ?? 0;
}

export async function forgetHits(db: Db, key: string): Promise<void> {
  await db.kysely.deleteFrom('rate_limit_counter').where('key', '=', key).execute();
}

/** Deletes the counters whose window ended (the server's periodic purge). */
export async function purgeEndedWindows(db: Db): Promise<void> {
  await db.kysely.deleteFrom('rate_limit_counter').where('resets_at', '<=', sql<Date>`now()`).execute();
}

/**
 * The @fastify/rate-limit store of every limited route, in the database: processes behind a load
 * balancer share each client's count, where the plugin's default memory store would let N processes
 * allow N times the limit. Each route counts apart (its method and path prefix the key); a limiter
 * made with createRateLimit names its keys itself. Fixed windows, as the memory store's.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  return class DatabaseStore implements FastifyRateLimitStore {
    prefix = '';

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      countHit(db, `${this.prefix}${key}`, timeWindow).then((result) => callback(null, result), (error: Error) => callback(error));
    }

    child(options: object) {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const child = new DatabaseStore();
      child.prefix = route?.url ? `${String(route.method)} ${route.url} ` : 'limiter ';
      return child;
    }
  };
}
