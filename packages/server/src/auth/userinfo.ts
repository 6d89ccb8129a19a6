import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/connection.ts';
import { findUserById, userClaims } from './accounts.ts';
import type { AccountCheck } from './account-state.ts';
import type { GrantCheck } from './grant-state.ts';
import { userTokenStands } from './guard.ts';
import { SCOPE_CLAIMS } from './provider.ts';
import type { TokenVerifier } from './verify.ts';

/**
 * The issuer's userinfo endpoint (/auth/me, as discovery advertises it), answered here rather than
 * by the provider, which takes only access tokens without an audience while the only ones it issues
 * are for the API (audience OIDC_AUDIENCE). It accepts those under the API's own rules (signature,
 * issuer, audience, expiry, account active, grant standing) and releases the claims of the scopes the
 * token was granted, read from the account now (OpenID Connect Core §5.3).
 */
export function registerUserinfo(app: FastifyInstance, db: Db, verify: TokenVerifier, checks: { isActive: AccountCheck; grantStands: GrantCheck }) {
  // RFC 6750 §3: the error is in the body and in WWW-Authenticate.
  const refuse = (reply: FastifyReply, status: 401 | 403, error: 'invalid_token' | 'insufficient_scope', description: string) =>
    reply.status(status).header('www-authenticate', `Bearer error="${error}", error_description="${description}"`)
      .header('cache-control', 'no-store').send({ error, error_description: description });

  app.route({
    method: ['GET', 'POST'],
    url: '/auth/me',
    schema: { hide: true },
    handler: async (request, reply) => {
      const [scheme, token] = (request.headers.authorization ?? '').split(' ');
      if (scheme?.toLowerCase() !== 'bearer' || !token) return refuse(reply, 401, 'invalid_token', 'no access token provided');
      const claims = await verify(token).catch(() => undefined);
      // A client's own token (client credentials) has no user to describe.
      if (!claims || claims.sub === claims.client_id) return refuse(reply, 401, 'invalid_token', 'invalid token provided');
      if (!(await checks.isActive(claims.sub)) || !(await userTokenStands(claims, checks.grantStands))) return refuse(reply, 401, 'invalid_token', 'invalid token provided');
      const scopes = new Set(typeof claims.scope === 'string' ? claims.scope.split(' ') : []);
      if (!scopes.has('openid')) return refuse(reply, 403, 'insufficient_scope', 'access token missing openid scope');
      const user = await findUserById(db, claims.sub);
      if (!user) return refuse(reply, 401, 'invalid_token', 'invalid token provided');
      const all: Record<string, unknown> = userClaims(user);
      const released = [...scopes].flatMap((scope) => SCOPE_CLAIMS[scope] ?? []);
      return reply.header('cache-control', 'no-store').send(Object.fromEntries(released.map((name) => [name, all[name]])));
    },
  });
}
