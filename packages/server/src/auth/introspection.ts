import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/connection.ts';
import { accountRefusal, findUserById } from './accounts.ts';
import { activeIntegrationClient } from './integration-clients.ts';
import { NO_TOKEN, readForm } from './token-form.ts';
import type { TokenVerifier } from './verify.ts';

type Claims = Awaited<ReturnType<TokenVerifier>> & { exp?: number; iat?: number; iss?: string };

/**
 * Token introspection (RFC 7662) of the API's JWT access tokens, which the provider's own endpoint
 * reports inactive as structured tokens it does not store. The provider authenticates the caller
 * (an integration client's secret, or the web app's public client) and answers as for any token;
 * a JWT that verifies is then reported active when all of these hold:
 * - the caller may know of it: the token was issued to the caller, or the caller is an enabled
 *   integration client of the token's organisation (a resource server of that organisation);
 * - it still stands as the API would take it: a user's sign-in (its grant) has not ended by logout
 *   or revocation and the account may still sign in; a client's token needs its client enabled.
 * Anything else is `{ active: false }`, never why (RFC 7662 §2.2).
 */
export function introspectJwtAccessTokens(provider: Provider, verify: TokenVerifier, db: Db) {
  provider.use(async (ctx, next) => {
    if (ctx.method !== 'POST' || ctx.path !== '/token/introspection' || !ctx.is('application/x-www-form-urlencoded')) return next();
    const params = await readForm(ctx);
    const claims = await verify(params.get('token') ?? '').catch(() => undefined) as Claims | undefined;
    // The provider sees a value that matches nothing, so it answers inactive unless the checks below say otherwise.
    if (claims) params.set('token', NO_TOKEN);
    (ctx.request as { body?: unknown }).body = params.toString();
    await next();
    const caller = (ctx as unknown as KoaContextWithOIDC).oidc?.client?.clientId;
    if (!claims || ctx.status !== 200 || !caller) return;
    if (!(await mayKnow(db, caller, claims)) || !(await stands(provider, db, claims))) return;
    ctx.body = {
      active: true, token_type: 'Bearer', sub: claims.sub, client_id: claims.client_id, username: claims.preferred_username,
      scope: typeof claims.scope === 'string' ? claims.scope : undefined, exp: claims.exp, iat: claims.iat, iss: claims.iss, aud: claims.aud,
    };
  });
}

async function mayKnow(db: Db, caller: string, claims: Claims): Promise<boolean> {
  if (caller === claims.client_id) return true;
  const client = await activeIntegrationClient(db, caller);
  return client !== undefined && client.organisation === claims.organisation;
}

async function stands(provider: Provider, db: Db, claims: Claims): Promise<boolean> {
  if (typeof claims.grant_id === 'string') {
    const [grant, user] = await Promise.all([provider.Grant.find(claims.grant_id), findUserById(db, claims.sub)]);
    return grant !== undefined && user !== undefined && !accountRefusal(user);
  }
  return claims.client_id !== undefined && (await activeIntegrationClient(db, claims.client_id)) !== undefined;
}
