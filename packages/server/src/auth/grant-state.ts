import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connection.ts';
import { listenWhileServing } from '../db/listen-while-serving.ts';
import type { Database } from '../db/types.ts';
import { TTL_MS } from './account-state.ts';

/**
 * Whether the grant behind a user's access token (the sign-in it came from) still stands. The API
 * verifies JWT access tokens without asking the issuer, so a token would outlive its session's
 * logout or revocation by up to its lifetime; instead the API asks whether the provider still holds
 * the grant (`grant_id` claim, provider.ts), through a short per-process cache. Ending a grant
 * (oidc-adapter.ts) forgets it here at once and in every other process as soon as its notice arrives.
 */
export type GrantCheck = (grantId: string) => Promise<boolean>;

// One cache per check (per app and its database), as in account-state.ts.
const caches = new Set<WeakRef<Map<string, number>>>();

function forgetGrant(grantId: string) {
  for (const ref of caches) {
    const cache = ref.deref();
    if (cache) cache.delete(grantId);
    else caches.delete(ref);
  }
}

const CHANNEL = 'grant_ended';

/** Forgets the grant here now, and tells every server process once `db`'s transaction commits. */
export async function announceGrantEnded(db: Kysely<Database>, grantId: string) {
  forgetGrant(grantId);
  await sql`select pg_notify(${CHANNEL}, ${grantId})`.execute(db);
}

/** Hears the grants ended by any process; notices lost while the LISTEN was down drop every cached state. */
export function listenForEndedGrants(app: FastifyInstance, db: Db) {
  listenWhileServing(app, db, CHANNEL, forgetGrant, () => { for (const ref of caches) ref.deref()?.clear(); });
}

export function grantCheck(db: Db, now: () => number = Date.now): GrantCheck {
  // Only standing grants are cached (until when): an ended grant never stands again.
  const cache = new Map<string, number>();
  caches.add(new WeakRef(cache));
  return async (grantId) => {
    if ((cache.get(grantId) ?? 0) > now()) return true;
    const row = await db.kysely.selectFrom('oidc_payload').select('id')
      .where('model', '=', 'Grant').where('id', '=', grantId)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date(now()))]))
      .executeTakeFirst();
    if (!row) { cache.delete(grantId); return false; }
    if (cache.size > 10_000) cache.clear();
    cache.set(grantId, now() + TTL_MS);
    return true;
  };
}
