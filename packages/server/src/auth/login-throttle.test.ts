import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDb } from '../test/context.ts';
import type { Db } from '../db/connection.ts';
import { loginThrottle, MAX_FAILURES } from './login-throttle.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => { ({ db, drop } = await openTestDb()); });
afterAll(async () => { await drop?.(); });

describe('wrong passwords per username', () => {
  it('blocks a username after the tenth failure counted by any process, whatever its letter case, until the window passes', async () => {
    // Two server processes: each its own throttle, one database.
    const [one, other] = [loginThrottle(db), loginThrottle(db)];
    for (let i = 0; i < MAX_FAILURES - 1; i++) await (i % 2 ? one : other).failed(i % 2 ? 'Demo-CCM' : 'demo-ccm');
    expect(await one.blocked('demo-ccm')).toBe(false);
    await one.failed('demo-ccm');
    expect(await other.blocked('DEMO-CCM ')).toBe(true);
    expect(await one.blocked('someone-else')).toBe(false);
    await sql`update rate_limit_counter set resets_at = now() - interval '1 second' where key = 'login demo-ccm'`.execute(db.kysely);
    expect(await other.blocked('demo-ccm')).toBe(false);
    await other.failed('demo-ccm');
    expect(await one.blocked('demo-ccm')).toBe(false);
  });

  it('forgets failures after a successful sign-in', async () => {
    const throttle = loginThrottle(db);
    for (let i = 0; i < MAX_FAILURES; i++) await throttle.failed('a');
    expect(await throttle.blocked('a')).toBe(true);
    await throttle.succeeded('a');
    expect(await throttle.blocked('a')).toBe(false);
  });
});
