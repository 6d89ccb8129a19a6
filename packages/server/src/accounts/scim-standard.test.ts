import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { userIdOf } from './testing.ts';

/**
 * SCIM as a client written from RFC 7643/7644 uses it (issue 35): discovery, the whole filter
 * grammar, POST .search, attributes/excludedAttributes, PATCH without path, SCIM errors everywhere.
 */
let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const SCIM = 'application/scim+json';
const CORE = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const SEARCH = 'urn:ietf:params:scim:api:messages:2.0:SearchRequest';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = async (method: Method, url: string, payload?: unknown, who = 'test-sysadmin') =>
  ctx.app.inject({
    method, url, headers: { ...(await ctx.as(who)), ...(payload !== undefined && { 'content-type': SCIM }) },
    ...(payload !== undefined && { payload: JSON.stringify(payload) }),
  });
const json = async (method: Method, url: string, payload?: unknown) => (await call(method, url, payload)).json();
const filtered = async (resource: 'Users' | 'Groups', filter: string) => {
  const res = await call('GET', `/scim2/${resource}?filter=${encodeURIComponent(filter)}&count=200`);
  expect(res.statusCode, `${filter}: ${res.body}`).toBe(200);
  const body = res.json() as { Resources: { userName?: string; id: string }[] };
  return body.Resources.map((r) => r.userName ?? r.id).sort();
};
const expectScimError = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }, status: number, scimType?: string) => {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toContain(SCIM);
  expect(res.json()).toMatchObject({ schemas: [ERROR], status: String(status), ...(scimType && { scimType }) });
};

const provision = (userName: string, extra: Record<string, unknown> = {}) => call('POST', '/scim2/Users', {
  schemas: [CORE, ENTERPRISE], userName, name: { givenName: 'Sara', familyName: userName.toUpperCase() },
  emails: [{ value: `${userName}@clinic.example.org`, type: 'work', primary: true }], ...extra,
});

describe('SCIM discovery (RFC 7643 §6, §7)', () => {
  it('lists the resource types, User with the enterprise extension and Group', async () => {
    const res = await call('GET', '/scim2/ResourceTypes');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(SCIM);
    const body = res.json();
    expect(body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 2 });
    expect(body.Resources).toMatchObject([
      { schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'], id: 'User', endpoint: '/Users', schema: CORE, schemaExtensions: [{ schema: ENTERPRISE, required: false }] },
      { id: 'Group', endpoint: '/Groups', schema: 'urn:ietf:params:scim:schemas:core:2.0:Group' },
    ]);
    expect((await json('GET', '/scim2/ResourceTypes/User')).meta).toEqual({ resourceType: 'ResourceType', location: 'http://geria.test/scim2/ResourceTypes/User' });
  });

  it('describes every attribute a User carries, and only those', async () => {
    const schemas = await json('GET', '/scim2/Schemas');
    expect(schemas.Resources.map((s: { id: string }) => s.id)).toEqual([CORE, ENTERPRISE, 'urn:ietf:params:scim:schemas:core:2.0:Group']);
    const user = await json('GET', `/scim2/Schemas/${CORE}`);
    type Attr = { name: string; subAttributes?: Attr[]; returned: string; mutability: string; type: string; multiValued: boolean };
    const byName = Object.fromEntries((user.attributes as Attr[]).map((a) => [a.name, a]));
    expect(byName.password).toMatchObject({ returned: 'never', mutability: 'writeOnly' });
    expect(byName.userName).toMatchObject({ required: true, uniqueness: 'server', caseExact: false });
    expect(byName.emails).toMatchObject({ type: 'complex', multiValued: true });
    expect(byName.groups).toMatchObject({ mutability: 'readOnly' });
    // A real resource: each of its attributes (bar the common id, externalId, meta and schemas) is described, with its sub-attributes.
    const resource = await json('GET', `/scim2/Users/${await userIdOf(ctx, 'test-ccm')}`);
    for (const [key, value] of Object.entries(resource)) {
      if (['schemas', 'id', 'externalId', 'meta', ENTERPRISE].includes(key)) continue;
      expect(byName[key], key).toBeDefined();
      const sample = Array.isArray(value) ? value[0] : value;
      if (sample && typeof sample === 'object') {
        for (const sub of Object.keys(sample)) expect(byName[key]!.subAttributes?.map((s) => s.name), `${key}.${sub}`).toContain(sub);
      }
    }
    const enterprise = await json('GET', `/scim2/Schemas/${ENTERPRISE}`);
    expect(enterprise.attributes.map((a: Attr) => a.name)).toEqual(Object.keys(resource[ENTERPRISE]));
    const group = await json('GET', '/scim2/Schemas/urn:ietf:params:scim:schemas:core:2.0:Group');
    expect(group.attributes.map((a: Attr) => a.name)).toEqual(['displayName', 'members']);
  });

  it('answers an unknown schema or resource type, and a filter on discovery, in the SCIM error shape', async () => {
    expectScimError(await call('GET', '/scim2/Schemas/urn:example:Nothing'), 404);
    expectScimError(await call('GET', '/scim2/ResourceTypes/Device'), 404);
    expectScimError(await call('GET', '/scim2/Schemas?filter=id%20pr'), 403);
  });

  it('is for the SysAdmin only', async () => {
    for (const url of ['/scim2/Schemas', '/scim2/ResourceTypes/User']) {
      expectScimError(await call('GET', url, undefined, 'test-tester'), 403);
      expectScimError(await ctx.app.inject({ method: 'GET', url }), 401);
    }
  });
});

