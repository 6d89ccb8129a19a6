import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AddressInfo } from 'node:net';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createParticipant } from '../participants/test-helpers.ts';

let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => { await ctx?.close(); });

/** Reads `unread` events from the stream as they arrive. */
async function openStream(user: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/v1/inbox/stream`, { headers: await ctx.as(user), signal: controller.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const next = async (): Promise<number> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(event);
        if (data) return JSON.parse(data[1]!).unread;
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += value;
    }
  };
  return { res, next, close: () => controller.abort() };
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
