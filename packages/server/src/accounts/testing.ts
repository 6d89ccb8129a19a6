import type { TestContext } from '../test/context.ts';

/** Helpers of the accounts tests: a valid registration and the outbox. */
export const registration = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Maria', lastName: 'Rossi', username: 'mrossi', email: 'maria.rossi@example.org', organisation: 'MIL-GER',
  requestedRole: 'CCM', password: 'Tramonto-sul-lago-7', passwordConfirmation: 'Tramonto-sul-lago-7', privacyPolicyAgreed: true,
  ...overrides,
});

export async function register(ctx: TestContext, overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/registration', payload: registration(overrides), headers });
}

/** The newest outbox message to an address. */
export async function lastMailTo(ctx: TestContext, recipient: string) {
  return ctx.db.kysely.selectFrom('mail_outbox').selectAll().where('recipient', '=', recipient).orderBy('id', 'desc').executeTakeFirst();
}

/** The link of a message body that starts with `prefix`, and its token. */
export function linkIn(body: string, prefix: string) {
  const link = body.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no ${prefix} link in ${body}`);
  return { link, token: decodeURIComponent(new URL(link).searchParams.get('token') ?? '') };
}

export async function pendingTaskOf(ctx: TestContext, username: string) {
  return ctx.db.kysely.selectFrom('approval_task').innerJoin('app_user', 'app_user.id', 'approval_task.user_id')
    .select(['approval_task.id as taskId', 'app_user.id as userId']).where('app_user.username', '=', username).executeTakeFirst();
}

export const userIdOf = async (ctx: TestContext, username: string) =>
  (await ctx.db.kysely.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
