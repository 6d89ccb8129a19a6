import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { isIntegrationPermission, organisationByAbbr, toRole, type IntegrationPermission, type Organisation } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { forbidden } from '../http/errors.ts';
import { requireUser } from './guard.ts';

/**
 * Integrations (an institution's system, a device hub) use the OAuth 2.0 client-credentials grant
 * with a registered client that acts with one study role inside one organisation. This module is
 * the one place that makes client secrets and checks them.
 */
export const findIntegrationClient = (db: Db, clientId: string) =>
  db.kysely.selectFrom('oidc_client').selectAll().where('client_id', '=', clientId).executeTakeFirst();

/**
 * A secret is kept as `sha256$<salt>$<sha256(salt + secret)>`, never as given (migration 030
 * hashes older rows the same way). A salted SHA-256 and not argon2: the secrets are 256 random bits
 * made here, not passwords a person chose, so no guessing can find one from its digest however
 * fast the hash; a slow hash would only make each token request cost tens of milliseconds of CPU
 * and memory, which anyone knowing a client id could spend.
 */
const SCHEME = 'sha256';

const digest = (salt: string, secret: string) => createHash('sha256').update(salt + secret, 'utf8').digest('hex');

export function hashClientSecret(secret: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${SCHEME}$${salt}$${digest(salt, secret)}`;
}

/** Whether `presented` is the secret behind `stored`, compared in constant time. */
export function verifyClientSecret(stored: string, presented: string): boolean {
  const [scheme, salt, expected] = stored.split('$');
  if (scheme !== SCHEME || !salt || !expected) return false;
  const actual = Buffer.from(digest(salt, presented), 'hex');
  const wanted = Buffer.from(expected, 'hex');
  return actual.length === wanted.length && timingSafeEqual(actual, wanted);
}

/** Registers a client; the secret is answered this once and kept only as its hash. */
export async function registerIntegrationClient(db: Db, input: {
  clientId: string; role: string; organisation: string; description?: string; permissions?: readonly IntegrationPermission[];
}) {
  const role = toRole(input.role);
  const organisation = organisationByAbbr(input.organisation);
  if (!role) throw new Error(`unknown role ${input.role}`);
  if (!organisation) throw new Error(`unknown organisation ${input.organisation}`);
  const unknown = (input.permissions ?? []).filter((p) => !isIntegrationPermission(p));
  if (unknown.length) throw new Error(`unknown permission ${unknown.join(', ')}`);
  const clientSecret = randomBytes(32).toString('base64url');
  await db.kysely.insertInto('oidc_client').values({
    client_id: input.clientId, client_secret_hash: hashClientSecret(clientSecret), role, organisation: organisation.abbr, description: input.description ?? '',
    permissions: [...new Set(input.permissions ?? [])],
  }).execute();
  return { clientId: input.clientId, clientSecret };
}

/**
 * The integration client calling with its own token, when it is registered (still) with
 * `permission`; 401 without a token, 403 for anyone else: every person, whatever their role, and a
 * client without the permission. Asked of the database at each call, so taking a permission away
 * works at once.
 */
export async function requireIntegrationPermission(db: Db, request: FastifyRequest, permission: IntegrationPermission): Promise<{ clientId: string; organisation: Organisation }> {
  requireUser(request);
  const client = request.integrationClient ? await findIntegrationClient(db, request.integrationClient) : undefined;
  const organisation = client && organisationByAbbr(client.organisation);
  if (!client || !organisation || !client.permissions.includes(permission)) throw forbidden();
  return { clientId: client.client_id, organisation };
}
