import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { userIdOf } from './testing.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const SCIM = 'application/scim+json';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, who = 'test-sysadmin') =>
  ctx.app.inject({
    method, url, headers: { ...(await ctx.as(who)), ...(payload !== undefined && { 'content-type': SCIM }) },
    ...(payload !== undefined && { payload: JSON.stringify(payload) }),
  });

const newUser = {
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE],
  userName: 'jdupont', externalId: 'hr-4411',
  name: { givenName: 'Jeanne', familyName: 'Dupont' },
  emails: [{ value: 'old@example.org' }, { value: 'Jeanne.Dupont@Example.org', primary: true }],
  preferredLanguage: 'fr-FR',
  [ENTERPRISE]: { organization: 'ATH-GCC' },
};

describe('SCIM Users', () => {
  it('creates a user from the institution\'s identity system, active and verified, with no role', async () => {
    const res = await call('POST', '/scim2/Users', newUser);
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toContain(SCIM);
    const body = res.json();
    expect(body).toMatchObject({
      userName: 'jdupont', name: { givenName: 'Jeanne', familyName: 'Dupont' }, emails: [{ value: 'jeanne.dupont@example.org', primary: true }],
      active: true, groups: [], preferredLanguage: 'fr', [ENTERPRISE]: { organization: 'ATH-GCC' }, meta: { resourceType: 'User' },
    });
    expect(res.headers.location).toBe(`http://geria.test/scim2/Users/${body.id}`);
    const row = await ctx.db.kysely.selectFrom('app_user').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ locked: false, unverified: false, disabled: false });
    const audit = await ctx.db.kysely.selectFrom('audit_event').selectAll().where('entity_id', '=', body.id).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'accounts.created', actor: 'test-sysadmin' });
  });

  it('answers a taken userName with a SCIM uniqueness error', async () => {
    const res = await call('POST', '/scim2/Users', { ...newUser, emails: [{ value: 'x@example.org' }] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '409', scimType: 'uniqueness' });
  });

  it('refuses a user without the required attributes, or with an unknown organisation', async () => {
    expect((await call('POST', '/scim2/Users', { userName: 'abc' })).json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const res = await call('POST', '/scim2/Users', { ...newUser, userName: 'other', emails: [{ value: 'o@example.org' }], [ENTERPRISE]: { organization: 'NOWHERE' } });
    expect(res.json().detail).toContain('organisation');
  });

  it('filters by userName and by e-mail, ignoring letter case', async () => {
    const byName = (await call('GET', '/scim2/Users?filter=userName%20eq%20%22JDUPONT%22')).json();
    expect(byName).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(byName.Resources[0].userName).toBe('jdupont');
    const byMail = (await call('GET', `/scim2/Users?filter=${encodeURIComponent('emails.value eq "jeanne.dupont@example.org"')}`)).json();
    expect(byMail.Resources.map((u: { userName: string }) => u.userName)).toEqual(['jdupont']);
    expect((await call('GET', `/scim2/Users?filter=${encodeURIComponent('userName eq "nobody"')}`)).json().totalResults).toBe(0);
  });

  it('pages with startIndex and count', async () => {
    const all = (await call('GET', '/scim2/Users')).json();
    expect(all.totalResults).toBe(9);
    const page = (await call('GET', '/scim2/Users?startIndex=3&count=2')).json();
    expect(page).toMatchObject({ totalResults: 9, startIndex: 3, itemsPerPage: 2 });
    expect(page.Resources.map((u: { id: string }) => u.id)).toEqual(all.Resources.slice(2, 4).map((u: { id: string }) => u.id));
    expect((await call('GET', '/scim2/Users?count=0')).json()).toMatchObject({ totalResults: 9, itemsPerPage: 0, Resources: [] });
  });

  it('answers an unsupported filter with invalidFilter', async () => {
    const res = await call('GET', `/scim2/Users?filter=${encodeURIComponent('password eq "x"')}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().scimType).toBe('invalidFilter');
  });

  it('replaces a user; userName cannot change', async () => {
    const id = await userIdOf(ctx, 'jdupont');
    const res = await call('PUT', `/scim2/Users/${id}`, { ...newUser, name: { givenName: 'Jeanne-Marie', familyName: 'Dupont' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().name.givenName).toBe('Jeanne-Marie');
    expect((await call('PUT', `/scim2/Users/${id}`, { ...newUser, userName: 'renamed' })).json()).toMatchObject({ status: '400', scimType: 'mutability' });
  });

  it('patches a user as identity systems do: deactivating disables the account and ends its sessions', async () => {
    const id = await userIdOf(ctx, 'jdupont');
    await ctx.db.kysely.insertInto('oidc_payload').values({ model: 'Session', id: 'scim-s', payload: JSON.stringify({ accountId: id }), grant_id: null, user_code: null, uid: null, expires_at: null }).execute();
    const res = await call('PATCH', `/scim2/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [
        { op: 'Replace', path: 'active', value: 'False' },
        { op: 'replace', path: 'emails[type eq "work"].value', value: 'jeanne@example.org' },
        { op: 'replace', value: { 'name.familyName': 'Durand', displayName: 'ignored' } },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ active: false, emails: [{ value: 'jeanne@example.org' }], name: { familyName: 'Durand' } });
    expect(await ctx.db.kysely.selectFrom('oidc_payload').select('id').where('id', '=', 'scim-s').executeTakeFirst()).toBeUndefined();
    expect((await call('PATCH', `/scim2/Users/${id}`, { Operations: [{ op: 'replace', path: 'active', value: true }] })).json().active).toBe(true);
  });

  it('refuses removing a required attribute and an unknown path', async () => {
    const id = await userIdOf(ctx, 'jdupont');
    expect((await call('PATCH', `/scim2/Users/${id}`, { Operations: [{ op: 'remove', path: 'emails' }] })).json().scimType).toBe('mutability');
    expect((await call('PATCH', `/scim2/Users/${id}`, { Operations: [{ op: 'replace', path: 'password', value: 'x' }] })).json().scimType).toBe('invalidPath');
  });

  it('the SysAdmin cannot deactivate their own account through SCIM either', async () => {
    const self = await userIdOf(ctx, 'test-sysadmin');
    const res = await call('PATCH', `/scim2/Users/${self}`, { Operations: [{ op: 'replace', path: 'active', value: false }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('You cannot lock, disable or un-verify your own account.');
  });

  it('answers an unknown user with a SCIM 404', async () => {
    const res = await call('GET', '/scim2/Users/00000000-0000-0000-0000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: '404', schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'] });
  });

  it('is for the SysAdmin only, with the SCIM error shape', async () => {
    const res = await call('GET', '/scim2/Users', undefined, 'test-tester');
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain(SCIM);
    expect(res.json()).toMatchObject({ status: '403' });
    expect((await ctx.app.inject({ method: 'GET', url: '/scim2/Users' })).json()).toMatchObject({ status: '401' });
  });

  it('checks the role before reading the body: another role learns nothing of what a valid request looks like', async () => {
    const id = await userIdOf(ctx, 'test-ccm');
    const refusals = [
      await call('PUT', `/scim2/Users/${id}`, { userName: 'x' }, 'test-ccm'),
      await call('PATCH', `/scim2/Users/${id}`, { Operations: 'nonsense' }, 'test-ccm'),
      await call('PUT', '/scim2/Groups/NoSuchGroup', { members: 'nonsense' }, 'test-ccm'),
      await call('PATCH', '/scim2/Groups/Tech', { Operations: [{ op: 'explode' }] }, 'test-ccm'),
      await call('POST', '/scim2/Users', {}, 'test-ccm'),
      await ctx.app.inject({ method: 'PUT', url: `/scim2/Users/${id}`, headers: { ...(await ctx.as('test-ccm')), 'content-type': SCIM }, payload: '{not json' }),
    ];
    expect(refusals.map((r) => [r.statusCode, r.json().status])).toEqual(refusals.map(() => [403, '403']));
    const anonymous = await ctx.app.inject({ method: 'PUT', url: `/scim2/Users/${id}`, headers: { 'content-type': SCIM }, payload: '{not json' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('deletes a user; the SysAdmin cannot delete themselves', async () => {
    const id = await userIdOf(ctx, 'jdupont');
    const token = await ctx.as('jdupont');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers: token })).statusCode).toBe(200);
    expect((await call('DELETE', `/scim2/Users/${id}`)).statusCode).toBe(204);
    // The deleted account's access token is refused at once.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers: token })).statusCode).toBe(401);
    expect((await call('GET', `/scim2/Users/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/scim2/Users/${await userIdOf(ctx, 'test-sysadmin')}`)).json().detail).toBe('You cannot delete your own account.');
  });
});

