import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAnyRole, sessionUserFromClaims, type Role, type SessionUser } from '@geria/domain';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { TokenVerifier } from './verify.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user?: SessionUser;
  }
}

/** Reads and verifies the bearer token of every /api and /fhir request that carries one. */
export function registerAuthentication(app: FastifyInstance, verify: TokenVerifier) {
  app.decorateRequest('user', undefined);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized();
    try {
      request.user = sessionUserFromClaims(await verify(token));
    } catch {
      throw unauthorized();
    }
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
