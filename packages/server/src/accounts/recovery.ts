import { sql } from 'kysely';
import type { Language } from '@geria/domain';
import { newPasswordSchema } from '@geria/domain/rules/registration.ts';
import { recordAudit } from '../audit/service.ts';
import { hashPassword } from '../auth/passwords.ts';
import { AppError, badRequest, zodProblems } from '../http/errors.ts';
import { accountMail } from './mail/templates.ts';
import type { AccountDeps } from './registration.ts';
import { endSessions } from './sessions.ts';
import { consumeToken, issueToken, PASSWORD_RESET_TTL_MINUTES, tokenOwner } from './tokens.ts';

/**
 * Sends a single-use reset link to the account using this address. The caller gets the same answer
 * whether or not such an account exists; a disabled account gets no link (its administrator decides).
 */
export async function requestPasswordReset(deps: AccountDeps, email: string): Promise<void> {
  const user = await deps.db.kysely.selectFrom('app_user').selectAll()
    .where(sql`lower(email)`, '=', email.trim().toLowerCase()).executeTakeFirst();
  if (!user || user.disabled) return;
  const token = await deps.db.kysely.transaction().execute(async (trx) => {
    const token = await issueToken(trx, user.id, 'password-reset', PASSWORD_RESET_TTL_MINUTES * 60_000);
    // Anyone may ask for the link; only the mailbox's owner can use it.
    await recordAudit(trx, { actor: 'anonymous', actorOrganisation: user.organisation, action: 'accounts.password-reset-requested', entityType: 'user', entityId: user.id });
    return token;
  });
  const link = `${deps.publicUrl}/login/reset?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(accountMail('passwordReset', user, { link, minutes: PASSWORD_RESET_TTL_MINUTES }));
}

const invalidLink = () => new AppError(400, 'accounts.reset.invalidLink');

/**
 * Sets a new password through a reset link. The password is checked against the account before the
 * link is used up, so a refused password leaves the link working. Every session of the account ends.
 */
export async function resetPassword(
  deps: AccountDeps, input: { token: string; password: string; passwordConfirmation: string }, lang: Language,
): Promise<void> {
  const userId = await tokenOwner(deps.db.kysely, input.token, 'password-reset');
  if (!userId) throw invalidLink();
  const user = await deps.db.kysely.selectFrom('app_user').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const checked = newPasswordSchema({ username: user.username, email: user.email, firstName: user.given_name, lastName: user.family_name })
    .safeParse({ password: input.password, passwordConfirmation: input.passwordConfirmation });
  if (!checked.success) throw badRequest('errors.validation', zodProblems(checked.error.issues, lang));
  const passwordHash = await hashPassword(input.password);
  await deps.db.kysely.transaction().execute(async (trx) => {
    if ((await consumeToken(trx, input.token, 'password-reset')) !== user.id) throw invalidLink();
    await trx.updateTable('app_user').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', user.id).execute();
    await endSessions(trx, user.id);
    await recordAudit(trx, { actor: user.username, actorOrganisation: user.organisation, action: 'accounts.password-reset', entityType: 'user', entityId: user.id });
  });
}

/** Confirms the e-mail address of an approved account through the link of the validation e-mail. */
export async function verifyEmail(deps: Pick<AccountDeps, 'db'>, token: string): Promise<boolean> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const userId = await consumeToken(trx, token, 'email-verification');
    if (!userId) return false;
    const before = await trx.selectFrom('app_user').select(['username', 'organisation', 'unverified']).where('id', '=', userId).executeTakeFirstOrThrow();
    await trx.updateTable('app_user').set({ unverified: false, updated_at: new Date() }).where('id', '=', userId).execute();
    await recordAudit(trx, {
      actor: before.username, actorOrganisation: before.organisation, action: 'accounts.email-verified', entityType: 'user', entityId: userId,
      before: { unverified: before.unverified }, after: { unverified: false },
    });
    return true;
  });
}
