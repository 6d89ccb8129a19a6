import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { AppUser } from '../db/types.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';

export type AccountRefusal = 'auth.invalidCredentials' | 'auth.accountLocked' | 'auth.accountDisabled' | 'auth.accountUnverified';

export const findUserByUsername = (db: Db, username: string): Promise<AppUser | undefined> =>
  db.kysely.selectFrom('app_user').selectAll().where(sql`lower(username)`, '=', username.trim().toLowerCase()).executeTakeFirst();

export const findUserById = (db: Db, id: string): Promise<AppUser | undefined> =>
  db.kysely.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();

/** Why an account may not sign in (or keep its session), or null when it may. */
export function accountRefusal(user: Pick<AppUser, 'locked' | 'disabled' | 'unverified'>): AccountRefusal | null {
  if (user.disabled) return 'auth.accountDisabled';
  if (user.locked) return 'auth.accountLocked';
  if (user.unverified) return 'auth.accountUnverified';
  return null;
}

/**
 * Checks a username and password. The account's state (locked, disabled, unverified) is told only
 * to someone who knows the password, so an anonymous caller learns nothing about which usernames exist.
 */
export async function authenticate(db: Db, username: string, password: string): Promise<{ user: AppUser } | { refusal: AccountRefusal }> {
  const user = await findUserByUsername(db, username);
  const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
  if (!user || !ok) return { refusal: 'auth.invalidCredentials' };
  const refusal = accountRefusal(user);
  return refusal ? { refusal } : { user };
}

/** The Keycloak-shaped claims Geria's tokens carry (SPEC §3 "Authenticated user"). */
export function userClaims(user: AppUser) {
  return {
    sub: user.id,
    preferred_username: user.username,
    given_name: user.given_name,
    family_name: user.family_name,
    name: `${user.given_name} ${user.family_name}`.trim(),
    email: user.email,
    locale: user.language,
    organisation: user.organisation,
    realm_access: { roles: user.roles },
  };
}
