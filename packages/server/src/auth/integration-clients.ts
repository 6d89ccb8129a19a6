import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  integrationClientInputSchema, isIntegrationPermission, organisationByAbbr, ROTATION_GRACE_HOURS,
  type IntegrationClientInput, type IntegrationPermission, type Organisation, type SubjectIdKind, type TokenClaims,
} from '@geria/domain';
import type { Db } from '../db/connection.ts';
import type { Database, OidcClientTable } from '../db/types.ts';
import { forbidden } from '../http/errors.ts';
import { requireUser, type IntegrationClientCheck } from './guard.ts';

/**
 * Integrations (an institution's system, a device hub) act with one study role inside one
 * organisation, as a registered client: with the OAuth 2.0 client-credentials grant (kind `oauth`),
 * or with a static key in an `apikey` header (kind `apikey`, the original platform's gateway-era
 * apps). This module is the one place that makes client secrets and checks them.
 */
export type IntegrationClientRow = Selectable<OidcClientTable>;
type Executor = Kysely<Database> | Transaction<Database>;

export const findIntegrationClient = (db: Db, clientId: string) =>
  db.kysely.selectFrom('oidc_client').selectAll().where('client_id', '=', clientId).executeTakeFirst();

/**
 * A secret is kept as `sha256$<salt>$<sha256(salt + secret)>`, never as given (migration 030
 * hashes older rows the same way). A salted SHA-256 and not argon2: the secrets are 256 random bits
 * made here, not passwords a person chose, so no guessing can find one from its digest however
 * fast the hash; a slow hash would only make each token request (each request, for an API key) cost
 * tens of milliseconds of CPU and memory, which anyone knowing a client id could spend.
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

/**
 * The hashes of the secrets that open `client` now: its current one, and the one it had before its
 * last rotation while that one's grace period (ROTATION_GRACE_HOURS) lasts.
 */
export function acceptedSecretHashes(client: IntegrationClientRow, now = new Date()): string[] {
  const previous = client.previous_secret_hash && client.previous_secret_expires_at && new Date(client.previous_secret_expires_at) > now;
  return previous ? [client.client_secret_hash, client.previous_secret_hash!] : [client.client_secret_hash];
}

/** 256 random bits, URL-safe: what the operator configures, shown once. */
const newSecret = () => randomBytes(32).toString('base64url');

/** Server-made ids, never reused: a deleted client's tokens cannot pass for a later client's. */
const newClientId = () => `ic-${randomBytes(8).toString('hex')}`;

/**
 * What the client presents: an OAuth client its secret (with its id, as Basic auth); an API-key
 * client the key `<client id>.<secret>`, so the key alone finds its client.
 */
const credential = (kind: IntegrationClientRow['kind'], clientId: string, secret: string) => (kind === 'apikey' ? `${clientId}.${secret}` : secret);

/**
 * Registers a client (inside the caller's transaction, which audits it); its secret or API key is
 * answered this once and kept only as its hash.
 */
export async function createIntegrationClient(db: Executor, input: IntegrationClientInput, clientId = newClientId()) {
  const secret = newSecret();
  const row = await db.insertInto('oidc_client').values({
    client_id: clientId, client_secret_hash: hashClientSecret(secret), name: input.name, description: input.description,
    role: input.role, organisation: input.organisation, kind: input.kind, permissions: input.permissions, subject_ids: input.subjectIds,
  }).returningAll().executeTakeFirstOrThrow();
  return { row, secret: credential(row.kind, clientId, secret) };
}

/**
 * A new secret for `client`; the previous one keeps working for ROTATION_GRACE_HOURS, so the
 * operator can deploy the new one without an outage. A second rotation within the grace period
 * ends the first secret's grace at once (only the secret just replaced stays valid).
 */
