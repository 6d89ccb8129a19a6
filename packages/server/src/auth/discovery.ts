import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** The members of an OpenID Connect discovery document (RFC 8414) that other documents are built from. */
export interface OidcDiscovery {
  issuer: string;
  authorization_endpoint?: string;
  token_endpoint?: string;
  jwks_uri?: string;
  revocation_endpoint?: string;
  introspection_endpoint?: string;
  userinfo_endpoint?: string;
  registration_endpoint?: string;
  scopes_supported?: string[];
  response_types_supported?: string[];
  grant_types_supported?: string[];
  token_endpoint_auth_methods_supported?: string[];
  code_challenge_methods_supported?: string[];
}

/** How long an external issuer's document is kept: a realm's endpoints rarely move, and then not by the minute. */
const EXTERNAL_TTL_MS = 5 * 60_000;

/**
 * The issuer's own discovery document, so that what the FHIR API publishes about sign-in (SMART
 * configuration, CapabilityStatement) names exactly the endpoints the issuer serves: the embedded
 * provider's is asked in process (its answer never changes while the server runs), an external
 * issuer's over HTTP. A failed read is not kept, so the next call tries again.
 */
export function issuerDiscovery(app: FastifyInstance, config: Pick<Config, 'issuer' | 'embeddedIssuer'>): () => Promise<OidcDiscovery> {
  let cached: { value: Promise<OidcDiscovery>; until: number } | undefined;
  const read = async (): Promise<OidcDiscovery> => {
    const path = '/.well-known/openid-configuration';
    if (config.embeddedIssuer) {
      const res = await app.inject({ method: 'GET', url: `/auth${path}` });
      if (res.statusCode !== 200) throw new Error(`the embedded issuer's discovery answered ${res.statusCode}`);
      return res.json() as OidcDiscovery;
    }
    const res = await fetch(`${config.issuer.replace(/\/$/, '')}${path}`, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`the issuer's discovery answered ${res.status}`);
    return (await res.json()) as OidcDiscovery;
  };
  return () => {
    if (cached && cached.until > Date.now()) return cached.value;
    const value = read();
    cached = { value, until: config.embeddedIssuer ? Infinity : Date.now() + EXTERNAL_TTL_MS };
    value.catch(() => { if (cached?.value === value) cached = undefined; });
    return value;
  };
}
