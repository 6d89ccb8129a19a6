import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyObservation, participantWithDevice } from '../measurements/test-helpers.ts';
import { createTestContext, type TestContext } from '../test/context.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const admin = async (method: 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/integration-clients${url}`, headers: await ctx.as('test-sysadmin'), ...(payload ? { payload } : {}) });
const register = async (payload: object) => (await admin('POST', '', { name: 'Gateway app', organisation: 'MIL-GER', role: 'Tech', kind: 'apikey', permissions: ['devices.ingest'], ...payload })).json() as { client: { clientId: string }; secret: string };

// The gateway-era apps send plain application/json.
const post = (headers: Record<string, string>, path: string, body: unknown) =>
  ctx.app.inject({ method: 'POST', url: `/fhir${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

describe('an API-key client', () => {
  it('authenticates with its key in the apikey header, acting with its role, organisation and permissions, audited and counted as itself', async () => {
    const { client, secret: key } = await register({});
    expect(key).toMatch(new RegExp(`^${client.clientId}\\.[A-Za-z0-9_-]{43}$`));
    const { participantId, fhirDeviceId } = await participantWithDevice(ctx, 'KEY-1');
    const created = await post({ apikey: key }, '/Observation', dailyObservation(participantId, fhirDeviceId, '29463-7', 70, 'kg', '2026-11-20'));
    expect(created.statusCode).toBe(201);
    const audit = await ctx.db.kysely.selectFrom('audit_event').select(['actor', 'actor_organisation']).where('entity_id', '=', created.json().id).executeTakeFirstOrThrow();
    expect(audit).toEqual({ actor: client.clientId, actor_organisation: 'MIL-GER' });
    // Tech: no clinical read.
    expect((await ctx.app.inject({ method: 'GET', url: `/fhir/Observation/${created.json().id}`, headers: { apikey: key } })).statusCode).toBe(403);
    const usage = await ctx.db.kysely.selectFrom('integration_client_usage').select('requests').where('client_id', '=', client.clientId).executeTakeFirstOrThrow();
    expect(usage.requests).toBe(2);
  });

  it('is refused (401) with a wrong key, once disabled or deleted, and with a bearer token besides; its key gets no token', async () => {
    const { client, secret: key } = await register({ name: 'Refused app' });
    const { participantId, fhirDeviceId } = await participantWithDevice(ctx, 'KEY-2');
    const body = dailyObservation(participantId, fhirDeviceId, '29463-7', 70, 'kg', '2026-11-20');
    const secret = key.slice(key.indexOf('.') + 1);
    for (const wrong of [`${key}x`, key.slice(0, -1), `ic-0000000000000000.${secret}`, secret, '', `${client.clientId}.`]) {
      const res = await post({ apikey: wrong }, '/Observation', body);
      expect(res.statusCode, wrong).toBe(401);
    }
    expect((await post({ apikey: key, authorization: `Bearer ${await ctx.tokenFor('test-ccm')}` }, '/Observation', body)).statusCode).toBe(401);
    const token = await ctx.app.inject({
      method: 'POST', url: '/auth/token', payload: 'grant_type=client_credentials',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${client.clientId}:${secret}`).toString('base64')}` },
    });
    expect(token.statusCode).toBe(401);

    await admin('POST', `/${client.clientId}/disable`);
    expect((await post({ apikey: key }, '/Observation', body)).statusCode).toBe(401);
    await admin('POST', `/${client.clientId}/enable`);
    expect((await post({ apikey: key }, '/Observation', body)).statusCode).toBe(201);
    await admin('DELETE', `/${client.clientId}`);
    expect((await post({ apikey: key }, '/Observation', body)).statusCode).toBe(401);
  });

  it('keeps working with its previous key for the grace period after a rotation', async () => {
    const { client, secret: first } = await register({ name: 'Rotated app' });
    const second = (await admin('POST', `/${client.clientId}/rotate`)).json().secret as string;
    const me = (apikey: string) => ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers: { apikey } });
    expect((await me(first)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(200);
    await ctx.db.kysely.updateTable('oidc_client').set({ previous_secret_expires_at: new Date(Date.now() - 1) }).where('client_id', '=', client.clientId).execute();
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('of an OAuth client is no API key: its secret in the header is refused', async () => {
    const { client, secret } = await register({ name: 'OAuth hub', kind: 'oauth' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers: { apikey: `${client.clientId}.${secret}` } })).statusCode).toBe(401);
  });
});
