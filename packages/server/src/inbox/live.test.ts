import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AddressInfo } from 'node:net';
import { createTestContext, type TestContext } from '../test/context.ts';
import { eventReader, unreadOf } from '../test/event-stream.ts';
import { createParticipant } from '../participants/test-helpers.ts';
import { findUserByUsername } from '../auth/accounts.ts';
import { announceAccountEnded, forgetAccountState } from '../auth/account-state.ts';
import { mintAccessToken } from '../auth/mint.ts';

let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => { await ctx?.close(); });

/** Reads `unread` events from the stream as they arrive. */
async function openStream(user: string, headers?: { authorization: string }) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/v1/inbox/stream`, { headers: headers ?? await ctx.as(user), signal: controller.signal });
  const read = eventReader(res);
  const next = async (): Promise<number> => {
    for (;;) {
      const event = await read();
      if (event === undefined) throw new Error('stream ended');
      if (/^data: /m.test(event)) return unreadOf(event);
    }
  };
  /** Resolves 'ended' when the server ends the stream within `ms`, else 'open'. */
  const endedWithin = (ms: number) => Promise.race([
    (async () => { try { for (;;) await next(); } catch { return 'ended' as const; } })(),
    new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms)),
  ]);
  return { res, next, endedWithin, close: () => controller.abort() };
}

describe('live inbox badge', () => {
  it('sends the unread count at once and again after each committed change, to that user only', async () => {
    const stream = await openStream('test-ccm');
    expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
    const start = await stream.next();
    const participantId = await createParticipant(ctx);
    await ctx.app.inject({ method: 'POST', url: `/api/v1/participant/${participantId}/recruitement/4`, headers: await ctx.as('test-expert'), payload: { dropOffDate: '2026-11-01', reason: 'Moved' } });
    expect(await stream.next()).toBe(start + 1);
    await ctx.app.inject({ method: 'POST', url: '/api/v1/inbox/read-all', headers: await ctx.as('test-ccm') });
    expect(await stream.next()).toBe(0);
    stream.close();
  });

  it('ends when the token it was opened with expires, and opens again with a fresh one', async () => {
    const user = await findUserByUsername(ctx.db, 'test-ccm');
    const shortLived = await mintAccessToken(ctx.config, ctx.secrets, user!, 2);
    const stream = await openStream('test-ccm', { authorization: `Bearer ${shortLived}` });
    expect(stream.res.status).toBe(200);
    await stream.next();
    expect(await stream.endedWithin(6_000)).toBe('ended');
    const renewed = await openStream('test-ccm');
    expect(renewed.res.status).toBe(200);
    await renewed.next();
    expect(await renewed.endedWithin(500)).toBe('open');
    renewed.close();
  });

  it('ends when the account is disabled, and stays refused', async () => {
    const id = (await findUserByUsername(ctx.db, 'test-expert'))!.id;
    const stream = await openStream('test-expert');
    await stream.next();
    try {
      const res = await ctx.app.inject({ method: 'PATCH', url: `/api/v1/users/${id}`, headers: await ctx.as('test-sysadmin'), payload: { disabled: true } });
      expect(res.statusCode).toBe(200);
      expect(await stream.endedWithin(3_000)).toBe('ended');
      expect((await fetch(`${base}/api/v1/inbox/stream`, { headers: await ctx.as('test-expert') })).status).toBe(401);
    } finally {
      await ctx.db.kysely.updateTable('app_user').set({ disabled: false }).where('id', '=', id).execute();
      forgetAccountState(id);
    }
  });

  it('ends when another server process ends the account\'s sessions (its notice through the database)', async () => {
    const id = (await findUserByUsername(ctx.db, 'test-tester'))!.id;
    const stream = await openStream('test-tester');
    await stream.next();
    // Another process locks the account and announces it: nothing in this process is called.
    await ctx.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('app_user').set({ locked: true }).where('id', '=', id).execute();
      await announceAccountEnded(trx, id);
    });
    try {
      expect(await stream.endedWithin(3_000)).toBe('ended');
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers: await ctx.as('test-tester') })).statusCode).toBe(401);
    } finally {
      await ctx.db.kysely.updateTable('app_user').set({ locked: false }).where('id', '=', id).execute();
      forgetAccountState(id);
    }
  });

  it('is for the inbox roles only', async () => {
    const res = await fetch(`${base}/api/v1/inbox/stream`, { headers: await ctx.as('test-tech') });
    expect(res.status).toBe(403);
  });
});

/** The backends of this database LISTENing for inbox changes (pg_stat_activity shows an idle backend's last statement). */
async function listeners(): Promise<number[]> {
  const rows = await sql<{ pid: number }>`select pid from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %inbox_changed%'`.execute(ctx.db.kysely);
  return rows.rows.map((r) => Number(r.pid));
}

describe.runIf(process.env.GERIA_TEST_DB === 'pg')('live inbox badge when the LISTEN connection drops (PostgreSQL)', () => {
  it('listens again after pg_terminate_backend, sends the current count to open streams, and later changes still arrive', async () => {
    const participantId = await createParticipant(ctx);
    const stream = await openStream('test-ccm');
    const start = await stream.next();
    const [before] = await listeners();
    expect(before).toBeDefined();
    await sql`select pg_terminate_backend(${before}::int)`.execute(ctx.db.kysely);
    // Nothing changed: the only event that can come is the count pushed once the LISTEN is back.
    expect(await stream.next()).toBe(start);
    const after = await listeners();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);
    await ctx.db.kysely.insertInto('participant_notification')
      .values({ participant_id: participantId, recipient: 'test-ccm', message: JSON.stringify({ code: 'interventions.notifications.fired', params: {} }) }).execute();
    expect(await stream.next()).toBe(start + 1);
    stream.close();
  });
});
