import type { Db } from '../db/connection.ts';
import { countHit, forgetHits, hitsOf } from '../http/rate-limit-store.ts';

/**
 * Wrong passwords counted per username, whatever address they come from: the per-address limit
 * alone lets an attacker with many addresses (or a spoofed X-Forwarded-For behind a lax proxy) try
 * a password list against one account. Counted in the database (rate_limit_counter), so several
 * server processes allow MAX_FAILURES in all, not each; a success starts again from none. The
 * window runs from the first wrong password (a lockout is not the goal).
 */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60_000;

const keyOf = (username: string) => `login ${username.trim().toLowerCase()}`;

export function loginThrottle(db: Db) {
  return {
    /** Whether another attempt for this username must wait. */
    blocked: async (username: string) => (await hitsOf(db, keyOf(username))) >= MAX_FAILURES,
    failed: async (username: string) => { await countHit(db, keyOf(username), WINDOW_MS); },
    succeeded: (username: string) => forgetHits(db, keyOf(username)),
  };
}
