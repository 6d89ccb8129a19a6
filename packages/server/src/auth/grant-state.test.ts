import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../test/context.ts';
import { TTL_MS } from './account-state.ts';
import { announceGrantEnded, grantCheck } from './grant-state.ts';

let test: Awaited<ReturnType<typeof openTestDb>>;
beforeAll(async () => { test = await openTestDb(); });
afterAll(async () => { await test?.drop(); });

const saveGrant = (id: string, expiresAt: Date | null) => test.db.kysely.insertInto('oidc_payload')
  .values({ model: 'Grant', id, payload: JSON.stringify({ jti: id }), grant_id: null, user_code: null, uid: null, expires_at: expiresAt }).execute();

describe('grant checks', () => {
  it('hold a standing grant, and refuse it at once once it is ended here', async () => {
    await saveGrant('grant-a', new Date(Date.now() + 3_600_000));
    const check = grantCheck(test.db);
    expect(await check('grant-a')).toBe(true);
    await test.db.kysely.deleteFrom('oidc_payload').where('id', '=', 'grant-a').execute();
    // Still cached: nothing said it ended.
    expect(await check('grant-a')).toBe(true);
    await announceGrantEnded(test.db.kysely, 'grant-a');
    expect(await check('grant-a')).toBe(false);
  });

  it('see a grant removed elsewhere once the cached state has expired', async () => {
    await saveGrant('grant-b', null);
    let clock = 1_000_000;
    const check = grantCheck(test.db, () => clock);
    expect(await check('grant-b')).toBe(true);
    await test.db.kysely.deleteFrom('oidc_payload').where('id', '=', 'grant-b').execute();
    clock += TTL_MS + 1;
    expect(await check('grant-b')).toBe(false);
  });

  it('refuse an unknown or expired grant', async () => {
    await saveGrant('grant-c', new Date(Date.now() - 1_000));
    const check = grantCheck(test.db);
    expect([await check('grant-c'), await check('no-such-grant')]).toEqual([false, false]);
  });
});
