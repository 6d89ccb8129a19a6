import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../test/context.ts';
import { userIdOf } from './testing.ts';
import { TTL_MS } from '../auth/account-state.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const list = async (who: string, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/users${query}`, headers: await ctx.as(who) });
const patch = async (who: string, id: string, payload: unknown) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/v1/users/${id}`, headers: await ctx.as(who), payload: payload as object });

describe('end-users list', () => {
  it('shows a Tester the accounts of their organisation only', async () => {
    const res = await list('test-tester', '?pageSize=100');
    expect(res.statusCode).toBe(200);
    const organisations = new Set(res.json().items.map((u: { organisation: string }) => u.organisation));
    expect([...organisations]).toEqual(['MIL-GER']);
    expect(res.json().total).toBe(6);
  });

  it('shows a SysAdmin every organisation, filterable by one', async () => {
    expect((await list('test-sysadmin', '?pageSize=100')).json().total).toBe(8);
    expect((await list('test-sysadmin', '?organisation=ATH-GCC')).json().items.map((u: { username: string }) => u.username)).toEqual(['other-ccm', 'other-expert']);
  });

  it('pages and sorts on the server', async () => {
    const first = (await list('test-sysadmin', '?pageSize=3&page=0&sort=username&order=desc')).json();
    const second = (await list('test-sysadmin', '?pageSize=3&page=1&sort=username&order=desc')).json();
    expect(first.total).toBe(8);
    expect(first.items.map((u: { username: string }) => u.username)).toEqual(['test-tester', 'test-tech', 'test-sysadmin']);
    expect(second.items.map((u: { username: string }) => u.username)).toEqual(['test-expert', 'test-ccm', 'test-auditor']);
  });

  it('searches username, names and e-mail, treating % and _ as text', async () => {
    expect((await list('test-sysadmin', '?search=EXPERT')).json().items.map((u: { username: string }) => u.username)).toEqual(['other-expert', 'test-expert']);
    expect((await list('test-sysadmin', '?search=%25')).json().total).toBe(0);
  });

  it('never shows a password hash', async () => {
    const res = await list('test-sysadmin');
    expect(res.body).not.toContain('argon2');
    expect(res.json().items[0]).not.toHaveProperty('password_hash');
  });

  it('is refused to roles other than SysAdmin and Tester, and answers 400 for a bad query', async () => {
    for (const who of ['test-ccm', 'test-expert', 'test-auditor', 'test-tech']) expect((await list(who)).statusCode).toBe(403);
    expect((await list('test-sysadmin', '?sort=password_hash')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/users' })).statusCode).toBe(401);
  });
});

describe('editing a user', () => {
  it('changes names, e-mail, organisation and roles, and records before and after', async () => {
    const id = await userIdOf(ctx, 'test-ccm');
    const res = await patch('test-sysadmin', id, { firstName: 'Carla', email: 'Carla@Example.org', roles: ['ccm', 'Tester'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'accounts.update.success', user: { firstName: 'Carla', email: 'carla@example.org', roles: ['CCM', 'Tester'] } });
    const audit = await ctx.db.kysely.selectFrom('audit_event').selectAll().where('entity_id', '=', id).where('action', '=', 'accounts.updated').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor: 'test-sysadmin', actor_organisation: 'MIL-GER', before: { firstName: 'Test', roles: ['CCM'] }, after: { firstName: 'Carla', roles: ['CCM', 'Tester'] } });
    expect(JSON.stringify(audit)).not.toContain('argon2');
  });

  it('refuses an e-mail another account uses', async () => {
    const res = await patch('test-sysadmin', await userIdOf(ctx, 'test-expert'), { email: 'CARLA@example.org' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('accounts.rules.emailTaken');
  });

  it('refuses an organisation that does not exist and a role that is not one of the six', async () => {
    const id = await userIdOf(ctx, 'test-expert');
    expect((await patch('test-sysadmin', id, { organisation: 'NOWHERE' })).json().error.details[0].code).toBe('accounts.rules.unknownOrganisation');
    expect((await patch('test-sysadmin', id, { roles: ['Director'] })).json().error.details[0].code).toBe('accounts.rules.unknownRole');
  });

  it('a SysAdmin cannot remove their own SysAdmin role, nor lock or disable themselves', async () => {
    const self = await userIdOf(ctx, 'test-sysadmin');
    const drop = await patch('test-sysadmin', self, { roles: ['CCM'] });
    expect(drop.statusCode).toBe(422);
    expect(drop.json().error.code).toBe('accounts.rules.cannotDropOwnSysAdmin');
    for (const flag of ['locked', 'disabled']) {
      const res = await patch('test-sysadmin', self, { [flag]: true });
      expect(res.json().error.code).toBe('accounts.rules.cannotLockSelf');
    }
  });

  it('a Tester edits their own organisation only and cannot give the SysAdmin role', async () => {
    const other = await userIdOf(ctx, 'other-ccm');
    expect((await patch('test-tester', other, { firstName: 'X' })).json().error.code).toBe('accounts.user.notFound');
    const expert = await userIdOf(ctx, 'test-expert');
    expect((await patch('test-tester', expert, { organisation: 'ATH-GCC' })).json().error.code).toBe('accounts.rules.organisationOutOfScope');
    const escalate = await patch('test-tester', await userIdOf(ctx, 'test-tester'), { roles: ['Tester', 'SysAdmin'] });
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json().error.code).toBe('accounts.rules.sysAdminOnly');
    expect((await patch('test-tester', await userIdOf(ctx, 'test-sysadmin'), { locked: true })).statusCode).toBe(403);
  });

  it('a SysAdmin edits users of any organisation', async () => {
    const res = await patch('test-sysadmin', await userIdOf(ctx, 'other-expert'), { lastName: 'Papadopoulou' });
    expect(res.json().user.lastName).toBe('Papadopoulou');
  });

  it('refuses unknown fields, including the password hash', async () => {
    const res = await patch('test-sysadmin', await userIdOf(ctx, 'test-expert'), { password_hash: 'x' });
    expect(res.statusCode).toBe(400);
  });
});

describe('locking and disabling', () => {
  const grant = (accountId: string, model: string, id: string) => ctx.db.kysely.insertInto('oidc_payload').values({
    model, id, payload: JSON.stringify({ accountId, kind: model }), grant_id: null, user_code: null, uid: null, expires_at: new Date(Date.now() + 3_600_000),
  }).execute();
  const sessionsOf = async (accountId: string) => (await ctx.db.kysely.selectFrom('oidc_payload').select('id')
    .where(sql<string>`payload->>'accountId'`, '=', accountId).execute()).length;

  it('refuses an access token at once when its account is disabled, and accepts it again when re-enabled', async () => {
    const id = await userIdOf(ctx, 'test-expert');
    const headers = await ctx.as('test-expert');
    const me = () => ctx.app.inject({ method: 'GET', url: '/api/v1/participants/organisation/MIL-GER', headers });
    expect((await me()).statusCode).toBe(200);
    expect((await patch('test-sysadmin', id, { disabled: true })).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/fhir/Patient', headers })).statusCode).toBe(401);
    expect((await patch('test-sysadmin', id, { disabled: false })).statusCode).toBe(200);
    // Re-enabling ends no session, so the cache may hold the refusal for its few seconds.
    await new Promise((resolve) => setTimeout(resolve, TTL_MS + 50));
    expect((await me()).statusCode).toBe(200);
  }, 20_000);

  it('disabling a user ends their sessions, grants and refresh tokens at once', async () => {
    const id = await userIdOf(ctx, 'test-tech');
    const other = await userIdOf(ctx, 'test-auditor');
    await grant(id, 'Session', 's1');
    await grant(id, 'RefreshToken', 'r1');
    await grant(id, 'Grant', 'g1');
    await grant(other, 'Session', 's2');
    const res = await patch('test-sysadmin', id, { disabled: true });
    expect(res.statusCode).toBe(200);
    expect(await sessionsOf(id)).toBe(0);
    expect(await sessionsOf(other)).toBe(1);
    const { authenticate } = await import('../auth/accounts.ts');
    expect(await authenticate(ctx.db, 'test-tech', 'Test-password-2026')).toEqual({ refusal: 'auth.accountDisabled' });
  });

  it('locking a user ends their sessions too, and unlocking lets them sign in', async () => {
    const id = await userIdOf(ctx, 'test-auditor');
    expect((await patch('test-tester', id, { locked: true })).json().user.locked).toBe(true);
    expect(await sessionsOf(id)).toBe(0);
    const { authenticate } = await import('../auth/accounts.ts');
    expect(await authenticate(ctx.db, 'test-auditor', 'Test-password-2026')).toEqual({ refusal: 'auth.accountLocked' });
    await patch('test-tester', id, { locked: false });
    expect('user' in (await authenticate(ctx.db, 'test-auditor', 'Test-password-2026'))).toBe(true);
  });
});

describe('roles of a user', () => {
  it('gives the roles of a user of the caller\'s organisation', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/roles/TEST-EXPERT?organisation=MIL-GER', headers: await ctx.as('test-ccm') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: 'test-expert', organisation: 'MIL-GER', roles: ['ClinicalExpert'] });
  });

  it('answers 404 for another organisation, an unknown user, or a wrong organisation parameter', async () => {
    for (const url of ['/api/v1/user/roles/other-ccm', '/api/v1/user/roles/nobody', '/api/v1/user/roles/test-expert?organisation=ATH-GCC']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: await ctx.as('test-ccm') });
      expect(res.statusCode, url).toBe(404);
    }
    const admin = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/roles/other-ccm', headers: await ctx.as('test-sysadmin') });
    expect(admin.json().roles).toEqual(['CCM']);
  });
});

describe('failure messages', () => {
  it('reports an unexpected failure with the spec\'s messages for an update and for a status change', async () => {
    const broken = await createTestContext();
    try {
      await sql`drop table audit_event`.execute(broken.db.kysely);
      const id = (await broken.db.kysely.selectFrom('app_user').select('id').where('username', '=', 'test-expert').executeTakeFirstOrThrow()).id;
      const headers = await broken.as('test-sysadmin');
      const update = await broken.app.inject({ method: 'PATCH', url: `/api/v1/users/${id}`, headers, payload: { firstName: 'X' } });
      expect(update.statusCode).toBe(500);
      expect(update.json().error.message).toBe("The update wasn't successful, please contact the administrator of the platform");
      const status = await broken.app.inject({ method: 'PATCH', url: `/api/v1/users/${id}`, headers, payload: { locked: true } });
      expect(status.json().error.message).toBe('There was an error while setting the status of the user');
      const registration = await broken.app.inject({ method: 'POST', url: '/api/v1/registration', payload: {
        firstName: 'A', lastName: 'B', username: 'abcde', email: 'abcde@example.org', organisation: 'MIL-GER', requestedRole: 'CCM',
        password: 'Tramonto-sul-lago-7', passwordConfirmation: 'Tramonto-sul-lago-7', privacyPolicyAgreed: true,
      } });
      expect(registration.statusCode).toBe(500);
      expect(registration.json().error.message).toBe("The registration wasn't successful, please contact the administrator of the platform");
      const count = await broken.db.kysely.selectFrom('app_user').select('id').where('username', '=', 'abcde').execute();
      expect(count).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});
