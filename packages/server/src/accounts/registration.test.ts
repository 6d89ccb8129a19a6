import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { lastMailTo, linkIn, pendingTaskOf, register, userIdOf } from './testing.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const problems = (res: { json(): { error: { details: { path: string; code: string }[] } } }) =>
  res.json().error.details.map((d) => `${d.path}:${d.code}`);

describe('registration', () => {
  it('creates a locked, unverified account without roles and an approval task', async () => {
    const res = await register(ctx, { username: 'newcomer', email: 'newcomer@example.org', requestedRole: 'clinicalexpert' }, { 'accept-language': 'it' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: 'pending', code: 'accounts.registration.success', username: 'newcomer' });
    const row = await ctx.db.kysely.selectFrom('app_user').selectAll().where('username', '=', 'newcomer').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ locked: true, unverified: true, disabled: false, roles: [], requested_role: 'ClinicalExpert', language: 'it' });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await pendingTaskOf(ctx, 'newcomer')).toBeDefined();
  });

  it('records the registration in the audit trail without the password hash', async () => {
    const id = await userIdOf(ctx, 'newcomer');
    const event = await ctx.db.kysely.selectFrom('audit_event').selectAll().where('entity_id', '=', id).where('action', '=', 'accounts.registered').executeTakeFirstOrThrow();
    expect(event.actor).toBe('newcomer');
    expect(JSON.stringify(event.after)).not.toContain('argon2');
    expect(event.after).toMatchObject({ username: 'newcomer', locked: true });
  });

  it('refuses the locked account at sign-in with the reason only when the password is right', async () => {
    const { authenticate } = await import('../auth/accounts.ts');
    expect(await authenticate(ctx.db, 'newcomer', 'Tramonto-sul-lago-7')).toEqual({ refusal: 'auth.accountLocked' });
    expect(await authenticate(ctx.db, 'newcomer', 'wrong-password')).toEqual({ refusal: 'auth.invalidCredentials' });
  });

  it('e-mails the applicant that the registration was received, in their language', async () => {
    const mail = await lastMailTo(ctx, 'newcomer@example.org');
    expect(mail).toMatchObject({ template: 'accounts.registrationReceived', language: 'it', subject: 'Abbiamo ricevuto la tua registrazione a Geria' });
    expect(mail!.body).toContain('(newcomer)');
  });

  it('gives a clear message for every invalid field', async () => {
    const res = await register(ctx, {
      username: 'x', email: 'not-an-address', organisation: 'NOWHERE', requestedRole: 'Boss',
      password: 'short', passwordConfirmation: 'other', privacyPolicyAgreed: false,
    });
    expect(res.statusCode).toBe(400);
    expect(problems(res)).toEqual(expect.arrayContaining([
      'username:accounts.rules.usernameFormat', 'email:validation.email', 'organisation:accounts.rules.unknownOrganisation',
      'requestedRole:accounts.rules.unknownRole', 'privacyPolicyAgreed:accounts.rules.privacyNotAgreed',
      'password:accounts.rules.passwordTooShort', 'passwordConfirmation:accounts.rules.passwordMismatch',
    ]));
  });

  it('needs a requested role, a password confirmation and the privacy policy', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/registration', payload: { firstName: 'A', lastName: 'B', username: 'abc', email: 'abc@example.org', organisation: 'MIL-GER', password: 'Tramonto-sul-lago-7' } });
    expect(res.statusCode).toBe(400);
    expect(problems(res)).toEqual(expect.arrayContaining(['requestedRole:validation.required', 'passwordConfirmation:validation.required', 'privacyPolicyAgreed:validation.required']));
  });

  it('translates the messages into the language of the request', async () => {
    const res = await register(ctx, { passwordConfirmation: 'different-one-9X' }, { 'accept-language': 'fr' });
    expect(res.json().error.details[0].message).toBe('La confirmation ne correspond pas au mot de passe.');
  });
});

