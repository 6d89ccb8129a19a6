import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createTestContext, type TestContext } from '../test/context.ts';
import { browser, freePort } from '../test/http-client.ts';
import { TEST_PASSWORD } from '../test/fixtures.ts';

let ctx: TestContext;
let base: string;
beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ctx = await createTestContext({ PUBLIC_URL: base });
  await ctx.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => { await ctx?.close(); });

const verifier = randomBytes(32).toString('base64url');
const challenge = createHash('sha256').update(verifier).digest('base64url');

/** Walks the authorization-code + PKCE flow as the SPA would, up to the provider's interaction URL. */
async function startInteraction(tab: ReturnType<typeof browser>, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({
    client_id: 'geria-web', response_type: 'code', redirect_uri: `${base}/callback`,
    scope: 'openid profile email offline_access', code_challenge: challenge, code_challenge_method: 'S256', state: 'state-1', ...extra,
  });
  const auth = await tab(`${base}/auth/auth?${query}`);
  expect(auth.status).toBe(303);
  const interaction = new URL(auth.headers.get('location')!, base);
  expect(interaction.pathname).toMatch(/^\/auth\/interaction\/[\w-]+$/);
  return interaction;
}

/** Up to the login form, which the interaction URL answers itself (no further redirect). */
async function startSignIn(tab: ReturnType<typeof browser>) {
  const interaction = await startInteraction(tab);
  const page = await tab(interaction.href);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  const uid = interaction.pathname.split('/').at(-1)!;
  expect(await page.text()).toContain(`action="/auth/interaction/${uid}/login"`);
  return uid;
}

const postForm = (tab: ReturnType<typeof browser>, url: string, body: Record<string, string>) =>
  tab(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) });

const postJson = (tab: ReturnType<typeof browser>, url: string, body: unknown) =>
  tab(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function signIn(tab: ReturnType<typeof browser>, username: string) {
  const uid = await startSignIn(tab);
  const res = await postJson(tab, `${base}/auth/interaction/${uid}/login`, { username, password: TEST_PASSWORD });
  expect(res.status).toBe(200);
  const { redirectTo } = (await res.json()) as { redirectTo: string };
  const resumed = await tab(redirectTo);
  expect(resumed.status).toBe(303);
  const callback = new URL(resumed.headers.get('location')!, base);
  expect(callback.pathname).toBe('/callback');
  expect(callback.searchParams.get('state')).toBe('state-1');
  const token = await tab(`${base}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code: callback.searchParams.get('code')!, redirect_uri: `${base}/callback`, client_id: 'geria-web', code_verifier: verifier }),
  });
  expect(token.status).toBe(200);
  return (await token.json()) as { access_token: string; refresh_token: string; id_token: string; expires_in: number };
}

const refresh = (tab: ReturnType<typeof browser>, refreshToken: string, headers: Record<string, string> = {}) => tab(`${base}/auth/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'geria-web' }),
});

