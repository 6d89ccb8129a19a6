import type { CapabilityStatementRestSecurity, Extension } from '@medplum/fhirtypes';
import type { OidcDiscovery } from '../auth/discovery.ts';

/**
 * SMART App Launch discovery (https://hl7.org/fhir/smart-app-launch/conformance.html): what a
 * SMART-aware client reads at `[FHIR base]/.well-known/smart-configuration` and in the
 * CapabilityStatement's rest.security to find where to sign in. Every endpoint, scope and method is
 * the issuer's own discovery document's (auth/discovery.ts), never a URL written here, so the two
 * cannot disagree, with the embedded issuer as with an external one.
 */
export interface SmartConfiguration {
  issuer: string;
  jwks_uri?: string;
  authorization_endpoint?: string;
  token_endpoint?: string;
  revocation_endpoint?: string;
  introspection_endpoint?: string;
  registration_endpoint?: string;
  token_endpoint_auth_methods_supported?: string[];
  grant_types_supported: string[];
  scopes_supported?: string[];
  response_types_supported?: string[];
  code_challenge_methods_supported: string[];
  capabilities: string[];
}

/**
 * The SMART capabilities the issuer's document shows it has: authorization code with PKCE for a
 * public client (a standalone launch, as Geria's web app signs in), client-secret clients at the
 * token endpoint, OpenID Connect sign-in, refresh tokens through offline_access. None of SMART's
 * launch contexts or patient/user scopes: access follows the account's role and organisation.
 */
export function smartCapabilities(d: OidcDiscovery): string[] {
  const grants = d.grant_types_supported ?? [];
  const clientAuth = d.token_endpoint_auth_methods_supported ?? [];
  const scopes = d.scopes_supported ?? [];
  const codeFlow = d.authorization_endpoint !== undefined && grants.includes('authorization_code');
  return [
    ...(codeFlow ? ['launch-standalone'] : []),
    ...(codeFlow && clientAuth.includes('none') && (d.code_challenge_methods_supported ?? []).includes('S256') ? ['client-public'] : []),
    ...(clientAuth.some((m) => m === 'client_secret_basic' || m === 'client_secret_post') ? ['client-confidential-symmetric'] : []),
    ...(codeFlow && scopes.includes('openid') && d.jwks_uri ? ['sso-openid-connect'] : []),
    ...(grants.includes('refresh_token') && scopes.includes('offline_access') ? ['permission-offline'] : []),
  ];
}

export function smartConfiguration(d: OidcDiscovery): SmartConfiguration {
  return {
    issuer: d.issuer,
    jwks_uri: d.jwks_uri,
    authorization_endpoint: d.authorization_endpoint,
    token_endpoint: d.token_endpoint,
    revocation_endpoint: d.revocation_endpoint,
    introspection_endpoint: d.introspection_endpoint,
    registration_endpoint: d.registration_endpoint,
    token_endpoint_auth_methods_supported: d.token_endpoint_auth_methods_supported,
    grant_types_supported: d.grant_types_supported ?? ['authorization_code', 'implicit'],
    scopes_supported: d.scopes_supported,
    response_types_supported: d.response_types_supported,
    // SMART forbids `plain`; without the issuer's list, PKCE's S256 is all a SMART client may send.
    code_challenge_methods_supported: (d.code_challenge_methods_supported ?? ['S256']).filter((m) => m !== 'plain'),
    capabilities: smartCapabilities(d),
  };
}

const OAUTH_URIS = 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris';
const SECURITY_SERVICE = 'http://terminology.hl7.org/CodeSystem/restful-security-service';

/** CapabilityStatement.rest.security: SMART-on-FHIR (OAuth) and the oauth-uris extension naming the same endpoints. */
export function restSecurity(d: OidcDiscovery | undefined): CapabilityStatementRestSecurity {
  const uris: [string, string | undefined][] = d
    ? [['authorize', d.authorization_endpoint], ['token', d.token_endpoint], ['revoke', d.revocation_endpoint], ['introspect', d.introspection_endpoint], ['register', d.registration_endpoint]]
    : [];
  const extension: Extension[] = uris.flatMap(([url, valueUri]) => (valueUri ? [{ url, valueUri }] : []));
  return {
    ...(extension.length > 0 && { extension: [{ url: OAUTH_URIS, extension }] }),
    service: [{
      coding: [
        { system: SECURITY_SERVICE, code: 'SMART-on-FHIR', display: 'SMART-on-FHIR' },
        { system: SECURITY_SERVICE, code: 'OAuth', display: 'OAuth' },
      ],
      text: 'OAuth 2.0 bearer tokens of the study\'s OpenID Connect issuer (SMART App Launch discovery at .well-known/smart-configuration)',
    }],
  };
}