describe('approval tasks', () => {
  it('lists the pending registrations of the organisation to a Tester and all of them to a SysAdmin', async () => {
    await register(ctx, { username: 'athens-doc', email: 'athens-doc@example.org', organisation: 'ATH-GCC' });
    const tester = await ctx.app.inject({ method: 'GET', url: '/api/users/v1/me/approval-tasks', headers: await ctx.as('test-tester') });
    expect(tester.statusCode).toBe(200);
    expect(tester.json().items.map((t: { user: { username: string } }) => t.user.username)).toEqual(['newcomer']);
    const admin = await ctx.app.inject({ method: 'GET', url: '/api/users/v1/me/approval-tasks', headers: await ctx.as('test-sysadmin') });
    expect(admin.json().items.map((t: { user: { username: string } }) => t.user.username)).toEqual(['newcomer', 'athens-doc']);
    expect(admin.json().items[0].user).not.toHaveProperty('password_hash');
  });

  it('is refused to the other roles', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/v1/me/approval-tasks', headers: await ctx.as('test-ccm') });
    expect(res.statusCode).toBe(403);
  });

  it('says there is no info about a task that does not exist or is not the caller\'s', async () => {
    const { taskId } = (await pendingTaskOf(ctx, 'athens-doc'))!;
    for (const [id, who] of [[taskId, 'test-tester'], ['00000000-0000-0000-0000-000000000000', 'test-sysadmin'], ['nonsense', 'test-sysadmin']]) {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/users/v1/me/approval-tasks/${id}/approve`, headers: await ctx.as(who) });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'accounts.approval.notFound', message: "There isn't any info about this approval task" });
    }
  });

  it('approving unlocks the account, sends the validation e-mail in the user\'s language and reminds to add the role', async () => {
    const { taskId, userId } = (await pendingTaskOf(ctx, 'newcomer'))!;
    const res = await ctx.app.inject({ method: 'POST', url: `/api/users/v1/me/approval-tasks/${taskId}/approve`, headers: await ctx.as('test-tester') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'accounts.update.success', reminder: 'accounts.update.roleReminder', user: { locked: false, unverified: true, roles: [] } });
    expect(await pendingTaskOf(ctx, 'newcomer')).toBeUndefined();
    const mail = await lastMailTo(ctx, 'newcomer@example.org');
    expect(mail).toMatchObject({ language: 'it', template: 'accounts.approved', subject: 'Il tuo account Geria è stato approvato' });
    const audit = await ctx.db.kysely.selectFrom('audit_event').selectAll().where('entity_id', '=', userId).where('action', '=', 'accounts.approved').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor: 'test-tester', before: { locked: true }, after: { locked: false } });
  });

  it('an approved but unverified account is told to verify its address, then signs in after the link', async () => {
    const { authenticate } = await import('../auth/accounts.ts');
    expect(await authenticate(ctx.db, 'newcomer', 'Tramonto-sul-lago-7')).toEqual({ refusal: 'auth.accountUnverified' });
    const { link } = linkIn((await lastMailTo(ctx, 'newcomer@example.org'))!.body, 'http://geria.test/api/v1/account/verify-email');
    const res = await ctx.app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/registration?emailVerified=true');
    expect('user' in (await authenticate(ctx.db, 'newcomer', 'Tramonto-sul-lago-7'))).toBe(true);
    const again = await ctx.app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
    expect(again.headers.location).toBe('/registration?emailVerified=false');
  });

  it('rejecting needs a reason, tells the applicant by e-mail and deletes the registration', async () => {
    const { taskId, userId } = (await pendingTaskOf(ctx, 'athens-doc'))!;
    const url = `/api/users/v1/me/approval-tasks/${taskId}/reject`;
    const empty = await ctx.app.inject({ method: 'POST', url, headers: await ctx.as('test-sysadmin'), payload: { reason: ' ' } });
    expect(empty.statusCode).toBe(400);
    const res = await ctx.app.inject({ method: 'POST', url, headers: await ctx.as('test-sysadmin'), payload: { reason: 'Not a member of our staff' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 'accounts.approval.rejected' });
    const mail = await lastMailTo(ctx, 'athens-doc@example.org');
    expect(mail).toMatchObject({ template: 'accounts.rejected' });
    expect(mail!.body).toContain('Not a member of our staff');
    expect(await ctx.db.kysely.selectFrom('app_user').select('id').where('id', '=', userId).executeTakeFirst()).toBeUndefined();
    const audit = await ctx.db.kysely.selectFrom('audit_event').selectAll().where('entity_id', '=', userId).where('action', '=', 'accounts.rejected').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor: 'test-sysadmin', details: { reason: 'Not a member of our staff' }, before: { username: 'athens-doc' } });
    const twice = await ctx.app.inject({ method: 'POST', url, headers: await ctx.as('test-sysadmin'), payload: { reason: 'again' } });
    expect(twice.json().error.code).toBe('accounts.approval.notFound');
  });
});

describe('registration rate limit', () => {
  it('slows down one address after 20 attempts in 15 minutes', async () => {
    const limited = await createTestContext();
    try {
      const codes: number[] = [];
      for (let i = 0; i < 21; i++) codes.push((await limited.app.inject({ method: 'POST', url: '/api/v1/registration', payload: {} })).statusCode);
      expect(codes.slice(0, 20).every((c) => c === 400)).toBe(true);
      expect(codes[20]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('registration with a taken username or e-mail address', () => {
  it('answers a taken username or e-mail exactly as a new registration, and tells the address by e-mail instead', async () => {
    const fresh = await register(ctx, { username: 'someone-new', email: 'someone-new@example.org' });
    const sameAddress = await register(ctx, { username: 'another-name', email: 'Newcomer@Example.org' });
    const sameName = await register(ctx, { username: 'NEWCOMER', email: 'second-try@example.org', language: 'fr' });
    const both = await register(ctx, { username: 'newcomer', email: 'newcomer@example.org' });
    const answers = [fresh, sameAddress, sameName, both].map((r) => [r.statusCode, { ...r.json(), username: '-' }]);
    expect(answers).toEqual(answers.map(() => [201, { status: 'pending', code: 'accounts.registration.success', username: '-' }]));
    // Nothing was created for the taken ones: one account per name and address, one approval task.
    expect(await ctx.db.kysely.selectFrom('app_user').select('username').where('username', 'in', ['another-name', 'NEWCOMER']).execute()).toEqual([]);
    expect(await ctx.db.kysely.selectFrom('app_user').select('id').where('email', 'ilike', 'newcomer@example.org').execute()).toHaveLength(1);
    // The owner of the address hears of it in their own language (Italian), with the way back to their account.
    const owner = await ctx.db.kysely.selectFrom('mail_outbox').selectAll().where('recipient', 'in', ['Newcomer@Example.org', 'newcomer@example.org'])
      .where('template', '=', 'accounts.registrationExists').orderBy('id').execute();
    expect(owner).toHaveLength(2);
    expect(owner[0]).toMatchObject({ language: 'it', subject: 'Geria: questo indirizzo ha già un account' });
    expect(owner[0]!.body).toContain('(newcomer)');
    expect(owner[0]!.body).toContain('http://geria.test/login/forgot');
    // The address given with a taken username is told to choose another, in the applicant's language.
    expect(await lastMailTo(ctx, 'second-try@example.org')).toMatchObject({
      template: 'accounts.usernameTaken', language: 'fr', subject: "Geria : le nom d'utilisateur choisi est déjà pris",
    });
    expect((await lastMailTo(ctx, 'second-try@example.org'))!.body).toContain('http://geria.test/registration');
    const declined = await ctx.db.kysely.selectFrom('audit_event').select(['actor', 'details']).where('action', '=', 'accounts.registration-declined').orderBy('id').execute();
    expect(declined.map((e) => [e.actor, e.details])).toEqual([['another-name', { taken: 'email' }], ['NEWCOMER', { taken: 'username' }], ['newcomer', { taken: 'email' }]]);
  });

  it('answers the same when two registrations claim the same username at once, and creates one account', async () => {
    const results = await Promise.all([
      register(ctx, { username: 'racer', email: 'racer-1@example.org' }),
      register(ctx, { username: 'racer', email: 'racer-2@example.org' }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(await ctx.db.kysely.selectFrom('app_user').select('email').where('username', '=', 'racer').execute()).toHaveLength(1);
    const mails = await ctx.db.kysely.selectFrom('mail_outbox').select('template').where('recipient', 'in', ['racer-1@example.org', 'racer-2@example.org']).execute();
    expect(mails.map((m) => m.template).sort()).toEqual(['accounts.registrationReceived', 'accounts.usernameTaken']);
  });
});
