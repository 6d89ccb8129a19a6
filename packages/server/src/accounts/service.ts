import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { parseRoles, type Language, type Role, type SessionUser } from '@geria/domain';
import { administrationRefusal, type ManagedUserChange } from '@geria/domain/rules/registration.ts';
import type { Db } from '../db/connection.ts';
import type { AppUser } from '../db/types.ts';
import { recordAudit } from '../audit/service.ts';
import { hashPassword } from '../auth/passwords.ts';
import { AppError } from '../http/errors.ts';
import { assertAvailable, withAccountConflicts } from './conflicts.ts';
import { administers, auditActor, type Administrator } from './scope.ts';
import { endSessions } from './sessions.ts';
import { announceAccountEnded } from '../auth/account-state.ts';
import { managedUser, type Executor, type ManagedUser } from './view.ts';

export const USER_SORT_FIELDS = {
  username: 'username', firstName: 'given_name', lastName: 'family_name', email: 'email', organisation: 'organisation', createdAt: 'created_at',
} as const;

export interface UserListQuery {
  page: number;
  pageSize: number;
  sort: keyof typeof USER_SORT_FIELDS;
  order: 'asc' | 'desc';
  search?: string;
  organisation?: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of the accounts this administrator administers, sorted and searched by the database. */
export async function listUsers(db: Db, admin: Administrator, query: UserListQuery): Promise<{ items: ManagedUser[]; total: number }> {
  let base = db.kysely.selectFrom('app_user');
  if (!admin.platformWide) base = base.where('organisation', '=', admin.user.organisation ?? '');
  if (query.organisation) base = base.where('organisation', '=', query.organisation);
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    base = base.where((eb) => eb.or(['username', 'email', 'given_name', 'family_name'].map((column) =>
      eb(sql.ref(column), 'ilike', pattern))));
  }
  const column = USER_SORT_FIELDS[query.sort];
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy(sql`lower(${sql.ref(column)}::text)`, query.order).orderBy('id')
      .limit(query.pageSize).offset(query.page * query.pageSize).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(managedUser), total: Number(count.total) };
}

/** The account when this administrator administers it; 404 otherwise, so other organisations' accounts stay unseen. */
export async function administeredUser(db: Executor, admin: Administrator, id: string, forUpdate = false): Promise<AppUser> {
  const notFound = new AppError(404, 'accounts.user.notFound');
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound;
  let query = db.selectFrom('app_user').selectAll().where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row || !administers(admin, row.organisation)) throw notFound;
  return row;
}

export const getUser = async (db: Db, admin: Administrator, id: string) => managedUser(await administeredUser(db.kysely, admin, id));

/** The refusal of SPEC §6 and the rules as an error: permission (403) or rule (422). */
function assertAllowed(admin: Administrator, row: AppUser, change: ManagedUserChange) {
  const refusal = administrationRefusal({ sub: admin.user.sub, roles: admin.user.roles }, { id: row.id, roles: parseRoles(row.roles) }, change);
  if (refusal) throw new AppError(refusal.code === 'accounts.rules.sysAdminOnly' ? 403 : 422, refusal.code);
  if (change.organisation !== undefined && !administers(admin, change.organisation)) throw new AppError(403, 'accounts.rules.organisationOutOfScope');
}

/**
 * Changes an account (names, e-mail, organisation, roles, flags) inside the caller's transaction.
 * Locking or disabling it ends its sessions; unlocking a pending registration takes it off the
 * approval list. Audited before/after.
 */
/** A change of an account; `externalId` is set only by SCIM provisioning (null clears it). */
export type UserChange = ManagedUserChange & { externalId?: string | null };

export async function applyUserChange(trx: Executor, admin: Administrator, id: string, change: UserChange, lang: Language): Promise<ManagedUser> {
  const row = await administeredUser(trx, admin, id, true);
  assertAllowed(admin, row, change);
  if (change.email !== undefined) await assertAvailable(trx, { email: change.email }, lang, row.id);
  const updated = await trx.updateTable('app_user').set({
    ...(change.firstName !== undefined && { given_name: change.firstName }),
    ...(change.lastName !== undefined && { family_name: change.lastName }),
    ...(change.email !== undefined && { email: change.email }),
    ...(change.organisation !== undefined && { organisation: change.organisation }),
    ...(change.roles !== undefined && { roles: change.roles }),
    ...(change.locked !== undefined && { locked: change.locked }),
    ...(change.disabled !== undefined && { disabled: change.disabled }),
    ...(change.unverified !== undefined && { unverified: change.unverified }),
    ...(change.externalId !== undefined && { external_id: change.externalId }),
    updated_at: new Date(),
  }).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
  if ((updated.locked && !row.locked) || (updated.disabled && !row.disabled)) await endSessions(trx, row.id);
  // Unlocked, enabled or verified: every process forgets the refusal it cached, and lets the account in at once.
  else if (updated.locked !== row.locked || updated.disabled !== row.disabled || updated.unverified !== row.unverified) await announceAccountEnded(trx, row.id);
  if (!updated.locked) await trx.deleteFrom('approval_task').where('user_id', '=', row.id).execute();
  const after = managedUser(updated);
  await recordAudit(trx, { ...auditActor(admin), action: 'accounts.updated', entityType: 'user', entityId: row.id, before: managedUser(row), after });
  return after;
}

