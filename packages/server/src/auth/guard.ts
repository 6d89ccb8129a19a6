import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAnyRole, sessionUserFromClaims, type IntegrationPermission, type Role, type SubjectIdKind, type SessionUser, type TokenClaims } from '@geria/domain';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { TokenVerifier } from './verify.ts';
import type { AccountCheck } from './account-state.ts';
import type { GrantCheck } from './grant-state.ts';
import type { IntegrationClientRow } from './integration-clients.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user?: SessionUser;
    /** The registered integration client whose own credential (token or API key) the request carries. */
    integrationClient?: { id: string; permissions: readonly IntegrationPermission[]; subjectIds: SubjectIdKind };
    /** When the request's access token expires (epoch milliseconds), if it says. */
    tokenExpiresAt?: number;
  }
}

/**
 * How the guard knows integration clients (auth/integration-clients.ts), from the database at each
 * request: a disabled or deleted client is refused at once, not when its token expires.
 */
export interface IntegrationClientCheck {
  /** The enabled client behind a client-credentials token of the embedded issuer. */
  active(clientId: string): Promise<IntegrationClientRow | undefined>;
  /** The enabled API-key client whose key this is. */
  byApiKey(key: string): Promise<IntegrationClientRow | undefined>;
  claims(client: IntegrationClientRow): TokenClaims;
  permissions(client: IntegrationClientRow): IntegrationPermission[];
  /** Counts the client's accepted request (its usage per day and last use). */
  count(clientId: string): Promise<void>;
}

/**
 * Reads and verifies the credential of every /api and /fhir request that carries one: a bearer
 * token, or an integration client's `apikey` header (never both). With the embedded issuer, a
 * user's token also needs an account that is still active (`isActive`): a locked, disabled or
 * deleted account is refused at once, not when its token expires, and so is a token whose sign-in
 * ended (logout, revocation: `grantStands`); a client's token likewise needs its client enabled.
 */
export function registerAuthentication(app: FastifyInstance, verify: TokenVerifier, checks: { isActive?: AccountCheck; grantStands?: GrantCheck; clients: IntegrationClientCheck }) {
  const { isActive, grantStands, clients } = checks;
  app.decorateRequest('user', undefined);
  app.decorateRequest('integrationClient', undefined);
  app.decorateRequest('tokenExpiresAt', undefined);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const apiKey = request.headers.apikey;
    // The token endpoint (/auth/token) takes an integration's client id and secret as Basic auth.
    if ((!header && apiKey === undefined) || !PROTECTED.test(request.url)) return;
    if (apiKey !== undefined) {
      if (header || typeof apiKey !== 'string') throw unauthorized();
      const client = await clients.byApiKey(apiKey);
      if (!client) throw unauthorized();
      await accept(request, clients, client);
      return;
    }
    const [scheme, token] = header!.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized();
    let claims: Awaited<ReturnType<TokenVerifier>>;
    try {
      claims = await verify(token);
    } catch {
      throw unauthorized();
    }
    const { exp } = claims as { exp?: unknown };
    request.tokenExpiresAt = typeof exp === 'number' ? exp * 1000 : undefined;
    // An integration client's token (client credentials) has the client as its subject, and no account.
    const clientId = claims.client_id !== undefined && claims.sub === claims.client_id ? claims.client_id : undefined;
    if (clientId !== undefined && isActive) {
      // The embedded issuer's clients (isActive is given with it only) are ours: their state is the database's, now.
      const client = await clients.active(clientId);
      if (!client || client.kind !== 'oauth') throw unauthorized();
      await accept(request, clients, client);
      return;
    }
    if (isActive && !(await isActive(claims.sub))) throw unauthorized();
    if (grantStands && !(await userTokenStands(claims, grantStands))) throw unauthorized();
    request.user = sessionUserFromClaims(claims);
    // An external issuer's client holds no permission: those are given to the clients registered here.
    request.integrationClient = clientId === undefined ? undefined : { id: clientId, permissions: [], subjectIds: 'geria' };
  });
  registerAnonymousRefusal(app);
}

/**
 * Whether a user's token of the embedded issuer still stands: one the provider issued names its
 * grant, which logout and revocation end; one minted without the provider (mint.ts) has none.
 */
export async function userTokenStands(claims: { grant_id?: unknown }, grantStands: GrantCheck): Promise<boolean> {
  return claims.grant_id === undefined || (typeof claims.grant_id === 'string' && await grantStands(claims.grant_id));
}

/** The client acts as registered now (role, organisation, permissions), whatever its token says. */
async function accept(request: FastifyRequest, clients: IntegrationClientCheck, client: IntegrationClientRow) {
  request.user = sessionUserFromClaims(clients.claims(client));
  request.integrationClient = { id: client.client_id, permissions: clients.permissions(client), subjectIds: client.subject_ids };
  await clients.count(client.client_id);
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
