import { sql } from 'kysely';
import type { Executor } from './view.ts';
import { announceAccountEnded, forgetAccountState } from '../auth/account-state.ts';

/**
 * Ends every session of an account at once: its provider sessions, grants and refresh tokens are
 * deleted, so a refresh fails immediately (provider.ts's findAccount also refuses a locked or
 * disabled account).
 */
export async function endSessions(db: Executor, userId: string): Promise<number> {
  // Access tokens already issued are refused from now on too, and open streams end, here and in
  // every other process once this commits (auth/account-state.ts).
  forgetAccountState(userId);
  await announceAccountEnded(db, userId);
  const result = await db.deleteFrom('oidc_payload').where(sql<string>`payload->>'accountId'`, '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