export const updateUser = (db: Db, admin: Administrator, id: string, change: ManagedUserChange, lang: Language): Promise<ManagedUser> =>
  withAccountConflicts(lang, () => db.kysely.transaction().execute((trx) => applyUserChange(trx, admin, id, change, lang)));

export interface NewAccount {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  organisation: string;
  roles: Role[];
  language: Language;
  disabled: boolean;
  password?: string;
  externalId?: string;
}

/**
 * An account provisioned by an administrator (SCIM): the institution vouches for the person and the
 * address, so it is neither locked nor unverified. Without a password the person chooses one through
 * "forgot password".
 */
export async function createUser(db: Db, admin: Administrator, input: NewAccount, lang: Language): Promise<ManagedUser> {
  if (!administers(admin, input.organisation)) throw new AppError(403, 'accounts.rules.organisationOutOfScope');
  const refusal = administrationRefusal({ sub: admin.user.sub, roles: admin.user.roles }, { id: '', roles: [] }, { roles: input.roles });
  if (refusal) throw new AppError(403, refusal.code);
  // A taken username or address is refused before argon2 runs: a conflict costs a look-up, not a hash
  // (administrators see every account, so the time taken tells them nothing new). The transaction
  // checks again, and the unique indexes settle a race.
  await assertAvailable(db.kysely, input, lang);
  const passwordHash = await hashPassword(input.password ?? randomBytes(32).toString('base64url'));
  return withAccountConflicts(lang, () => db.kysely.transaction().execute(async (trx) => {
    await assertAvailable(trx, input, lang);
    const row = await trx.insertInto('app_user').values({
      username: input.username, email: input.email, given_name: input.firstName, family_name: input.lastName,
      organisation: input.organisation, roles: input.roles, requested_role: null, password_hash: passwordHash,
      disabled: input.disabled, language: input.language, external_id: input.externalId ?? null,
    }).returningAll().executeTakeFirstOrThrow();
    const user = managedUser(row);
    await recordAudit(trx, { ...auditActor(admin), action: 'accounts.created', entityType: 'user', entityId: row.id, after: user });
    return user;
  }));
}

/** Deletes an account and its sessions (SCIM de-provisioning). Nobody deletes their own account. */
export async function deleteUser(db: Db, admin: Administrator, id: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const row = await administeredUser(trx, admin, id, true);
    if (row.id === admin.user.sub) throw new AppError(422, 'accounts.rules.cannotDeleteSelf');
    if (parseRoles(row.roles).includes('SysAdmin') && !admin.user.roles.includes('SysAdmin')) throw new AppError(403, 'accounts.rules.sysAdminOnly');
    await endSessions(trx, row.id);
    await trx.deleteFrom('app_user').where('id', '=', row.id).execute();
    await recordAudit(trx, { ...auditActor(admin), action: 'accounts.deleted', entityType: 'user', entityId: row.id, before: managedUser(row) });
  });
}

/**
 * The roles of a user by username (SPEC §7 `GET /user/roles/{user}?organisation=`), e.g. to check a
 * care manager before assigning them to a patient. Anyone signed in may ask about their own
 * organisation, a SysAdmin about any; an unknown user, or one outside that organisation, is 404.
 */
export async function userRoles(db: Db, caller: SessionUser, username: string, organisation?: string) {
  const row = await db.kysely.selectFrom('app_user').select(['username', 'organisation', 'roles'])
    .where(sql`lower(username)`, '=', username.trim().toLowerCase()).executeTakeFirst();
  const visible = row && (caller.roles.includes('SysAdmin') || row.organisation === caller.organisation);
  if (!row || !visible || (organisation && organisation.toLowerCase() !== row.organisation.toLowerCase())) {
    throw new AppError(404, 'accounts.user.notFound');
  }
  return { username: row.username, organisation: row.organisation, roles: parseRoles(row.roles) };
}
