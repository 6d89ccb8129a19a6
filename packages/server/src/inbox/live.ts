import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connection.ts';
import { listenWhileServing } from '../db/listen-while-serving.ts';
import { onAccountEnded } from '../auth/account-state.ts';
import type { InboxUser } from './service.ts';

const HEARTBEAT_MS = 25_000;
/** The last event of a stream the server ends at shutdown: reconnect after this many milliseconds. */
export const SHUTDOWN_RECONNECT = 'retry: 500\n\n';
// setTimeout's longest delay; a token living longer is checked again then.
const LONGEST_TIMER_MS = 2 ** 31 - 1;

async function unreadCount(db: Db, username: string): Promise<number> {
  const row = await db.kysely.selectFrom('participant_notification').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('recipient', '=', username).where('read_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The live unread badge: one LISTEN for the process (the table's trigger NOTIFYs after commit, so a
 * rolled-back notice never shows), fanned out to each user's open event streams. On PostgreSQL the
 * LISTEN reconnects by itself when its connection drops, and the streams are brought up to date.
 * A stream lives no longer than its credentials: it ends when the token it was opened with expires
 * (the app opens it again with its renewed token) and when the account's sessions end (locked,
 * disabled, deleted), whichever process ended them.
 */
export function registerInboxStream(app: FastifyInstance, db: Db, authorise: (request: FastifyRequest) => InboxUser) {
  const streams = new Map<string, Set<(unread: number) => void>>();
  // Each open stream with the account it was opened for (none for an integration client's).
  const open = new Map<FastifyReply['raw'], string | undefined>();
  const stopWatchingAccounts = onAccountEnded((account) => {
    for (const [res, owner] of open) if (owner === account) res.end();
  });

  const changed = (username: string) => {
    const listeners = streams.get(username);
    if (!listeners?.size) return;
    void unreadCount(db, username).then((n) => { for (const send of listeners) send(n); }).catch((err) => app.log.warn({ err }, 'inbox count'));
  };
  // Changes made while the LISTEN was down were never announced: every open stream gets its count again.
  listenWhileServing(app, db, 'inbox_changed', changed, () => { for (const username of streams.keys()) changed(username); });
  // Open streams would hold a shutdown until their browsers leave: each ends with a reconnect hint
  // (SSE `retry`, in ms), and the browser opens it again through the load balancer on another process.
  app.addHook('preClose', async () => { for (const res of open.keys()) res.end(SHUTDOWN_RECONNECT); });
  app.addHook('onClose', async () => { stopWatchingAccounts(); });

  app.get('/api/v1/inbox/stream', {
    schema: { tags: ['inbox'], summary: 'Server-sent events: `unread` with the user\'s unread count, now and after every change' },
  }, async (request: FastifyRequest, reply: FastifyReply) => {
    const user = authorise(request);
    const first = await unreadCount(db, user.username);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    const send = (n: number) => res.write(`event: unread\ndata: ${JSON.stringify({ unread: n })}\n\n`);
    send(first);
    open.set(res, request.integrationClient ? undefined : request.user?.sub);
    app.metrics.streamsOpen.inc();
    const listeners = streams.get(user.username) ?? new Set();
    streams.set(user.username, listeners.add(send));
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    let expiry: NodeJS.Timeout | undefined;
    const endAtExpiry = () => {
      const left = (request.tokenExpiresAt ?? Infinity) - Date.now();
      if (left <= 0) res.end();
      else if (Number.isFinite(left)) expiry = setTimeout(endAtExpiry, Math.min(left, LONGEST_TIMER_MS));
    };
    endAtExpiry();
    // 'close' follows the end of the answer, whichever side ended it.
    res.once('close', () => {
      clearInterval(heartbeat);
      clearTimeout(expiry);
      open.delete(res);
      app.metrics.streamsOpen.dec();
      listeners.delete(send);
      if (!listeners.size) streams.delete(user.username);
    });
  });
}
