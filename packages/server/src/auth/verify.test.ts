import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, importJWK, SignJWT } from 'jose';
import { createTestContext, type TestContext } from '../test/context.ts';
import { userIdOf } from '../accounts/testing.ts';
import { cacheVerified, type TokenVerifier } from './verify.ts';

let ctx: TestContext;
let subject: string;
beforeAll(async () => {
  ctx = await createTestContext();
  subject = await userIdOf(ctx, 'test-ccm');
});
afterAll(async () => { await ctx?.close(); });

const claims = { organisation: 'MIL-GER', realm_access: { roles: ['CCM'] }, given_name: 'Eve', family_name: 'Mallory' };

async function sign(options: { issuer?: string; audience?: string; expiresIn?: number; key?: 'own' | 'foreign'; sub?: string }) {
  const key = options.key === 'foreign'
    ? (await generateKeyPair('RS256')).privateKey
    : await importJWK(ctx.secrets.signingKey, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: ctx.secrets.signingKey.kid })
    .setIssuer(options.issuer ?? ctx.config.issuer)
    .setAudience(options.audience ?? ctx.config.OIDC_AUDIENCE)
    .setSubject(options.sub ?? subject)
    .setIssuedAt(now - 120)
    .setExpirationTime(now + (options.expiresIn ?? 300))
    .sign(key);
}

const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });

describe('bearer token verification', () => {
  it('accepts a token of the issuer for the API audience', async () => {
    expect((await me(await sign({}))).statusCode).toBe(200);
  });

  it.each([
    ['an expired token', { expiresIn: -60 }],
    ['a token of another issuer', { issuer: 'https://evil.example.org/realms/geria' }],
    ['a token for another audience', { audience: 'account' }],
    ['a token signed with another key', { key: 'foreign' as const }],
    ['a token of the issuer whose subject has no account', { sub: '00000000-0000-4000-8000-000000000000' }],
  ])('rejects %s with 401', async (_name, options) => {
    const res = await me(await sign(options));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('errors.unauthorized');
  });

  it('rejects a malformed authorization header', async () => {
    for (const authorization of ['Bearer', 'Basic abc', 'Bearer not.a.jwt']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('exports no private key material in the published keys', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    expect((await exportJWK(privateKey)).d).toBeDefined();
    const res = await ctx.app.inject({ method: 'GET', url: '/auth/jwks' });
    expect(res.statusCode).toBe(200);
    for (const key of res.json().keys) expect(key.d).toBeUndefined();
  });
});

describe('verified tokens kept until they expire', () => {
  const EXP = 1_800_000_000;
  function counting(result: (token: string) => Record<string, unknown>) {
    const calls: string[] = [];
    const verify = async (token: string) => {
      calls.push(token);
      return { sub: 'u1', ...result(token) } as Awaited<ReturnType<TokenVerifier>>;
    };
    return { calls, verify };
  }

  it('checks a token once and answers its claims again until its expiry, then checks it again', async () => {
    let now = (EXP - 60) * 1000;
    const { calls, verify } = counting(() => ({ exp: EXP }));
    const cached = cacheVerified(verify, () => now);
    const first = await cached('token-a');
    expect(await cached('token-a')).toBe(first);
    expect(calls).toEqual(['token-a']);
    await cached('token-b');
    expect(calls).toEqual(['token-a', 'token-b']);
    now = EXP * 1000;
    await cached('token-a');
    expect(calls).toEqual(['token-a', 'token-b', 'token-a']);
  });

  it('keeps neither a refused token nor one without expiry', async () => {
    const refusing = cacheVerified(async () => { throw new Error('bad signature'); }, () => 0);
    await expect(refusing('forged')).rejects.toThrow('bad signature');
    await expect(refusing('forged')).rejects.toThrow('bad signature');
    const { calls, verify } = counting(() => ({}));
    const cached = cacheVerified(verify, () => 0);
    await cached('no-exp');
    await cached('no-exp');
    expect(calls).toEqual(['no-exp', 'no-exp']);
  });

  it('still refuses an expired token through the API after it was accepted', async () => {
    const token = await sign({ expiresIn: 2 });
    expect((await me(token)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await me(token)).statusCode).toBe(401);
  });
});
