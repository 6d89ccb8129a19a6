import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDb } from '../test/context.ts';
import type { Db } from './connection.ts';
import { claimPeriod } from './periodic.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => { ({ db, drop } = await openTestDb()); });
afterAll(async () => { await drop?.(); });

describe('periodic job claims', () => {
  it('gives each period to one claimant of those claiming at once, and the next period once it is due', async () => {
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimPeriod(db, 'job-a', 60_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimPeriod(db, 'job-a', 60_000)).toBe(false);
    expect(await claimPeriod(db, 'job-b', 60_000)).toBe(true);
    await sql`update periodic_job set last_started_at = now() - interval '61 seconds' where name = 'job-a'`.execute(db.kysely);
    expect(await claimPeriod(db, 'job-a', 60_000)).toBe(true);
    expect(await claimPeriod(db, 'job-a', 60_000)).toBe(false);
  });
});