export async function rotateIntegrationClientSecret(db: Executor, client: IntegrationClientRow, now = new Date()) {
  const secret = newSecret();
  const graceUntil = new Date(now.getTime() + ROTATION_GRACE_HOURS * 3_600_000);
  const row = await db.updateTable('oidc_client').set({
    client_secret_hash: hashClientSecret(secret), previous_secret_hash: client.client_secret_hash, previous_secret_expires_at: graceUntil,
  }).where('client_id', '=', client.client_id).returningAll().executeTakeFirstOrThrow();
  return { row, secret: credential(row.kind, row.client_id, secret) };
}

/** Registers a client from trusted code (tests), with the id it chooses. */
export async function registerIntegrationClient(db: Db, input: {
  clientId: string; role: string; organisation: string; name?: string; description?: string; kind?: 'oauth' | 'apikey'; permissions?: readonly IntegrationPermission[];
  subjectIds?: SubjectIdKind;
}) {
  const { clientId, ...rest } = input;
  const parsed = integrationClientInputSchema.parse({ ...rest, name: rest.name ?? clientId, permissions: rest.permissions ? [...rest.permissions] : undefined });
  const { secret } = await createIntegrationClient(db.kysely, parsed, clientId);
  return { clientId, clientSecret: secret };
}

/**
 * The enabled client `clientId` as the token check needs it, read from the database at each request:
 * a disabled or deleted client is refused at once, whatever its token's lifetime.
 */
export const activeIntegrationClient = (db: Db, clientId: string) =>
  db.kysely.selectFrom('oidc_client').selectAll().where('client_id', '=', clientId).where('disabled_at', 'is', null).executeTakeFirst();

/** The enabled API-key client whose key is `key`, if any. */
export async function apiKeyClient(db: Db, key: string, now = new Date()): Promise<IntegrationClientRow | undefined> {
  const dot = key.lastIndexOf('.');
  if (dot <= 0 || key.length > 200) return undefined;
  const client = await activeIntegrationClient(db, key.slice(0, dot));
  if (client?.kind !== 'apikey') return undefined;
  const secret = key.slice(dot + 1);
  return acceptedSecretHashes(client, now).some((hash) => verifyClientSecret(hash, secret)) ? client : undefined;
}

/** The claims a client acts with, as its access token carries them (provider.ts) and an API key stands for. */
export const integrationClientClaims = (client: IntegrationClientRow): TokenClaims & { client_id: string } => ({
  sub: client.client_id, client_id: client.client_id, organisation: client.organisation,
  realm_access: { roles: [client.role] }, preferred_username: client.client_id,
});

/** Counts one accepted request of `clientId` on its UTC day, and its time as the client's last use. */
export async function countIntegrationRequest(db: Db, clientId: string, now = new Date()) {
  await db.kysely.insertInto('integration_client_usage').values({ client_id: clientId, day: now.toISOString().slice(0, 10), requests: 1, last_at: now })
    .onConflict((oc) => oc.columns(['client_id', 'day']).doUpdateSet((eb) => ({ requests: eb('integration_client_usage.requests', '+', 1), last_at: now })))
    .execute();
}

/** What the guard asks of the database about clients (guard.ts). */
export const integrationClientCheck = (db: Db): IntegrationClientCheck => ({
  active: (clientId) => activeIntegrationClient(db, clientId),
  byApiKey: (key) => apiKeyClient(db, key),
  claims: integrationClientClaims,
  // Unknown names (e.g. of a newer version) are ignored.
  permissions: (client) => client.permissions.filter(isIntegrationPermission),
  count: (clientId) => countIntegrationRequest(db, clientId),
});

/**
 * The integration client calling with its own credential, when it is registered (still) with
 * `permission`; 401 without a credential, 403 for anyone else: every person, whatever their role,
 * and a client without the permission. The guard read the client from the database at this request.
 */
export function requireIntegrationPermission(request: FastifyRequest, permission: IntegrationPermission): { clientId: string; organisation: Organisation } {
  const user = requireUser(request);
  const client = request.integrationClient;
  const organisation = client && organisationByAbbr(user.organisation);
  if (!client || !organisation || !client.permissions.includes(permission)) throw forbidden();
  return { clientId: client.id, organisation };
}
