import { sql } from 'kysely';
import type { Executor } from './view.ts';

/**
 * Ends every session of an account at once: its provider sessions, grants and refresh tokens are
 * deleted, so a refresh fails immediately (provider.ts's findAccount also refuses a locked or
 * disabled account). Access tokens already issued live out their short lifetime.
 */
export async function endSessions(db: Executor, userId: string): Promise<number> {
  const result = await db.deleteFrom('oidc_payload').where(sql<string>`payload->>'accountId'`, '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