describe('SCIM errors on every /scim2 path (RFC 7644 §3.12)', () => {
  it('answers an unknown path 404, an unknown method 405 with Allow, a foreign media type 415', async () => {
    expectScimError(await call('GET', '/scim2/Devices'), 404);
    expectScimError(await call('GET', '/scim2'), 404);
    expectScimError(await call('POST', '/scim2/Devices/.search', { schemas: [SEARCH] }), 404);
    const put = await call('PUT', '/scim2/Users', {});
    expectScimError(put, 405);
    expect(put.headers.allow).toContain('POST');
    expect(put.headers.allow).toContain('GET');
    expectScimError(await call('DELETE', '/scim2/ServiceProviderConfig'), 405);
    expectScimError(await call('PATCH', '/scim2/Schemas/x', {}), 405);
    const text = await ctx.app.inject({ method: 'POST', url: '/scim2/Users', headers: { ...(await ctx.as('test-sysadmin')), 'content-type': 'text/plain' }, payload: 'userName=x' });
    expectScimError(text, 415);
  });

  it('refuses another role and no token before telling whether the path exists', async () => {
    expectScimError(await call('GET', '/scim2/Devices', undefined, 'test-ccm'), 403);
    expectScimError(await ctx.app.inject({ method: 'DELETE', url: '/scim2/Nothing' }), 401);
  });
});

