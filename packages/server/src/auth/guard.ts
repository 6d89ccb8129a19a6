import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAnyRole, sessionUserFromClaims, type Role, type SessionUser } from '@geria/domain';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { TokenVerifier } from './verify.ts';
import type { AccountCheck } from './account-state.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user?: SessionUser;
    /** The registered integration client whose own token (client credentials) the request carries. */
    integrationClient?: string;
    /** When the request's access token expires (epoch milliseconds), if it says. */
    tokenExpiresAt?: number;
  }
}

/**
 * Reads and verifies the bearer token of every /api and /fhir request that carries one. With the
 * embedded issuer, a user's token also needs an account that is still active (`isActive`): a
 * locked, disabled or deleted account is refused at once, not when its token expires.
 */
export function registerAuthentication(app: FastifyInstance, verify: TokenVerifier, isActive?: AccountCheck) {
  app.decorateRequest('user', undefined);
  app.decorateRequest('integrationClient', undefined);
  app.decorateRequest('tokenExpiresAt', undefined);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    // The token endpoint (/auth/token) takes an integration's client id and secret as Basic auth.
    if (!header || !PROTECTED.test(request.url)) return;
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized();
    let claims: Awaited<ReturnType<TokenVerifier>>;
    try {
      claims = await verify(token);
    } catch {
      throw unauthorized();
    }
    // An integration client's token (client credentials) has the client as its subject, and no account.
    const client = claims.client_id !== undefined && claims.sub === claims.client_id ? claims.client_id : undefined;
    if (isActive && !client && !(await isActive(claims.sub))) throw unauthorized();
    request.user = sessionUserFromClaims(claims);
    request.integrationClient = client;
    const { exp } = claims as { exp?: unknown };
    request.tokenExpiresAt = typeof exp === 'number' ? exp * 1000 : undefined;
  });
  registerAnonymousRefusal(app);
}

// The API documentation is public.
const PROTECTED = /^\/(api(?!\/docs)|fhir|scim2)(\/|\?|$)/;

/**
 * A protected route answers 401 to a caller without a token before its body is validated, so an
 * anonymous caller learns nothing of the route's schema. Public routes say so with
 * `schema.security: []` (as OpenAPI reads it).
 */
function registerAnonymousRefusal(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.user || !PROTECTED.test(request.url)) return;
    const security = (request.routeOptions.schema as { security?: unknown[] } | undefined)?.security;
    if (Array.isArray(security) && security.length === 0) return;
    throw unauthorized();
  });
}

/** The signed-in user, or 401. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The signed-in user when they hold one of `roles` (the route table's lists), else 401/403. */
export function requireRole(request: FastifyRequest, roles: readonly Role[] | 'any'): SessionUser {
  const user = requireUser(request);
  if (!hasAnyRole(user.roles, roles)) throw forbidden();
  return user;
}
