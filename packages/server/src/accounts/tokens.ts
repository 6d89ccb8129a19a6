import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from './view.ts';
import type { AccountTokenPurpose } from './tables.ts';

export const PASSWORD_RESET_TTL_MINUTES = 60;
export const EMAIL_VERIFICATION_TTL_DAYS = 7;

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A new single-use link token for an account. Earlier unused tokens of the same purpose stop working,
 * so only the latest e-mail's link is valid. Only the hash is stored.
 */
export async function issueToken(db: Executor, userId: string, purpose: AccountTokenPurpose, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.deleteFrom('account_token').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
  await db.insertInto('account_token').values({
    token_hash: hash(token), user_id: userId, purpose, expires_at: new Date(Date.now() + ttlMs), used_at: null,
  }).execute();
  return token;
}

/** The account a valid, unused, unexpired token belongs to, without using it up. */
export async function tokenOwner(db: Executor, token: string, purpose: AccountTokenPurpose): Promise<string | undefined> {
  const row = await db.selectFrom('account_token').select('user_id')
    .where('token_hash', '=', hash(token)).where('purpose', '=', purpose)
    .where('used_at', 'is', null).where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row?.user_id;
}

/** The account a valid, unused, unexpired token belongs to, marking the token used; undefined otherwise. */
export async function consumeToken(db: Executor, token: string, purpose: AccountTokenPurpose): Promise<string | undefined> {
  const row = await db.updateTable('account_token').set({ used_at: new Date() })
    .where('token_hash', '=', hash(token)).where('purpose', '=', purpose)
    .where('used_at', 'is', null).where('expires_at', '>', new Date())
    .returning('user_id').executeTakeFirst();
  return row?.user_id;
}