describe('SCIM filters (RFC 7644 §3.4.2.2)', () => {
  let firstModified = '';
  beforeAll(async () => {
    expect((await provision('sc-anna', { externalId: 'HR-100' })).statusCode).toBe(201);
    const anna = await json('GET', `/scim2/Users?filter=${encodeURIComponent('userName eq "sc-anna"')}`);
    firstModified = anna.Resources[0].meta.lastModified;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await provision('sc-bruno', { externalId: 'HR-200', [ENTERPRISE]: { organization: 'ATH-GCC' } })).statusCode).toBe(201);
    expect((await provision('sc-carla', { active: false, emails: [{ value: 'carla@home.example.net', primary: true }] })).statusCode).toBe(201);
  });

  it('joins with or, and, not and parentheses, and binds and tighter than or', async () => {
    expect(await filtered('Users', 'userName eq "sc-anna" or userName eq "SC-BRUNO"')).toEqual(['sc-anna', 'sc-bruno']);
    expect(await filtered('Users', 'not (userName sw "test-") and not (userName sw "other-")')).toEqual(['sc-anna', 'sc-bruno', 'sc-carla']);
    expect(await filtered('Users', 'userName eq "sc-anna" or userName eq "sc-bruno" and active eq false')).toEqual(['sc-anna']);
    expect(await filtered('Users', '(userName eq "sc-anna" or userName eq "sc-bruno") and externalId eq "HR-200"')).toEqual(['sc-bruno']);
  });

  it('compares externalId exactly, userName and e-mails without regard to case, and tells presence', async () => {
    expect(await filtered('Users', 'externalId eq "HR-100"')).toEqual(['sc-anna']);
    expect(await filtered('Users', 'externalId eq "hr-100"')).toEqual([]);
    expect(await filtered('Users', 'externalId pr')).toEqual(['sc-anna', 'sc-bruno']);
    expect(await filtered('Users', 'userName sw "SC-" and not (externalId pr)')).toEqual(['sc-carla']);
    expect(await filtered('Users', 'emails.value ew "@HOME.example.net"')).toEqual(['sc-carla']);
    expect(await filtered('Users', 'emails co "clinic" and name.familyName ne "sc-anna"')).toEqual(['sc-bruno']);
  });

  it('reads complex attribute filters on emails and groups', async () => {
    expect(await filtered('Users', 'emails[type eq "work" and value co "@clinic.example"]')).toEqual(['sc-anna', 'sc-bruno']);
    expect(await filtered('Users', 'emails[not (value co "@")]')).toEqual([]);
    expect(await filtered('Users', 'groups[value eq "CCM" or display eq "tech"]')).toEqual(['other-ccm', 'test-ccm', 'test-tech']);
    expect(await filtered('Users', 'groups.value eq "Tester"')).toEqual(['test-tester']);
    expect(await filtered('Users', 'userName sw "sc-" and not (groups pr)')).toEqual(['sc-anna', 'sc-bruno', 'sc-carla']);
  });

  it('orders dates as instants and strings by code point (gt ge lt le)', async () => {
    expect(await filtered('Users', `userName sw "sc-" and meta.lastModified gt "${firstModified}"`)).toEqual(['sc-bruno', 'sc-carla']);
    expect(await filtered('Users', `userName sw "sc-" and meta.lastModified ge "${firstModified}"`)).toEqual(['sc-anna', 'sc-bruno', 'sc-carla']);
    expect(await filtered('Users', `meta.lastModified le "${firstModified}" and userName sw "sc-"`)).toEqual(['sc-anna']);
    expect(await filtered('Users', `meta.lastModified eq "${firstModified}"`)).toEqual(['sc-anna']);
    expect(await filtered('Users', 'meta.created lt "2000-01-01T00:00:00Z"')).toEqual([]);
    expect(await filtered('Users', 'userName gt "TEST-T" and userName lt "u"')).toEqual(['test-tech', 'test-tester']);
  });

  it('reads active, the enterprise organisation and attribute names with their schema URN', async () => {
    expect(await filtered('Users', 'active eq false')).toEqual(['sc-carla']);
    expect(await filtered('Users', `${ENTERPRISE}:organization eq "ath-gcc"`)).toEqual(['other-ccm', 'other-expert', 'sc-bruno']);
    expect(await filtered('Users', `${CORE}:userName eq "sc-anna"`)).toEqual(['sc-anna']);
  });

  it('answers invalidFilter for what the grammar or the attribute types refuse', async () => {
    for (const filter of ['userName eq "a" or', 'active gt true', 'meta.lastModified gt "yesterday"', 'meta.lastModified co "2026"', 'password pr', 'userName eq 5', 'name[value pr]x', 'emails[foo eq "x"]']) {
      expectScimError(await call('GET', `/scim2/Users?filter=${encodeURIComponent(filter)}`), 400, 'invalidFilter');
    }
  });

  it('filters the study roles with the same grammar', async () => {
    expect(await filtered('Groups', 'displayName eq "ccm" or displayName eq "Tech"')).toEqual(['CCM', 'Tech']);
    expect(await filtered('Groups', 'members[display eq "test-tech"]')).toEqual(['Tech']);
    expect(await filtered('Groups', 'not (displayName sw "c") and not (members pr)')).toEqual([]);
    expect(await filtered('Groups', 'members.value eq "nobody" or id eq "auditor"')).toEqual(['Auditor']);
    expectScimError(await call('GET', `/scim2/Groups?filter=${encodeURIComponent('userName eq "x"')}`), 400, 'invalidFilter');
  });
});