describe('sign-in through the embedded OpenID Connect provider', () => {
  it('publishes a discovery document for the issuer at /auth', async () => {
    const res = await fetch(`${base}/auth/.well-known/openid-configuration`);
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc.issuer).toBe(`${base}/auth`);
    expect(doc.code_challenge_methods_supported).toContain('S256');
  });

  it('issues Keycloak-shaped JWT access tokens that the API accepts', async () => {
    const tokens = await signIn(browser(), 'test-expert');
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({ iss: `${base}/auth`, aud: 'geria-api', organisation: 'MIL-GER', realm_access: { roles: ['ClinicalExpert'] }, given_name: 'Test', family_name: 'ClinicalExpert' });
    expect(decodeJwt(tokens.id_token)).toMatchObject({ preferred_username: 'test-expert' });
    const me = await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ username: 'test-expert', roles: ['ClinicalExpert'] });
  });

  it('renews the session with the refresh token', async () => {
    const tab = browser();
    const tokens = await signIn(tab, 'test-ccm');
    const renewed = await refresh(tab, tokens.refresh_token);
    expect(renewed.status).toBe(200);
    const body = (await renewed.json()) as { access_token: string; refresh_token: string };
    expect(decodeJwt(body.access_token)).toMatchObject({ aud: 'geria-api', realm_access: { roles: ['CCM'] } });
    expect(body.refresh_token).toBeTruthy();
  });

  it('stops renewing the session of an account that was disabled', async () => {
    const tab = browser();
    const tokens = await signIn(tab, 'test-tech');
    await ctx.db.kysely.updateTable('app_user').set({ disabled: true }).where('username', '=', 'test-tech').execute();
    try {
      const renewed = await refresh(tab, tokens.refresh_token);
      expect(renewed.status).toBe(400);
      expect(await renewed.json()).toMatchObject({ error: 'invalid_grant' });
    } finally {
      await ctx.db.kysely.updateTable('app_user').set({ disabled: false }).where('username', '=', 'test-tech').execute();
    }
  });

  it('refuses a wrong password with the same answer as an unknown username', async () => {
    const tab = browser();
    const uid = await startSignIn(tab);
    const wrong = await postJson(tab, `${base}/auth/interaction/${uid}/login`, { username: 'test-ccm', password: 'nope' });
    const unknown = await postJson(tab, `${base}/auth/interaction/${uid}/login`, { username: 'nobody-here', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('auth.invalidCredentials');
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('auth.invalidCredentials');
  });

  it('tells a locked account why it cannot sign in, once the password is right', async () => {
    await ctx.db.kysely.updateTable('app_user').set({ locked: true }).where('username', '=', 'test-auditor').execute();
    try {
      const tab = browser();
      const uid = await startSignIn(tab);
      const res = await postJson(tab, `${base}/auth/interaction/${uid}/login`, { username: 'test-auditor', password: TEST_PASSWORD });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('auth.accountLocked');
    } finally {
      await ctx.db.kysely.updateTable('app_user').set({ locked: false }).where('username', '=', 'test-auditor').execute();
    }
  });

  it('slows down repeated wrong passwords', async () => {
    const tab = browser();
    const uid = await startSignIn(tab);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await postJson(tab, `${base}/auth/interaction/${uid}/login`, { username: 'test-sysadmin', password: `wrong-${i}` })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('ignores X-Forwarded-For without a trusted proxy: new headers do not escape the limit, the audit keeps the real address and the organisation', async () => {
    const tab = browser();
    const uid = await startSignIn(tab);
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      statuses.push((await tab(`${base}/auth/interaction/${uid}/login`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` },
        body: JSON.stringify({ username: 'test-tech', password: `wrong-${i}` }),
      })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    const refused = await ctx.db.kysely.selectFrom('audit_event').selectAll().where('action', '=', 'auth.login-refused').where('actor', '=', 'test-tech').execute();
    expect(refused.length).toBeGreaterThan(0);
    for (const row of refused) {
      expect(row.actor_organisation).toBe('MIL-GER');
      expect((row.details as { ip: string }).ip).toBe('127.0.0.1');
    }
  });

  it('builds absolute URLs from PUBLIC_URL only, never from Host or X-Forwarded-Host', async () => {
    const discovery = await fetch(`${base}/auth/.well-known/openid-configuration`, { headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } });
    const text = await discovery.text();
    expect(text).not.toContain('evil.example');
    expect(JSON.parse(text).authorization_endpoint).toBe(`${base}/auth/auth`);
    const token = await ctx.tokenFor('test-expert');
    const created = await fetch(`${base}/fhir/Questionnaire`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/fhir+json', 'x-forwarded-host': 'evil.example' },
      body: JSON.stringify({ resourceType: 'Questionnaire', status: 'draft' }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toMatch(new RegExp(`^${base}/fhir/Questionnaire/`));
  });

  it("renders the sign-in page in the language asked for: the page's link, then ui_locales, then Accept-Language", async () => {
    const tab = browser();
    const interaction = await startInteraction(tab, { ui_locales: 'el' });
    const greek = await (await tab(interaction.href, { headers: { 'accept-language': 'fr' } })).text();
    expect(greek).toContain('<html lang="el">');
    expect(greek).toContain('Όνομα χρήστη');
    expect(greek).toContain('Ξεχάσατε τον κωδικό πρόσβασης;');
    const romanian = await (await tab(`${interaction.href}?lang=ro`, { headers: { 'accept-language': 'fr' } })).text();
    expect(romanian).toContain('<html lang="ro">');
    const other = await startInteraction(tab);
    const french = await tab(other.href, { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect(french.headers.get('cache-control')).toBe('no-store');
    expect(await french.text()).toContain('<html lang="fr">');
  });

  it('signs in through the plain form too: refusals show the page again with the message, success goes on to the client', async () => {
    const tab = browser();
    const uid = await startSignIn(tab);
    const wrong = await postForm(tab, `${base}/auth/interaction/${uid}/login`, { username: 'test-expert', password: 'nope', lang: 'it' });
    expect(wrong.status).toBe(401);
    const page = await wrong.text();
    expect(page).toContain('<html lang="it">');
    expect(page).toContain('role="alert"');
    expect(page).toContain('value="test-expert"');
    const ok = await postForm(tab, `${base}/auth/interaction/${uid}/login`, { username: 'test-expert', password: TEST_PASSWORD, lang: 'it' });
    expect(ok.status).toBe(303);
    const resumed = await tab(new URL(ok.headers.get('location')!, base).href);
    expect(resumed.status).toBe(303);
    expect(new URL(resumed.headers.get('location')!, base).pathname).toBe('/callback');
  });

  it('sends an expired or foreign sign-in page to the app, which starts a fresh sign-in', async () => {
    const page = await fetch(`${base}/auth/interaction/unknown-uid`, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/login');
    const post = await postForm(browser(), `${base}/auth/interaction/unknown-uid/login`, { username: 'test-expert', password: 'x' });
    expect(post.status).toBe(303);
    expect(post.headers.get('location')).toBe('/login');
  });

  it('answers 404 for an expired or unknown sign-in interaction', async () => {
    const res = await fetch(`${base}/auth/interaction/unknown-uid/details`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('auth.interactionExpired');
  });
});

describe('the provider\'s answers', () => {
  it('carry the security headers the rest of the app sends', async () => {
    const answers = {
      discovery: await fetch(`${base}/auth/.well-known/openid-configuration`),
      jwks: await fetch(`${base}/auth/jwks`),
      token: await fetch(`${base}/auth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=nothing' }),
      unknown: await fetch(`${base}/auth/nothing-here`),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(res.headers.get('content-security-policy'), name).toContain("frame-ancestors 'none'");
      expect(res.headers.get('strict-transport-security'), name).toMatch(/max-age=/);
      expect(res.headers.get('referrer-policy'), name).toBe('no-referrer');
    }
  });

  it('grant the token endpoint to the app\'s own origin only: a foreign origin gets no CORS permission, before or with the request', async () => {
    const tab = browser();
    const tokens = await signIn(tab, 'test-ccm');
    const preflight = (origin: string) => fetch(`${base}/auth/token`, {
      method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    const foreign = await refresh(tab, tokens.refresh_token, { origin: 'https://evil.example' });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(foreign.status).toBe(400);

    expect((await preflight(base)).headers.get('access-control-allow-origin')).toBe(base);
    const own = await refresh(tab, tokens.refresh_token, { origin: base });
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBe(base);
  });
});
