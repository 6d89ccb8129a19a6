import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { smartCapabilities } from './smart-configuration.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const get = async (url: string) => ctx.app.inject({ method: 'GET', url });

describe('SMART App Launch discovery', () => {
  it("publishes the embedded issuer's endpoints at /fhir/.well-known/smart-configuration, without a token", async () => {
    const discovery = (await get('/auth/.well-known/openid-configuration')).json();
    const res = await get('/fhir/.well-known/smart-configuration');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const smart = res.json();
    expect(smart).toMatchObject({
      issuer: ctx.config.issuer,
      jwks_uri: discovery.jwks_uri,
      authorization_endpoint: discovery.authorization_endpoint,
      token_endpoint: discovery.token_endpoint,
      revocation_endpoint: discovery.revocation_endpoint,
      scopes_supported: discovery.scopes_supported,
      grant_types_supported: discovery.grant_types_supported,
      token_endpoint_auth_methods_supported: discovery.token_endpoint_auth_methods_supported,
      code_challenge_methods_supported: ['S256'],
    });
    // Derived from the issuer, never written out: PUBLIC_URL/auth/...
    expect(smart.token_endpoint).toBe(`${ctx.config.publicUrl}/auth/token`);
    expect(smart.revocation_endpoint).toBe(`${ctx.config.publicUrl}/auth/token/revocation`);
    expect(smart.introspection_endpoint).toBe(`${ctx.config.publicUrl}/auth/token/introspection`);
    expect(smart.scopes_supported).toEqual(expect.arrayContaining(['openid', 'offline_access']));
    expect(smart.capabilities).toEqual(['launch-standalone', 'client-public', 'client-confidential-symmetric', 'sso-openid-connect', 'permission-offline']);
  });

  it('names the same endpoints in the CapabilityStatement: SMART-on-FHIR service and the oauth-uris extension', async () => {
    const smart = (await get('/fhir/.well-known/smart-configuration')).json();
    const { security } = (await get('/fhir/metadata')).json().rest[0];
    expect(security.service[0].coding).toContainEqual(expect.objectContaining({ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' }));
    const oauth = security.extension.find((e: { url: string }) => e.url === 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris');
    const uris = Object.fromEntries(oauth.extension.map((e: { url: string; valueUri: string }) => [e.url, e.valueUri]));
    expect(uris).toEqual({ authorize: smart.authorization_endpoint, token: smart.token_endpoint, revoke: smart.revocation_endpoint, introspect: smart.introspection_endpoint });
  });

  it('claims only the capabilities the issuer document shows', () => {
    const base = { issuer: 'https://idp.example.org', jwks_uri: 'https://idp.example.org/jwks', code_challenge_methods_supported: ['S256'] };
    expect(smartCapabilities({ ...base, grant_types_supported: ['client_credentials'], token_endpoint_auth_methods_supported: ['client_secret_basic'] }))
      .toEqual(['client-confidential-symmetric']);
    expect(smartCapabilities({
      ...base, authorization_endpoint: 'https://idp.example.org/auth', grant_types_supported: ['authorization_code'],
      token_endpoint_auth_methods_supported: ['private_key_jwt'], scopes_supported: ['openid', 'offline_access'],
    })).toEqual(['launch-standalone', 'sso-openid-connect']);
  });
});
