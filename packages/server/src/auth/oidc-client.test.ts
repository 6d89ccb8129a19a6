import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import * as oidc from 'openid-client';
import { createTestContext, type TestContext } from '../test/context.ts';
import { browser, freePort } from '../test/http-client.ts';
import { TEST_PASSWORD } from '../test/fixtures.ts';
import { registerIntegrationClient } from './integration-clients.ts';

// The embedded issuer as a widely used client library (openid-client) sees it, not as our own web app does.
let ctx: TestContext;
let base: string;
let issuer: oidc.Configuration;
beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ctx = await createTestContext({ PUBLIC_URL: base });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  issuer = await oidc.discovery(new URL(`${base}/auth`), 'geria-web', undefined, oidc.None(), { execute: [oidc.allowInsecureRequests] });
});
afterAll(async () => { await ctx?.close(); });

const SCOPE = 'openid profile email offline_access';
const ACCESS_SCOPE = 'openid profile email';

/** The authorization-code flow with PKCE: the client builds the URL and redeems the code, a browser tab signs in between. */
async function signIn(username: string) {
  const tab = browser();
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(issuer, {
    redirect_uri: `${base}/callback`, scope: SCOPE, state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
  });
  const interaction = new URL((await tab(url.href)).headers.get('location')!, base);
  const login = await tab(`${interaction.href}/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: TEST_PASSWORD }),
  });
  const { redirectTo } = (await login.json()) as { redirectTo: string };
  const callback = new URL((await tab(redirectTo)).headers.get('location')!, base);
  const tokens = await oidc.authorizationCodeGrant(issuer, callback, { pkceCodeVerifier: verifier, expectedState: state });
  return { tab, tokens };
}

const api = (accessToken: string) => fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${accessToken}` } });

async function refused(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as { error?: string }).error ?? String(error);
  }
}

