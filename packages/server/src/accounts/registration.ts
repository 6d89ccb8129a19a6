import { sql } from 'kysely';
import type { Language } from '@geria/domain';
import type { Registration } from '@geria/domain/rules/registration.ts';
import type { Db } from '../db/connection.ts';
import type { AppUser } from '../db/types.ts';
import type { Mailer } from '../mail/mailer.ts';
import { recordAudit } from '../audit/service.ts';
import { hashPassword } from '../auth/passwords.ts';
import { AppError } from '../http/errors.ts';
import { isAccountConflict } from './conflicts.ts';
import { accountMail } from './mail/templates.ts';
import { administers, auditActor, type Administrator } from './scope.ts';
import { endSessions } from './sessions.ts';
import { EMAIL_VERIFICATION_TTL_DAYS, issueToken } from './tokens.ts';
import { managedUser, type Executor, type ManagedUser } from './view.ts';

export interface AccountDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

type Registered = { kind: 'created'; user: AppUser } | { kind: 'emailTaken'; owner: AppUser } | { kind: 'usernameTaken' };

/**
 * A new account from the public registration form (SPEC §4): created locked and unverified, with
 * no role but the requested one noted, and an approval task for the administrators. The caller is
 * answered the same way whether or not the username or the e-mail address is taken, so the form
 * cannot be used to find out who has an account; the address given is told by e-mail instead: that
 * the registration was received, that it already has an account (to its owner, in their language),
 * or that the username is taken. The password is hashed first in every case, so the time taken
 * does not tell either.
 */
export async function register(deps: AccountDeps, input: Registration, lang: Language): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const language = input.language ?? lang;
  const attempt = () => deps.db.kysely.transaction().execute(async (trx): Promise<Registered> => {
    const taken = await trx.selectFrom('app_user').selectAll()
      .where((eb) => eb.or([
        eb(sql`lower(username)`, '=', input.username.trim().toLowerCase()),
        eb(sql`lower(email)`, '=', input.email.trim().toLowerCase()),
      ])).execute();
    if (taken.length) {
      const owner = taken.find((row) => row.email.toLowerCase() === input.email.trim().toLowerCase());
      await recordAudit(trx, {
        actor: input.username, actorOrganisation: input.organisation, action: 'accounts.registration-declined', entityType: 'user',
        entityId: (owner ?? taken[0]!).id, details: { taken: owner ? 'email' : 'username' },
      });
      return owner ? { kind: 'emailTaken', owner } : { kind: 'usernameTaken' };
    }
    const row = await trx.insertInto('app_user').values({
      username: input.username,
      email: input.email,
      given_name: input.firstName,
      family_name: input.lastName,
      organisation: input.organisation,
      roles: [],
      requested_role: input.requestedRole,
      password_hash: passwordHash,
      locked: true,
      unverified: true,
      language,
    }).returningAll().executeTakeFirstOrThrow();
    await trx.insertInto('approval_task').values({ user_id: row.id }).execute();
    await recordAudit(trx, {
      actor: row.username, actorOrganisation: row.organisation, action: 'accounts.registered', entityType: 'user', entityId: row.id, after: managedUser(row),
    });
    return { kind: 'created', user: row };
  });
  // A registration of the same name or address at the same moment: the second attempt finds it taken.
  const outcome = await attempt().catch((error: unknown) => { if (isAccountConflict(error)) return attempt(); throw error; });
  const applicant = { email: input.email, given_name: input.firstName, family_name: input.lastName, username: input.username, language };
  const mail = outcome.kind === 'created' ? accountMail('registrationReceived', outcome.user, {})
    : outcome.kind === 'emailTaken' ? accountMail('registrationExists', outcome.owner, { link: `${deps.publicUrl}/login/forgot` })
    : accountMail('usernameTaken', applicant, { link: `${deps.publicUrl}/registration` });
  await deps.mailer.send(mail);
}

export interface ApprovalTask {
  id: string;
  createdAt: string;
  user: ManagedUser;
}

const taskQuery = (db: Executor) => db.selectFrom('approval_task')
  .innerJoin('app_user', 'app_user.id', 'approval_task.user_id')
  .selectAll('app_user')
  .select(['approval_task.id as task_id', 'approval_task.created_at as task_created_at']);

/** The registrations waiting for this administrator, oldest first. */
export async function listApprovalTasks(db: Db, admin: Administrator): Promise<ApprovalTask[]> {
  let query = taskQuery(db.kysely).orderBy('approval_task.created_at').orderBy('approval_task.id');
  if (!admin.platformWide) query = query.where('app_user.organisation', '=', admin.user.organisation ?? '');
  const rows = await query.execute();
  return rows.map(({ task_id, task_created_at, ...row }) => ({ id: task_id, createdAt: new Date(task_created_at).toISOString(), user: managedUser(row) }));
}

/** The task and its account, locked for the transaction; "no info about this approval task" when absent or not this administrator's. */
async function openTask(trx: Executor, admin: Administrator, taskId: string) {
  const notFound = new AppError(404, 'accounts.approval.notFound');
  if (!/^[0-9a-f-]{36}$/i.test(taskId)) throw notFound;
  const row = await taskQuery(trx).where('approval_task.id', '=', taskId).forUpdate().executeTakeFirst();
  if (!row || !administers(admin, row.organisation)) throw notFound;
  const { task_id: _t, task_created_at: _c, ...user } = row;
  return user;
}

/**
 * Approves a registration: the account is unlocked and the validation e-mail (a link confirming the
 * address) is sent. Roles are given afterwards by editing the user (SPEC §6).
 */
export async function approve(deps: AccountDeps, admin: Administrator, taskId: string): Promise<ManagedUser> {
  const { after, token, row } = await deps.db.kysely.transaction().execute(async (trx) => {
    const row = await openTask(trx, admin, taskId);
    const updated = await trx.updateTable('app_user').set({ locked: false, updated_at: new Date() })
      .where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
    await trx.deleteFrom('approval_task').where('id', '=', taskId).execute();
    const token = await issueToken(trx, row.id, 'email-verification', EMAIL_VERIFICATION_TTL_DAYS * 86_400_000);
    const after = managedUser(updated);
    await recordAudit(trx, { ...auditActor(admin), action: 'accounts.approved', entityType: 'user', entityId: row.id, before: managedUser(row), after });
    return { after, token, row: updated };
  });
  const link = `${deps.publicUrl}/api/v1/account/verify-email?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(accountMail('approved', row, { link, days: EMAIL_VERIFICATION_TTL_DAYS }));
  return after;
}

/**
 * Rejects a registration with a reason: the applicant is told by e-mail and the account is deleted,
 * so no personal data is kept without purpose and the username and address can be used again. The
 * audit trail keeps what was rejected and why.
 */
export async function reject(deps: AccountDeps, admin: Administrator, taskId: string, reason: string): Promise<void> {
  const row = await deps.db.kysely.transaction().execute(async (trx) => {
    const row = await openTask(trx, admin, taskId);
    await endSessions(trx, row.id);
    await trx.deleteFrom('app_user').where('id', '=', row.id).execute();
    await recordAudit(trx, { ...auditActor(admin), action: 'accounts.rejected', entityType: 'user', entityId: row.id, before: managedUser(row), details: { reason } });
    return row;
  });
  await deps.mailer.send(accountMail('rejected', row, { reason }));
}
