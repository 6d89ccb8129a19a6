import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import pg from 'pg';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../test/context.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { eventReader, unreadOf } from '../test/event-stream.ts';
import { onceNoticed } from '../test/notice.ts';
import { withDatabase } from '../test/global-setup.ts';
import { openPostgres } from '../db/connection.ts';
import { findUserByUsername } from '../auth/accounts.ts';
import { registerIntegrationClient } from '../auth/integration-clients.ts';
import { oidcAdapterFactory } from '../auth/oidc-adapter.ts';
import { decodeJwt, importJWK, SignJWT } from 'jose';
import { createParticipant } from '../participants/test-helpers.ts';

/**
 * Several server processes on one PostgreSQL, as behind a load balancer (issue 38): what one
 * process changes, every other one applies at once. PostgreSQL only: the embedded database belongs
 * to a single process, so there is no other process to tell.
 */
const onPostgres = process.env.GERIA_TEST_DB === 'pg';
const START_TIMEOUT = 240_000;

describe.runIf(onPostgres)('two server processes on one database', () => {
  let ctx: TestContext;
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    ctx = await createTestContext();
    [a, b] = await Promise.all([0, 1].map(() => startServerProcess(ctx.databaseUrl!, { SHUTDOWN_DRAIN_SECONDS: '2' })));
  }, START_TIMEOUT);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await ctx?.close();
  }, START_TIMEOUT);

  const call = async (server: ServerProcess, method: string, url: string, user?: string, body?: object) => fetch(`${server.base}${url}`, {
    method, headers: { ...(user && await ctx.as(user)), ...(body && { 'content-type': 'application/json' }) }, body: body && JSON.stringify(body),
  });

  it('refuses on the other process at once an account disabled through one', async () => {
    const id = (await findUserByUsername(ctx.db, 'test-expert'))!.id;
    // Process B has the account's state cached (for 5 s) when A disables it.
    expect((await call(b, 'GET', '/api/v1/me', 'test-expert')).status).toBe(200);
    expect((await call(a, 'PATCH', `/api/v1/users/${id}`, 'test-sysadmin', { disabled: true })).status).toBe(200);
    try {
      await onceNoticed(async () => (await call(b, 'GET', '/api/v1/me', 'test-expert')).status).toBe(401);
    } finally {
      expect((await call(a, 'PATCH', `/api/v1/users/${id}`, 'test-sysadmin', { disabled: false })).status).toBe(200);
    }
    await onceNoticed(async () => (await call(b, 'GET', '/api/v1/me', 'test-expert')).status).toBe(200);
  });

  it('refuses on the other process at once the tokens of a session logged out on one', async () => {
    const user = (await findUserByUsername(ctx.db, 'test-ccm'))!;
    // A sign-in's grant as the provider stores it, and an access token naming it (as provider.ts issues them).
    const Grants = oidcAdapterFactory(ctx.db);
    const grants = new Grants('Grant');
    const grantId = `grant-${randomBytes(6).toString('hex')}`;
    await grants.upsert(grantId, { accountId: user.id, clientId: ctx.config.OIDC_CLIENT_ID, kind: 'Grant' }, 3600);
    const claims = decodeJwt(await ctx.tokenFor('test-ccm'));
    const token = await new SignJWT({ ...claims, grant_id: grantId })
      .setProtectedHeader({ alg: 'RS256', kid: ctx.secrets.signingKey.kid, typ: 'at+jwt' }).sign(await importJWK(ctx.secrets.signingKey, 'RS256'));
    const me = () => fetch(`${b.base}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    expect((await me()).status).toBe(200);
    // Logout on process A destroys the grant through the same adapter.
    await grants.destroy(grantId);
    await onceNoticed(async () => (await me()).status).toBe(401);
  });

  it('refuses on the other process at once an integration client disabled through one', async () => {
    const { clientSecret } = await registerIntegrationClient(ctx.db, { clientId: `ic-${randomBytes(4).toString('hex')}`, role: 'Tech', organisation: 'MIL-GER', kind: 'apikey' });
    const asClient = () => fetch(`${b.base}/fhir/Device`, { headers: { apikey: clientSecret } });
    expect((await asClient()).status).toBe(200);
    const clientId = clientSecret.slice(0, clientSecret.lastIndexOf('.'));
    expect((await call(a, 'POST', `/api/v1/integration-clients/${clientId}/disable`, 'test-sysadmin')).status).toBe(200);
    await onceNoticed(async () => (await asClient()).status).toBe(401);
  });

  it('recomputes Home statistics on every process once "Update data" is pressed on one', async () => {
    const computedAt = async (server: ServerProcess, refresh = false) =>
      ((await (await call(server, 'GET', `/api/v1/statistics/overview${refresh ? '?refresh=true' : ''}`, 'test-expert')).json()) as { computedAt: string }).computedAt;
    const cachedOnB = await computedAt(b);
    expect(await computedAt(b)).toBe(cachedOnB);
    const refreshedOnA = await computedAt(a, true);
    expect(refreshedOnA > cachedOnB).toBe(true);
    expect(await computedAt(b) >= refreshedOnA).toBe(true);
  });

  it('shows on an inbox stream of one process a notification created through the other', async () => {
    const controller = new AbortController();
    const res = await fetch(`${a.base}/api/v1/inbox/stream`, { headers: await ctx.as('test-ccm'), signal: controller.signal });
    const next = eventReader(res);
    const before = unreadOf(await next());
    const participantId = await createParticipant(ctx);
    // Dropping a participant out notifies the CCMs of its organisation (the inbox's trigger).
    const drop = await call(b, 'POST', `/api/v1/participant/${participantId}/recruitement/4`, 'test-expert', { dropOffDate: '2026-11-01', reason: 'Moved' });
    expect(drop.status).toBeLessThan(300);
    expect(unreadOf(await next())).toBe(before + 1);
    controller.abort();
  });

  it('counts a rate limit across processes: password reset links for one mailbox', async () => {
    const statuses: number[] = [];
    // 10 links per mailbox (accounts/routes.ts), asked alternately of each process.
    for (let i = 0; i < 11; i++) statuses.push((await call(i % 2 ? a : b, 'POST', '/api/v1/password/forgot', undefined, { email: 'limit@test.geria.example.org' })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(statuses[10]).toBe(429);
  });

  it('on SIGTERM answers not ready first while still alive, ends its inbox streams with a reconnect hint, and exits cleanly', async () => {
    const res = await fetch(`${b.base}/api/v1/inbox/stream`, { headers: await ctx.as('test-ccm') });
    const next = eventReader(res);
    await next();
    expect((await fetch(`${b.base}/api/v1/ready`)).status).toBe(200);
    b.child.kill('SIGTERM');
    // Within its 2 s of draining: not ready, alive, and still serving.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await fetch(`${b.base}/api/v1/ready`)).status).toBe(503);
    expect((await fetch(`${b.base}/api/v1/health`)).status).toBe(200);
    expect((await call(b, 'GET', '/api/v1/me', 'test-ccm')).status).toBe(200);
    let last: string | undefined;
    for (let event = await next(); event !== undefined; event = await next()) last = event;
    expect(last).toBe('retry: 500');
    expect(await b.exited).toBe(0);
  });
});

describe.runIf(onPostgres)('server processes started at once on an empty database', () => {
  const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  const name = `${onPostgres ? inject('pgTemplate').replace(/template$/, '') : ''}empty_${randomBytes(4).toString('hex')}`;
  const url = withDatabase(process.env.TEST_DATABASE_URL ?? 'postgres://x/x', name);
  let servers: ServerProcess[] = [];
  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }, START_TIMEOUT);

  it('migrates and creates the demo study once, the others waiting, then every one serves', async () => {
    servers = await Promise.all([0, 1, 2].map(() => startServerProcess(url, { DEMO: 'true', DEMO_PARTICIPANTS: '3' })));
    for (const server of servers) expect((await fetch(`${server.base}/api/v1/ready`)).status).toBe(200);
    const db = await openPostgres(url, 1);
    try {
      const files = (await readdir(new URL('../db/migrations/', import.meta.url))).filter((f) => f.endsWith('.sql'));
      const applied = await sql<{ name: string }>`select name from schema_migration`.execute(db.kysely);
      expect(applied.rows.map((r) => r.name).sort()).toEqual(files.sort());
      const participants = await sql<{ n: number }>`select count(*)::int as n from participant`.execute(db.kysely);
      expect(participants.rows[0]!.n).toBe(3);
      const keys = await sql<{ n: number }>`select count(*)::int as n from oidc_secret`.execute(db.kysely);
      expect(keys.rows[0]!.n).toBe(2);
    } finally {
      await db.close();
    }
  }, START_TIMEOUT);
});
