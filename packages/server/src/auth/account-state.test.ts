import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../test/context.ts';
import type { Db } from '../db/connection.ts';
import { findUserByUsername } from './accounts.ts';
import { accountCheck, forgetAccountState, TTL_MS } from './account-state.ts';

// Two copies of the template: the same account ids, states that can differ.
let first: Awaited<ReturnType<typeof openTestDb>>;
let second: Awaited<ReturnType<typeof openTestDb>>;
beforeAll(async () => { [first, second] = await Promise.all([openTestDb(), openTestDb()]); });
afterAll(async () => { await Promise.all([first?.drop(), second?.drop()]); });

const lock = (db: Db, username: string) => db.kysely.updateTable('app_user').set({ locked: true }).where('username', '=', username).execute();
const idOf = async (db: Db, username: string) => (await findUserByUsername(db, username))!.id;

describe('account state checks', () => {
  it('refuse an account at once when its sessions are ended, and only in the database where it was locked', async () => {
    const id = await idOf(first.db, 'test-ccm');
    const inFirst = accountCheck(first.db);
    const inSecond = accountCheck(second.db);
    expect([await inFirst(id), await inSecond(id)]).toEqual([true, true]);
    await lock(first.db, 'test-ccm');
    forgetAccountState(id);
    expect([await inFirst(id), await inSecond(id)]).toEqual([false, true]);
  });

  it('see a change made elsewhere once the cached state has expired', async () => {
    const id = await idOf(second.db, 'test-expert');
    let clock = 1_000_000;
    const check = accountCheck(second.db, () => clock);
    expect(await check(id)).toBe(true);
    await lock(second.db, 'test-expert');
    clock += TTL_MS - 1;
    expect(await check(id)).toBe(true);
    clock += 2;
    expect(await check(id)).toBe(false);
  });

  it('refuse an id that is no account', async () => {
    const check = accountCheck(first.db);
    expect([await check('not-a-uuid'), await check('00000000-0000-4000-8000-000000000000')]).toEqual([false, false]);
  });
});
