import { randomBytes } from 'node:crypto';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { accountRefusal, findUserById, userClaims } from './accounts.ts';
import { oidcAdapterFactory } from './oidc-adapter.ts';
import type { IssuerSecrets } from './secrets.ts';
import { findIntegrationClient, verifyClientSecret } from './integration-clients.ts';
import { introspectJwtAccessTokens } from './introspection.ts';
import { NO_TOKEN, readForm } from './token-form.ts';
import type { TokenVerifier } from './verify.ts';

const SPA_SCOPES = 'openid profile email offline_access';

/** The origins the web app runs on (PUBLIC_URL, and Vite's development server): the only ones its client may call the provider from. */
export const appOrigins = (config: Pick<Config, 'publicUrl'>) => [config.publicUrl, 'http://localhost:5173'];
const PROFILE_CLAIMS = ['preferred_username', 'given_name', 'family_name', 'name', 'locale', 'organisation', 'realm_access'];
/** The claims each OpenID scope releases, at the ID token and at userinfo (userinfo.ts). */
export const SCOPE_CLAIMS: Record<string, string[]> = { openid: ['sub'], profile: PROFILE_CLAIMS, email: ['email'] };
/**
 * What the web app's access tokens are granted: its OpenID scopes and the API. The API resource
 * holds them all, so a token (and its token response) states the scope the client asked for and
 * got, a refresh may ask for it again or for less, and userinfo can tell what it may release.
 */
const SPA_RESOURCE_SCOPES = `${SPA_SCOPES} api`;

/**
 * The embedded OpenID Connect issuer (mounted at /auth). It issues Keycloak-shaped JWT access tokens
 * for the API audience, refresh tokens for the SPA, and client-credentials tokens for integrations.
 * Sign-in happens on Geria's own login page (`/login?uid=…`), see interactions.ts.
 */
