import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const URL = '/api/v1/integration-clients';
const call = async (username: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: await ctx.as(username), ...(payload ? { payload } : {}) });

const tokenRequest = (clientId: string, secret: string) => ctx.app.inject({
  method: 'POST', url: '/auth/token', payload: 'grant_type=client_credentials',
  headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
});
const tokenOf = async (clientId: string, secret: string) => {
  const res = await tokenRequest(clientId, secret);
  expect(res.statusCode).toBe(200);
  return `Bearer ${res.json().access_token as string}`;
};
const me = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers });

const hub = { name: 'Ward hub', description: 'Scales of ward 3', organisation: 'MIL-GER', role: 'Tech', permissions: ['devices.ingest'] };

const audits = (clientId: string) => ctx.db.kysely.selectFrom('audit_event').selectAll().where('entity_type', '=', 'integration-client').where('entity_id', '=', clientId).orderBy('id').execute();

describe('integration clients, managed by SysAdmin', () => {
  it('registers a client whose secret is answered once and stored only as a hash; the list shows its use per day', async () => {
    const created = await call('test-sysadmin', 'POST', URL, hub);
    expect(created.statusCode).toBe(201);
    const { client, secret } = created.json();
    expect(client).toMatchObject({ name: 'Ward hub', organisation: 'MIL-GER', role: 'Tech', kind: 'oauth', permissions: ['devices.ingest'], disabledAt: null });
    expect(client.clientId).toMatch(/^ic-[0-9a-f]{16}$/);
    const stored = JSON.stringify(await ctx.db.kysely.selectFrom('oidc_client').selectAll().where('client_id', '=', client.clientId).execute());
    expect(stored).not.toContain(secret);

    const authorization = await tokenOf(client.clientId, secret);
    expect((await me({ authorization })).statusCode).toBe(200);
    expect((await me({ authorization })).statusCode).toBe(200);

    const list = await call('test-sysadmin', 'GET', URL);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    const listed = list.json().items.find((c: { clientId: string }) => c.clientId === client.clientId);
    const today = new Date().toISOString().slice(0, 10);
    expect(listed.requestsPerDay).toHaveLength(7);
    expect(listed.requestsPerDay.at(-1)).toEqual({ day: today, requests: 2 });
    expect(listed.requestsPerDay.slice(0, 6).every((d: { requests: number }) => d.requests === 0)).toBe(true);
    expect(Date.now() - new Date(listed.lastUsedAt).getTime()).toBeLessThan(60_000);

    const [audit] = await audits(client.clientId);
    expect(audit).toMatchObject({ actor: 'test-sysadmin', action: 'integration-client.create', after: client });
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('refuses every other role, an integration client and an anonymous caller, and bad input with nothing stored', async () => {
    const registered = (await call('test-sysadmin', 'POST', URL, { ...hub, name: 'Refusals', role: 'Auditor', permissions: [] })).json();
    const { clientId } = registered.client as { clientId: string };
    const before = await ctx.db.kysely.selectFrom('oidc_client').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    for (const username of ['test-ccm', 'test-tester', 'test-tech', 'test-auditor', 'test-expert', 'other-ccm']) {
      expect((await call(username, 'GET', URL)).statusCode).toBe(403);
      expect((await call(username, 'POST', URL, hub)).statusCode).toBe(403);
      for (const action of ['rotate', 'disable', 'enable']) expect((await call(username, 'POST', `${URL}/${clientId}/${action}`)).statusCode).toBe(403);
      expect((await call(username, 'DELETE', `${URL}/${clientId}`)).statusCode).toBe(403);
    }
    const asClient = { authorization: await tokenOf(clientId, registered.secret) };
    expect((await ctx.app.inject({ method: 'GET', url: URL, headers: asClient })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: URL, payload: hub })).statusCode).toBe(401);

    for (const bad of [{ organisation: 'NOPE' }, { role: 'SysAdmin', permissions: [] }, { role: 'Tester', permissions: [] }, { role: 'CCM' }, { kind: 'basic' }, { permissions: ['everything'] }, { name: '' }, { clientId: 'mine' }]) {
      const res = await call('test-sysadmin', 'POST', URL, { ...hub, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.code).toBe('errors.validation');
    }
    const refusedOrg = await ctx.app.inject({ method: 'POST', url: URL, headers: { ...(await ctx.as('test-sysadmin')), 'accept-language': 'it' }, payload: { ...hub, organisation: 'NOPE' } });
    expect(refusedOrg.json().error.details).toEqual([expect.objectContaining({ path: 'organisation', code: 'integrationClients.rules.unknownOrganisation', message: 'Questa organizzazione non esiste.' })]);
    const refusedPermission = (await call('test-sysadmin', 'POST', URL, { ...hub, role: 'CCM' })).json();
    expect(refusedPermission.error.details).toEqual([expect.objectContaining({ path: 'permissions.0', code: 'integrationClients.rules.permissionRole' })]);
    const after = await ctx.db.kysely.selectFrom('oidc_client').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after).toEqual(before);

    for (const action of ['rotate', 'disable', 'enable']) expect((await call('test-sysadmin', 'POST', `${URL}/ic-unknown/${action}`)).statusCode).toBe(404);
    expect((await call('test-sysadmin', 'DELETE', `${URL}/ic-unknown`)).statusCode).toBe(404);
  });

  it('rotates a secret: the new one works at once, the previous one for 24 hours, then no longer', async () => {
    const { client, secret: first } = (await call('test-sysadmin', 'POST', URL, { ...hub, name: 'Rotated' })).json();
    const rotated = await call('test-sysadmin', 'POST', `${URL}/${client.clientId}/rotate`);
    expect(rotated.statusCode).toBe(200);
    const { secret: second, client: after } = rotated.json();
    expect(second).not.toBe(first);
    const graceHours = (new Date(after.previousSecretValidUntil).getTime() - Date.now()) / 3_600_000;
    expect(graceHours).toBeGreaterThan(23.9);
    expect(graceHours).toBeLessThanOrEqual(24);
    expect((await tokenRequest(client.clientId, first)).statusCode).toBe(200);
    expect((await tokenRequest(client.clientId, second)).statusCode).toBe(200);

    // The grace period over.
    await ctx.db.kysely.updateTable('oidc_client').set({ previous_secret_expires_at: new Date(Date.now() - 1000) }).where('client_id', '=', client.clientId).execute();
    expect((await tokenRequest(client.clientId, first)).statusCode).toBe(401);
    expect((await tokenRequest(client.clientId, second)).statusCode).toBe(200);
    expect((await audits(client.clientId)).map((a) => a.action)).toEqual(['integration-client.create', 'integration-client.rotate']);
  });

  it('refuses a disabled or deleted client at once, whatever token it holds; enabling lets it in again', async () => {
    const { client, secret } = (await call('test-sysadmin', 'POST', URL, { ...hub, name: 'Disabled' })).json();
    const authorization = await tokenOf(client.clientId, secret);
    expect((await me({ authorization })).statusCode).toBe(200);

    const disabled = await call('test-sysadmin', 'POST', `${URL}/${client.clientId}/disable`);
    expect(disabled.json().client.disabledAt).toBeTruthy();
    expect((await me({ authorization })).statusCode).toBe(401);
    expect((await tokenRequest(client.clientId, secret)).statusCode).toBe(401);

    await call('test-sysadmin', 'POST', `${URL}/${client.clientId}/enable`);
    expect((await me({ authorization })).statusCode).toBe(200);

    expect((await call('test-sysadmin', 'DELETE', `${URL}/${client.clientId}`)).statusCode).toBe(204);
    expect((await me({ authorization })).statusCode).toBe(401);
    expect((await tokenRequest(client.clientId, secret)).statusCode).toBe(401);
    expect((await call('test-sysadmin', 'GET', URL)).json().items.some((c: { clientId: string }) => c.clientId === client.clientId)).toBe(false);
    expect((await audits(client.clientId)).map((a) => [a.action, a.actor])).toEqual([
      ['integration-client.create', 'test-sysadmin'], ['integration-client.disable', 'test-sysadmin'],
      ['integration-client.enable', 'test-sysadmin'], ['integration-client.delete', 'test-sysadmin'],
    ]);
  });
});
