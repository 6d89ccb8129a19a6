import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../test/context.ts';
import { authenticate } from '../auth/accounts.ts';
import { lastMailTo, linkIn, userIdOf } from './testing.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const forgot = (email: string, remoteAddress?: string) => ctx.app.inject({ method: 'POST', url: '/api/v1/password/forgot', payload: { email }, ...(remoteAddress && { remoteAddress }) });
const reset = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/v1/password/reset', payload });
const EXPERT_MAIL = 'test-expert@test.geria.example.org';

async function resetLink() {
  await forgot(EXPERT_MAIL);
  return linkIn((await lastMailTo(ctx, EXPERT_MAIL))!.body, 'http://geria.test/login/reset');
}

describe('forgotten password', () => {
  it('gives the same answer whether or not the address exists', async () => {
    const known = await forgot('TEST-EXPERT@test.geria.example.org');
    const unknown = await forgot('nobody@example.org');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(await lastMailTo(ctx, 'nobody@example.org')).toBeUndefined();
  });

  it('e-mails a link to the reset page in the account\'s language', async () => {
    await ctx.db.kysely.updateTable('app_user').set({ language: 'el' }).where('username', '=', 'test-expert').execute();
    const { link } = await resetLink();
    expect(link).toMatch(/^http:\/\/geria\.test\/login\/reset\?token=/);
    expect(await lastMailTo(ctx, EXPERT_MAIL)).toMatchObject({ template: 'accounts.passwordReset', language: 'el', subject: 'Επιλέξτε νέο κωδικό πρόσβασης για το Geria' });
  });

  it('stores only a hash of the link\'s token', async () => {
    const { token } = await resetLink();
    const rows = await ctx.db.kysely.selectFrom('account_token').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it('refuses a weak password and keeps the link working', async () => {
    const { token } = await resetLink();
    const weak = await reset({ token, password: 'short', passwordConfirmation: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.details.map((d: { code: string }) => d.code)).toContain('accounts.rules.passwordTooShort');
    const mismatch = await reset({ token, password: 'Nuovo-inizio-2026', passwordConfirmation: 'Nuovo-inizio-2027' });
    expect(mismatch.json().error.details[0].code).toBe('accounts.rules.passwordMismatch');
    const ok = await reset({ token, password: 'Nuovo-inizio-2026', passwordConfirmation: 'Nuovo-inizio-2026' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ code: 'accounts.reset.done' });
    expect('user' in (await authenticate(ctx.db, 'test-expert', 'Nuovo-inizio-2026'))).toBe(true);
  });

  it('a link works once', async () => {
    const { token } = await resetLink();
    expect((await reset({ token, password: 'Secondo-giro-2026', passwordConfirmation: 'Secondo-giro-2026' })).statusCode).toBe(200);
    const again = await reset({ token, password: 'Terzo-giro-2026!', passwordConfirmation: 'Terzo-giro-2026!' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('accounts.reset.invalidLink');
  });

  it('only the latest link works', async () => {
    const first = await resetLink();
    const second = await resetLink();
    expect((await reset({ token: first.token, password: 'Quarto-giro-2026', passwordConfirmation: 'Quarto-giro-2026' })).json().error.code).toBe('accounts.reset.invalidLink');
    expect((await reset({ token: second.token, password: 'Quarto-giro-2026', passwordConfirmation: 'Quarto-giro-2026' })).statusCode).toBe(200);
  });

  it('an expired link does not work', async () => {
    const { token } = await resetLink();
    await ctx.db.kysely.updateTable('account_token').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    expect((await reset({ token, password: 'Quinto-giro-2026', passwordConfirmation: 'Quinto-giro-2026' })).json().error.code).toBe('accounts.reset.invalidLink');
  });

  it('a reset ends the sessions of the account and is audited', async () => {
    const id = await userIdOf(ctx, 'test-expert');
    await ctx.db.kysely.insertInto('oidc_payload').values({ model: 'Session', id: 'reset-s', payload: JSON.stringify({ accountId: id }), grant_id: null, user_code: null, uid: null, expires_at: null }).execute();
    const { token } = await resetLink();
    await reset({ token, password: 'Sesto-giro-2026!', passwordConfirmation: 'Sesto-giro-2026!' });
    const left = await ctx.db.kysely.selectFrom('oidc_payload').select('id').where(sql<string>`payload->>'accountId'`, '=', id).execute();
    expect(left).toEqual([]);
    const events = await ctx.db.kysely.selectFrom('audit_event').select(['action', 'actor']).where('entity_id', '=', id).execute();
    expect(events).toEqual(expect.arrayContaining([
      { action: 'accounts.password-reset-requested', actor: 'anonymous' }, { action: 'accounts.password-reset', actor: 'test-expert' },
    ]));
  });

  it('a disabled account gets no link', async () => {
    await ctx.db.kysely.updateTable('app_user').set({ disabled: true }).where('username', '=', 'test-tech').execute();
    expect((await forgot('test-tech@test.geria.example.org')).statusCode).toBe(202);
    expect(await lastMailTo(ctx, 'test-tech@test.geria.example.org')).toBeUndefined();
  });

  it('answers 400 for a malformed address', async () => {
    const res = await forgot('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].code).toBe('validation.email');
  });

  it('slows down repeated requests for one address without blocking others', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await forgot('flooded@example.org', '198.51.100.1')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 202)).toBe(true);
    expect(codes[10]).toBe(429);
    expect((await forgot('someone-else@example.org', '198.51.100.1')).statusCode).toBe(202);
  });

  it('slows down one client asking for many addresses, without blocking other clients', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await forgot(`victim-${i}@example.org`, '198.51.100.2')).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 202)).toBe(true);
    expect(codes[20]).toBe(429);
    expect((await forgot('victim-0@example.org', '198.51.100.3')).statusCode).toBe(202);
  });
});