export function createProvider(config: Config, db: Db, secrets: IssuerSecrets, verify: TokenVerifier): Provider {
  const spaOrigins = appOrigins(config);
  // Resource indicators must be absolute URIs; the token's audience stays the configured API audience.
  const apiResource = `${config.publicUrl}/api`;
  const configuration: Configuration = {
    adapter: oidcAdapterFactory(db),
    clients: [
      {
        client_id: config.OIDC_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: spaOrigins.map((o) => `${o}/callback`),
        post_logout_redirect_uris: spaOrigins.map((o) => `${o}/login`),
      },
    ],
    findAccount: async (_ctx, id) => {
      const user = await findUserById(db, id);
      // A locked or disabled account loses its sessions: refresh and userinfo stop working at once.
      if (!user || accountRefusal(user)) return undefined;
      return { accountId: id, claims: async () => userClaims(user) };
    },
    // The web app's client from the app's own origins; integrations call server to server and need no CORS at all.
    clientBasedCORS: (_ctx, origin, client) => client.clientId === config.OIDC_CLIENT_ID && spaOrigins.includes(origin),
    claims: SCOPE_CLAIMS,
    conformIdTokenClaims: false,
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
      introspection: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // Logout needs no extra confirmation page: the SPA's Logout entry is the confirmation.
        logoutSource: async (ctx, form) => {
          // Ends the provider session too (logout=yes) without a second confirmation; the one inline script runs by nonce.
          const nonce = randomBytes(16).toString('base64');
          ctx.set('content-security-policy', `default-src 'self'; script-src 'nonce-${nonce}'; form-action 'self' ${config.publicUrl}; frame-ancestors 'none'`);
          ctx.type = 'html';
          ctx.body = `<!doctype html><html lang="en"><head><title>Geria</title></head><body>${form}<script nonce="${nonce}">const f = document.forms[0]; const yes = document.createElement('input'); yes.type = 'hidden'; yes.name = 'logout'; yes.value = 'yes'; f.appendChild(yes); f.submit();</script><noscript><button form="op.logoutForm" type="submit" name="logout" value="yes">Log out</button></noscript></body></html>`;
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => apiResource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, _resource, client) => ({
          scope: client.clientId === config.OIDC_CLIENT_ID ? SPA_RESOURCE_SCOPES : 'api',
          audience: config.OIDC_AUDIENCE,
          accessTokenFormat: 'jwt',
          accessTokenTTL: config.ACCESS_TOKEN_TTL_SECONDS,
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    // The SPA is first-party: its grant is created without a consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const client = ctx.oidc.client!;
      const session = ctx.oidc.session!;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId! });
      grant.addOIDCScope(SPA_SCOPES);
      grant.addOIDCClaims(PROFILE_CLAIMS);
      grant.addResourceScope(apiResource, SPA_RESOURCE_SCOPES);
      await grant.save();
      session.grantIdFor(client.clientId, grant.jti);
      return grant;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Logout ends the session's grant, refresh tokens included (offline_access would otherwise outlive it).
    expiresWithSession: async () => true,
    extraTokenClaims: async (_ctx, token) => {
      if ('accountId' in token && token.accountId) {
        const user = await findUserById(db, token.accountId as string);
        if (!user) return undefined;
        const { sub: _sub, ...claims } = userClaims(user);
        // The API refuses the token once its grant has ended (logout, revocation: grant-state.ts).
        return { ...claims, grant_id: token.grantId };
      }
      if (token.kind === 'ClientCredentials' && token.clientId) {
        const client = await findIntegrationClient(db, token.clientId);
        if (client) return { organisation: client.organisation, realm_access: { roles: [client.role] }, preferred_username: client.client_id };
      }
      return undefined;
    },
    // The provider scopes the interaction cookie to this path, so it must stay under /auth/interaction/:uid
    // (which redirects to the SPA's login page, whose calls go to the same path).
    interactions: { url: (_ctx, interaction) => `/auth/interaction/${interaction.uid}` },
    jwks: { keys: [secrets.signingKey as never] },
    cookies: { keys: secrets.cookieKeys, long: { signed: true }, short: { signed: true } },
    ttl: {
      AccessToken: config.ACCESS_TOKEN_TTL_SECONDS,
      ClientCredentials: config.ACCESS_TOKEN_TTL_SECONDS,
      IdToken: config.ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      Interaction: 3600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
      RefreshToken: 8 * 3600,
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      const text = String(out.error_description ?? out.error).replace(/[<>&"]/g, '');
      ctx.body = `<!doctype html><html lang="en"><head><title>Geria — sign-in error</title></head><body><main><h1>Sign-in error</h1><p>${text}</p><p><a href="/">Geria</a></p></main></body></html>`;
    },
  };
  const provider = new Provider(config.issuer, configuration);
  provider.proxy = true;
  // An integration client's `clientSecret` is the stored hashes it accepts (oidc-adapter.ts): the presented secret is checked against them.
  provider.Client.prototype.compareClientSecret = function compareClientSecret(this: { clientSecret?: string }, presented: string) {
    return (this.clientSecret ?? '').split(' ').some((hash) => verifyClientSecret(hash, presented));
  };
  acceptStandardTokenRequests(provider, verify);
  introspectJwtAccessTokens(provider, verify, db);
  return provider;
}

/**
 * Two answers of the token endpoints that standard clients expect and the provider does not give:
 * - A refresh may ask again for the scope first requested: `offline_access` is not kept in the
 *   granted scope (OpenID Connect Core §11 keeps it only with prompt=consent), yet the web app's
 *   client always gets a refresh token, so asking for it is asking for what the refresh token is.
 * - The revocation endpoint accepts the API's JWT access tokens too (RFC 7009), which the provider
 *   refuses as structured tokens: such a token is verified here and replaced by a value that
 *   matches nothing, the provider authenticates the client as for any token, and then, if the token
 *   was issued to that client, its grant ends, as the provider does for a revoked refresh token:
 *   the sign-in's refresh tokens and every access token it issued stop working at once.
 */
function acceptStandardTokenRequests(provider: Provider, verify: TokenVerifier) {
  provider.use(async (ctx, next) => {
    if (ctx.method !== 'POST' || !ctx.is('application/x-www-form-urlencoded')) return next();
    if (ctx.path === '/token') {
      const params = await readForm(ctx);
      const scope = params.get('scope');
      if (params.get('grant_type') === 'refresh_token' && scope) params.set('scope', scope.split(' ').filter((s) => s !== 'offline_access').join(' '));
      (ctx.request as { body?: unknown }).body = params.toString();
      return next();
    }
    if (ctx.path !== '/token/revocation') return next();
    const params = await readForm(ctx);
    const claims = await verify(params.get('token') ?? '').catch(() => undefined);
    const grantId = typeof claims?.grant_id === 'string' ? claims.grant_id : undefined;
    if (grantId) params.set('token', NO_TOKEN);
    (ctx.request as { body?: unknown }).body = params.toString();
    await next();
    // The client the provider authenticated (ctx.oidc is the provider's own context).
    const caller = (ctx as unknown as KoaContextWithOIDC).oidc?.client?.clientId;
    if (!grantId || ctx.status !== 200 || caller !== claims?.client_id) return;
    const grant = await provider.Grant.find(grantId);
    if (!grant || grant.clientId !== claims?.client_id) return;
    await provider.RefreshToken.revokeByGrantId(grantId);
    await grant.destroy();
  });
}