describe('SCIM search and the attributes returned (RFC 7644 §3.4.2.5, §3.4.3)', () => {
  it('searches users by POST .search, with paging and the attributes asked for', async () => {
    const res = await call('POST', '/scim2/Users/.search', {
      schemas: [SEARCH], filter: 'groups[value eq "CCM"]', attributes: ['userName', 'emails.value'], startIndex: 2, count: 5, sortBy: 'userName',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalResults: 2, startIndex: 2, itemsPerPage: 1 });
    const [only] = res.json().Resources;
    expect(Object.keys(only).sort()).toEqual(['emails', 'id', 'schemas', 'userName']);
    expect(only.emails).toEqual([{ value: 'test-ccm@test.geria.example.org' }]);
    expectScimError(await call('POST', '/scim2/Users/.search', { schemas: ['urn:example:Other'], filter: 'userName pr' }), 400, 'invalidSyntax');
    expectScimError(await call('POST', '/scim2/Users/.search', { filter: 'userName eq' }), 400, 'invalidFilter');
    expectScimError(await call('POST', '/scim2/Users/.search', { filter: 'userName pr' }, 'test-tester'), 403);
  });

  it('searches users and groups at once at the root (RFC 7644 §3.4.3): one list paged through both, a filter finding the type that has its attribute', async () => {
    const users = await json('POST', '/scim2/Users/.search', { schemas: [SEARCH], count: 0 });
    const across = await json('POST', '/scim2/.search', { schemas: [SEARCH], startIndex: users.totalResults, count: 3, attributes: ['id'] });
    expect(across).toMatchObject({ totalResults: users.totalResults + 6, startIndex: users.totalResults, itemsPerPage: 3 });
    // The last user, then the first two groups.
    expect(across.Resources.map((r: { schemas: string[] }) => r.schemas[0])).toEqual([CORE, GROUP, GROUP]);
    const tester = await json('POST', '/scim2/.search', { schemas: [SEARCH], filter: 'displayName eq "Tester"' });
    expect(tester.totalResults).toBe(1);
    expect(tester.Resources[0]).toMatchObject({ schemas: [GROUP], displayName: 'Tester' });
    const ccm = await json('POST', '/scim2/.search', { schemas: [SEARCH], filter: 'userName eq "test-ccm"' });
    expect(ccm.totalResults).toBe(1);
    expect(ccm.Resources[0]).toMatchObject({ userName: 'test-ccm' });
    expectScimError(await call('POST', '/scim2/.search', { filter: 'shoeSize eq "42"' }), 400, 'invalidFilter');
    expectScimError(await call('POST', '/scim2/.search', { filter: 'userName eq' }), 400, 'invalidFilter');
    expectScimError(await call('POST', '/scim2/.search', { filter: 'userName pr' }, 'test-tester'), 403);
  });

  it('searches groups by POST .search, and an empty search request lists everything', async () => {
    const groups = await json('POST', '/scim2/Groups/.search', { schemas: [SEARCH], filter: 'displayName eq "Tester"', excludedAttributes: ['members'] });
    expect(groups.Resources).toEqual([{ schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], id: 'Tester', displayName: 'Tester', meta: expect.any(Object) }]);
    const everyone = await ctx.app.inject({ method: 'POST', url: '/scim2/Users/.search', headers: { ...(await ctx.as('test-sysadmin')), 'content-type': SCIM } });
    expect(everyone.json().totalResults).toBe((await json('GET', '/scim2/Users')).totalResults);
  });

  it('applies attributes and excludedAttributes on lists, one resource and writes', async () => {
    const list = await json('GET', '/scim2/Users?attributes=userName,name.familyName&filter=userName%20eq%20%22test-ccm%22');
    expect(list.Resources).toEqual([{ schemas: [CORE, ENTERPRISE], id: expect.any(String), userName: 'test-ccm', name: { familyName: 'CCM' } }]);
    const id = await userIdOf(ctx, 'test-ccm');
    const slim = await json('GET', `/scim2/Users/${id}?excludedAttributes=groups,meta,name.formatted,${ENTERPRISE}:organization,id`);
    expect(slim).not.toHaveProperty('groups');
    expect(slim).not.toHaveProperty('meta');
    expect(slim).toMatchObject({ id, name: { givenName: 'Test', familyName: 'CCM' }, [ENTERPRISE]: {} });
    expect(slim.name).not.toHaveProperty('formatted');
    expect(await json('GET', `/scim2/Users/${id}?attributes=${ENTERPRISE}`)).toEqual({ schemas: [CORE, ENTERPRISE], id, [ENTERPRISE]: { organization: 'MIL-GER' } });
    const patched = await json('PATCH', `/scim2/Users/${id}?attributes=active`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: true }] });
    expect(patched).toEqual({ schemas: [CORE, ENTERPRISE], id, active: true });
    expectScimError(await call('GET', `/scim2/Users/${id}?attributes=userName&excludedAttributes=emails`), 400, 'invalidSyntax');
    expect(Object.keys(await json('GET', '/scim2/Groups/CCM?attributes=members.display')).sort()).toEqual(['id', 'members', 'schemas']);
  });
});

