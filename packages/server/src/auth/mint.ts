import { randomUUID } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';
import type { Config } from '../config.ts';
import type { AppUser } from '../db/types.ts';
import { userClaims } from './accounts.ts';
import type { IssuerSecrets } from './secrets.ts';

/**
 * Signs an access token for an account with the embedded issuer's key, in the same shape the
 * provider issues. Used by the administrator's `npm run token` command, tests and benchmarks.
 */
export async function mintAccessToken(config: Config, secrets: IssuerSecrets, user: AppUser, ttlSeconds = config.ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
  const key = await importJWK(secrets.signingKey, 'RS256');
  const { sub, ...claims } = userClaims(user);
  return new SignJWT({ ...claims, client_id: config.OIDC_CLIENT_ID, scope: 'api' })
    .setProtectedHeader({ alg: 'RS256', kid: secrets.signingKey.kid, typ: 'at+jwt' })
    .setIssuer(config.issuer)
    .setAudience(config.OIDC_AUDIENCE)
    .setSubject(sub)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(key);
}
