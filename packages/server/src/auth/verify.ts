import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { TokenClaims } from '@geria/domain';
import type { Config } from '../config.ts';
import { publicJwk, type IssuerSecrets } from './secrets.ts';

/**
 * Verifies bearer tokens against the issuer's keys: the embedded issuer's own public key, or the
 * JWKS of an external issuer (a Keycloak realm) found through its discovery document.
 */
export type TokenVerifier = (token: string) => Promise<TokenClaims & { aud?: string | string[]; client_id?: string; grant_id?: unknown; scope?: unknown }>;

export async function createTokenVerifier(config: Config, secrets?: IssuerSecrets): Promise<TokenVerifier> {
  let keys: JWTVerifyGetKey;
  if (config.embeddedIssuer) {
    if (!secrets) throw new Error('embedded issuer needs its secrets');
    keys = createLocalJWKSet({ keys: [publicJwk(secrets.signingKey)] });
  } else {
    const discovery = await fetch(`${config.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
    if (!discovery.ok) throw new Error(`cannot read the issuer's discovery document (${discovery.status})`);
    const { jwks_uri: jwksUri } = (await discovery.json()) as { jwks_uri: string };
    keys = createRemoteJWKSet(new URL(jwksUri));
  }
  return cacheVerified(async (token) => {
    const { payload } = await jwtVerify(token, keys, {
      issuer: config.issuer,
      audience: config.OIDC_AUDIENCE,
      algorithms: ['RS256', 'PS256', 'ES256'],
    });
    if (typeof payload.sub !== 'string' && typeof payload.client_id !== 'string') throw new Error('token without subject');
    return { ...payload, sub: (payload.sub ?? payload.client_id) as string } as TokenClaims;
  });
}

const CACHED_TOKENS = 10_000;

/**
 * Remembers each verified token until it expires, so that a client's burst of requests checks the
 * signature once (an RSA verification cost more CPU than many of the requests behind it). Only a
 * token that passed verification is kept, under its exact string; one without `exp` is not kept.
 * Whether the account may still act is asked per request elsewhere (account-state.ts).
 */
export function cacheVerified(verify: TokenVerifier, now: () => number = Date.now): TokenVerifier {
  const verified = new Map<string, { claims: Awaited<ReturnType<TokenVerifier>>; until: number }>();
  return async (token) => {
    const hit = verified.get(token);
    if (hit && hit.until > now()) return hit.claims;
    if (hit) verified.delete(token);
    const claims = await verify(token);
    const { exp } = claims as { exp?: unknown };
    if (typeof exp === 'number') {
      if (verified.size >= CACHED_TOKENS) verified.clear();
      verified.set(token, { claims, until: exp * 1000 });
    }
    return claims;
  };
}