describe('SCIM PATCH without path and DELETE (RFC 7644 §3.5.2, §3.6)', () => {
  it('applies add and replace whose value is an object of attributes, extension included, and audits it', async () => {
    const created = (await provision('sc-dora', { externalId: 'HR-400' })).json();
    const res = await call('PATCH', `/scim2/Users/${created.id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'replace', value: { name: { familyName: 'Esposito' }, active: false, externalId: 'HR-401', [ENTERPRISE]: { organization: 'ATH-GCC' } } },
        { op: 'add', value: { emails: [{ value: 'dora@clinic.example.org', type: 'work', primary: true }], [`${CORE}:preferredLanguage`]: 'it' } },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(await json('GET', `/scim2/Users/${created.id}`)).toMatchObject({
      name: { givenName: 'Sara', familyName: 'Esposito' }, active: false, externalId: 'HR-401', [ENTERPRISE]: { organization: 'ATH-GCC' },
      emails: [{ value: 'dora@clinic.example.org' }],
    });
    const audit = await ctx.db.kysely.selectFrom('audit_event').select(['action', 'after']).where('entity_id', '=', created.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.action).toBe('accounts.updated');
    expect(JSON.stringify(audit.after)).toContain('HR-401');
    const urnKeys = await call('PATCH', `/scim2/Users/${created.id}`, { Operations: [{ op: 'replace', value: { [`${ENTERPRISE}:organization`]: 'MIL-GER', [`${CORE}:name.givenName`]: 'Dora' } }] });
    expect(urnKeys.json()).toMatchObject({ name: { givenName: 'Dora', familyName: 'Esposito' }, [ENTERPRISE]: { organization: 'MIL-GER' } });
  });

  it('removes externalId, and a PUT without it clears it; groups cannot be patched on the user', async () => {
    const [dora] = (await json('GET', `/scim2/Users?filter=${encodeURIComponent('userName eq "sc-dora"')}`)).Resources;
    const removed = await json('PATCH', `/scim2/Users/${dora.id}`, { Operations: [{ op: 'remove', path: 'externalId' }] });
    expect(removed).not.toHaveProperty('externalId');
    await call('PATCH', `/scim2/Users/${dora.id}`, { Operations: [{ op: 'add', path: 'externalId', value: 'HR-402' }] });
    const { id: _, meta: __, ...body } = await json('GET', `/scim2/Users/${dora.id}`);
    expect(body.externalId).toBe('HR-402');
    const { externalId: ___, ...withoutExternalId } = body;
    expect(await json('PUT', `/scim2/Users/${dora.id}`, withoutExternalId)).not.toHaveProperty('externalId');
    expectScimError(await call('PATCH', `/scim2/Users/${dora.id}`, { Operations: [{ op: 'add', value: { groups: [{ value: 'CCM' }] } }] }), 400, 'mutability');
    expectScimError(await call('PATCH', `/scim2/Users/${dora.id}`, { Operations: [{ op: 'replace', value: { name: 'Dora' } }] }), 400, 'invalidValue');
  });

  it('deletes with a SCIM content type and no body', async () => {
    const [dora] = (await json('GET', `/scim2/Users?filter=${encodeURIComponent('userName eq "sc-dora"')}`)).Resources;
    const res = await ctx.app.inject({ method: 'DELETE', url: `/scim2/Users/${dora.id}`, headers: { ...(await ctx.as('test-sysadmin')), 'content-type': SCIM } });
    expect(res.statusCode).toBe(204);
    expectScimError(await call('GET', `/scim2/Users/${dora.id}`), 404);
  });
});
