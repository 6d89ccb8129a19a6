import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connection.ts';
import { listenWhileServing } from '../db/listen-while-serving.ts';
import type { Database } from '../db/types.ts';
import { accountRefusal } from './accounts.ts';

/**
 * Whether the account behind a user's access token may still act. A token outlives a lock, a
 * disable or a deletion by up to its lifetime; the API asks the database instead, through a short
 * per-process cache so that a burst of requests costs one primary-key look-up. The accounts area
 * forgets an entry when it changes the account (endSessions), so this process refuses the old token
 * at once, and others as soon as its notice arrives (listenForEndedAccounts); within TTL_MS at worst.
 */
export const TTL_MS = 5_000;

type Entry = { active: boolean; until: number };

// One cache per check, that is per app and its database: account ids are the same in every copy of
// a database (test databases are copies of one template), their states are not.
const caches = new Set<WeakRef<Map<string, Entry>>>();

const endedListeners = new Set<(userId: string) => void>();

/** Called wherever an account's sessions end (lock, disable, delete, password change). */
export function forgetAccountState(userId: string) {
  for (const ref of caches) {
    const cache = ref.deref();
    if (cache) cache.delete(userId);
    else caches.delete(ref);
  }
  for (const listener of endedListeners) listener(userId);
}

/** Calls `listener` with each account whose sessions end (here, or in another process); answers the unsubscribe. */
export function onAccountEnded(listener: (userId: string) => void): () => void {
  endedListeners.add(listener);
  return () => { endedListeners.delete(listener); };
}

const CHANNEL = 'account_ended';

/**
 * Tells every server process, once `db`'s transaction commits, that the account's sessions ended
 * (or that it may act again: unlocked, enabled), so that each forgets the state it cached.
 */
export async function announceAccountEnded(db: Kysely<Database> | Transaction<Database>, userId: string) {
  await sql`select pg_notify(${CHANNEL}, ${userId})`.execute(db);
}

/**
 * Hears the accounts ended by any process (announceAccountEnded), so that this one refuses their
 * tokens and closes their streams at once too, not when its cache entry runs out. Notices sent while
 * the LISTEN was down are lost: every cached state is dropped then, and read again.
 */
export function listenForEndedAccounts(app: FastifyInstance, db: Db) {
  listenWhileServing(app, db, CHANNEL, forgetAccountState, () => { for (const ref of caches) ref.deref()?.clear(); });
}

export type AccountCheck = (userId: string) => Promise<boolean>;

export function accountCheck(db: Db, now: () => number = Date.now): AccountCheck {
  const cache = new Map<string, Entry>();
  caches.add(new WeakRef(cache));
  return async (userId) => {
    const cached = cache.get(userId);
    if (cached && cached.until > now()) return cached.active;
    // Ids of the embedded issuer are uuids; anything else has no account here.
    const user = /^[0-9a-f-]{36}$/i.test(userId)
      ? await db.kysely.selectFrom('app_user').select(['locked', 'disabled', 'unverified']).where('id', '=', userId).executeTakeFirst()
      : undefined;
    const active = Boolean(user && !accountRefusal(user));
    if (cache.size > 10_000) cache.clear();
    cache.set(userId, { active, until: now() + TTL_MS });
    return active;
  };
}