describe('SCIM Groups (the study roles)', () => {
  it('lists the six roles with their members, filterable by displayName', async () => {
    const all = (await call('GET', '/scim2/Groups')).json();
    expect(all.Resources.map((g: { id: string }) => g.id)).toEqual(['CCM', 'SysAdmin', 'Auditor', 'ClinicalExpert', 'Tester', 'Tech']);
    const ccm = (await call('GET', `/scim2/Groups?filter=${encodeURIComponent('displayName eq "ccm"')}`)).json();
    expect(ccm.totalResults).toBe(1);
    expect(ccm.Resources[0].members.map((m: { display: string }) => m.display)).toEqual(['other-ccm', 'test-ccm']);
    expect((await call('GET', '/scim2/Groups/Tester?excludedAttributes=members')).json()).not.toHaveProperty('members');
  });

  it('adds and removes members by PATCH, each change audited', async () => {
    const expert = await userIdOf(ctx, 'test-expert');
    const res = await call('PATCH', '/scim2/Groups/Auditor', { Operations: [{ op: 'add', path: 'members', value: [{ value: expert }] }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().members.map((m: { display: string }) => m.display)).toEqual(['test-auditor', 'test-expert']);
    expect((await call('GET', `/scim2/Users/${expert}`)).json().groups.map((g: { value: string }) => g.value)).toEqual(['ClinicalExpert', 'Auditor']);
    const removed = await call('PATCH', '/scim2/Groups/Auditor', { Operations: [{ op: 'remove', path: `members[value eq "${expert}"]` }] });
    expect(removed.json().members.map((m: { display: string }) => m.display)).toEqual(['test-auditor']);
    const events = await ctx.db.kysely.selectFrom('audit_event').select('action').where('entity_id', '=', expert).execute();
    expect(events).toHaveLength(2);
  });

  it('replaces the members by PUT', async () => {
    const tech = await userIdOf(ctx, 'test-tech');
    const res = await call('PUT', '/scim2/Groups/Tech', { displayName: 'Tech', members: [{ value: tech }, { value: await userIdOf(ctx, 'other-ccm') }] });
    expect(res.json().members.map((m: { display: string }) => m.display)).toEqual(['other-ccm', 'test-tech']);
  });

  it('keeps the rules: the SysAdmin cannot leave the SysAdmin group, and nothing is half-written', async () => {
    const self = await userIdOf(ctx, 'test-sysadmin');
    const expert = await userIdOf(ctx, 'test-expert');
    const res = await call('PATCH', '/scim2/Groups/SysAdmin', { Operations: [{ op: 'add', path: 'members', value: [{ value: expert }] }, { op: 'remove', path: `members[value eq "${self}"]` }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('You cannot remove your own SysAdmin role.');
    const members = (await call('GET', '/scim2/Groups/SysAdmin')).json().members.map((m: { display: string }) => m.display);
    expect(members).toEqual(['test-sysadmin']);
  });

  it('refuses a member that is not a user, creating or deleting a group, and an unknown group', async () => {
    expect((await call('PATCH', '/scim2/Groups/CCM', { Operations: [{ op: 'add', path: 'members', value: [{ value: 'ghost' }] }] })).json().scimType).toBe('invalidValue');
    expect((await call('POST', '/scim2/Groups', { displayName: 'Boss' })).statusCode).toBe(501);
    expect((await call('DELETE', '/scim2/Groups/CCM')).statusCode).toBe(501);
    expect((await call('GET', '/scim2/Groups/Boss')).statusCode).toBe(404);
  });

  it('describes the service provider', async () => {
    const res = await call('GET', '/scim2/ServiceProviderConfig');
    expect(res.json()).toMatchObject({ patch: { supported: true }, filter: { supported: true }, bulk: { supported: false } });
  });
});