describe('an OpenID Connect client library', () => {
  it('reads userinfo with the access token it was given, and only the claims of its scopes', async () => {
    const { tokens } = await signIn('test-expert');
    const sub = tokens.claims()!.sub;
    expect(await oidc.fetchUserInfo(issuer, tokens.access_token, sub)).toMatchObject({
      sub, preferred_username: 'test-expert', given_name: 'Test', organisation: 'MIL-GER', realm_access: { roles: ['ClinicalExpert'] },
    });
    const narrower = await oidc.refreshTokenGrant(issuer, tokens.refresh_token!, { scope: 'openid' });
    expect(await oidc.fetchUserInfo(issuer, narrower.access_token, sub)).toEqual({ sub });
    // A token that was not granted openid (the administrator's command-line token) is not for userinfo.
    const info = await fetch(`${base}/auth/me`, { headers: { authorization: `Bearer ${await ctx.tokenFor('test-expert')}` } });
    expect(info.status).toBe(403);
    expect(info.headers.get('www-authenticate')).toContain('insufficient_scope');
  });

  it('is told the granted scope, refreshes with it or with less, and is refused more', async () => {
    const { tokens } = await signIn('test-ccm');
    // The access token's scope: offline_access is what the refresh token is for.
    expect(tokens.scope).toBe(ACCESS_SCOPE);
    const same = await oidc.refreshTokenGrant(issuer, tokens.refresh_token!, { scope: SCOPE });
    expect(same.scope).toBe(ACCESS_SCOPE);
    expect((await api(same.access_token)).status).toBe(200);
    const less = await oidc.refreshTokenGrant(issuer, same.refresh_token!, { scope: 'openid profile' });
    expect(less.scope).toBe('openid profile');
    expect(decodeJwt(less.access_token)).toMatchObject({ aud: 'geria-api', scope: 'openid profile' });
    const plain = await oidc.refreshTokenGrant(issuer, less.refresh_token!);
    expect(plain.scope).toBe(ACCESS_SCOPE);
    expect(await refused(oidc.refreshTokenGrant(issuer, plain.refresh_token!, { scope: `${SCOPE} phone` }))).toBe('invalid_scope');
  });

  it('logs out: the access token and the refresh token of that session stop working at once', async () => {
    const { tab, tokens } = await signIn('test-tech');
    expect((await api(tokens.access_token)).status).toBe(200);
    const end = oidc.buildEndSessionUrl(issuer, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: `${base}/login` });
    const page = await (await tab(end.href)).text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)![1]!;
    const confirmed = await tab(new URL(action, base).href, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect(confirmed.status).toBe(303);
    expect((await api(tokens.access_token)).status).toBe(401);
    expect(await refused(oidc.fetchUserInfo(issuer, tokens.access_token, oidc.skipSubjectCheck))).toBeDefined();
    expect(await refused(oidc.refreshTokenGrant(issuer, tokens.refresh_token!))).toBe('invalid_grant');
  });

  it('revokes an access token: it and the rest of its sign-in stop working at once', async () => {
    const { tokens } = await signIn('test-auditor');
    const other = await signIn('test-auditor');
    expect((await api(tokens.access_token)).status).toBe(200);
    await oidc.tokenRevocation(issuer, tokens.access_token, { token_type_hint: 'access_token' });
    expect((await api(tokens.access_token)).status).toBe(401);
    expect(await refused(oidc.refreshTokenGrant(issuer, tokens.refresh_token!))).toBe('invalid_grant');
    // Another sign-in of the same account goes on.
    expect((await api(other.tokens.access_token)).status).toBe(200);
  });

  it('lets no other client end a sign-in by revoking its token, and gives a client token no userinfo', async () => {
    const { tokens } = await signIn('test-expert');
    const { clientSecret } = await registerIntegrationClient(ctx.db, { clientId: 'hub-revoker', role: 'CCM', organisation: 'MIL-GER' });
    const hub = await oidc.discovery(new URL(`${base}/auth`), 'hub-revoker', undefined, oidc.ClientSecretBasic(clientSecret), { execute: [oidc.allowInsecureRequests] });
    await refused(oidc.tokenRevocation(hub, tokens.access_token));
    expect((await api(tokens.access_token)).status).toBe(200);
    const own = await oidc.clientCredentialsGrant(hub);
    const info = await fetch(`${base}/auth/me`, { headers: { authorization: `Bearer ${own.access_token}` } });
    expect(info.status).toBe(401);
  });

  it('introspects (RFC 7662) as an integration client of the token\'s organisation: active while the sign-in stands, inactive after', async () => {
    const discovery = (await (await fetch(`${base}/auth/.well-known/openid-configuration`)).json()) as { introspection_endpoint?: string };
    expect(discovery.introspection_endpoint).toBe(`${base}/auth/token/introspection`);
    const smart = (await (await fetch(`${base}/fhir/.well-known/smart-configuration`)).json()) as { introspection_endpoint?: string };
    expect(smart.introspection_endpoint).toBe(discovery.introspection_endpoint);
    const { tokens } = await signIn('test-ccm');
    const client = async (clientId: string, organisation: string) => {
      const { clientSecret } = await registerIntegrationClient(ctx.db, { clientId, role: 'Tech', organisation });
      return oidc.discovery(new URL(`${base}/auth`), clientId, undefined, oidc.ClientSecretBasic(clientSecret), { execute: [oidc.allowInsecureRequests] });
    };
    const hub = await client('hub-introspector', 'MIL-GER');
    const sub = tokens.claims()!.sub;
    expect(await oidc.tokenIntrospection(hub, tokens.access_token)).toMatchObject({
      active: true, sub, username: 'test-ccm', client_id: 'geria-web', scope: ACCESS_SCOPE, aud: 'geria-api', token_type: 'Bearer',
    });
    // Another organisation's client learns nothing of it.
    expect(await oidc.tokenIntrospection(await client('hub-elsewhere', 'ATH-GCC'), tokens.access_token)).toEqual({ active: false });
    // A client's own token is active for it; a string that is no token is not.
    const own = await oidc.clientCredentialsGrant(hub);
    expect(await oidc.tokenIntrospection(hub, own.access_token)).toMatchObject({ active: true, client_id: 'hub-introspector' });
    expect(await oidc.tokenIntrospection(hub, 'not-a-token')).toEqual({ active: false });
    await oidc.tokenRevocation(issuer, tokens.access_token, { token_type_hint: 'access_token' });
    expect(await oidc.tokenIntrospection(hub, tokens.access_token)).toEqual({ active: false });
  });

  it('revokes a refresh token: the access tokens of its sign-in stop working too', async () => {
    const { tokens } = await signIn('test-sysadmin');
    expect((await api(tokens.access_token)).status).toBe(200);
    await oidc.tokenRevocation(issuer, tokens.refresh_token!, { token_type_hint: 'refresh_token' });
    expect((await api(tokens.access_token)).status).toBe(401);
  });

  it('is refused at once by every server process when another one ends the sign-in', async () => {
    const { tokens } = await signIn('test-ccm');
    expect((await api(tokens.access_token)).status).toBe(200);
    const grantId = decodeJwt(tokens.access_token).grant_id as string;
    // What another process's logout leaves here: the grant gone, and its notice; nothing in this process is called.
    await ctx.db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom('oidc_payload').where('model', '=', 'Grant').where('id', '=', grantId).execute();
      await sql`select pg_notify('grant_ended', ${grantId})`.execute(trx);
    });
    let status = 200;
    for (let i = 0; i < 60 && status === 200; i++) {
      status = (await api(tokens.access_token)).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(401);
  });
});
