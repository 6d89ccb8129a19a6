import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDb } from '../test/context.ts';
import type { Db } from '../db/connection.ts';
import { countHit, purgeEndedWindows } from './rate-limit-store.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => { ({ db, drop } = await openTestDb()); });
afterAll(async () => { await drop?.(); });

describe('rate-limit counters in the database', () => {
  it('counts concurrent hits of one key each once, within one window', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => countHit(db, 'k1', 60_000)));
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    for (const { ttl } of results) expect(ttl).toBeGreaterThan(0);
    for (const { ttl } of results) expect(ttl).toBeLessThanOrEqual(60_000);
    expect((await countHit(db, 'k2', 60_000)).current).toBe(1);
  });

  // A hit that waited for the row lock while another process opened the window: with the transaction's
  // clock (now(), the time the statement began) it was answered up to the wait more than the window.
  it.runIf(process.env.GERIA_TEST_DB === 'pg')('never answers more time left than the window, for a hit begun before the window opened', async () => {
    await db.kysely.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await countHit(db, 'k4', 60_000);
      const { current, ttl } = await countHit({ ...db, kysely: trx }, 'k4', 60_000);
      expect(current).toBe(2);
      expect(ttl).toBeLessThanOrEqual(60_000);
    });
  });

  it('starts a new window from one once the last one ended, and the purge drops ended windows only', async () => {
    await countHit(db, 'k3', 60_000);
    await countHit(db, 'k3', 60_000);
    await sql`update rate_limit_counter set resets_at = now() - interval '1 millisecond' where key = 'k3'`.execute(db.kysely);
    expect((await countHit(db, 'k3', 60_000)).current).toBe(1);
    await sql`update rate_limit_counter set resets_at = now() - interval '1 millisecond' where key = 'k3'`.execute(db.kysely);
    await purgeEndedWindows(db);
    const keys = (await db.kysely.selectFrom('rate_limit_counter').select('key').execute()).map((r) => r.key);
    expect(keys).not.toContain('k3');
    expect(keys).toContain('k1');
  });
});
