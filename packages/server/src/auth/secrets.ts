import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/connection.ts';

/**
 * The embedded issuer's signing key and cookie secrets, created on first start and kept in the
 * database so that a restart keeps every session and token valid.
 */
export interface IssuerSecrets {
  signingKey: JWK & { kid: string };
  cookieKeys: string[];
}

async function loadOrCreate<T>(db: Db, kind: string, create: () => Promise<T>): Promise<T> {
  const existing = await db.kysely.selectFrom('oidc_secret').select('value').where('kind', '=', kind).executeTakeFirst();
  if (existing) return existing.value as T;
  const value = await create();
  await db.kysely.insertInto('oidc_secret').values({ kind, value: JSON.stringify(value) }).onConflict((oc) => oc.column('kind').doNothing()).execute();
  // Another process may have won the race: read back what is stored.
  const stored = await db.kysely.selectFrom('oidc_secret').select('value').where('kind', '=', kind).executeTakeFirstOrThrow();
  return stored.value as T;
}

export async function loadIssuerSecrets(db: Db): Promise<IssuerSecrets> {
  const signingKey = await loadOrCreate(db, 'signing-key', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    return { ...jwk, kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };
  });
  const cookieKeys = await loadOrCreate(db, 'cookie-keys', async () => [randomBytes(32).toString('base64url')]);
  return { signingKey, cookieKeys };
}

/** The public half of a private JWK. */
export function publicJwk(key: JWK): JWK {
  const { kty, n, e, kid, alg, use, crv, x, y } = key;
  return Object.fromEntries(Object.entries({ kty, n, e, kid, alg, use, crv, x, y }).filter(([, v]) => v !== undefined));
}
