import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestContext, openTestDb, type TestContext } from '../test/context.ts';
import { freePort } from '../test/http-client.ts';

// One app plays the external issuer (as a Keycloak realm would); a second app is configured with
// OIDC_ISSUER and must verify that issuer's tokens through its discovery document and JWKS.
let issuer: TestContext;
let api: FastifyInstance;
let dropApiDb: () => Promise<void>;
beforeAll(async () => {
  const port = await freePort();
  issuer = await createTestContext({ PUBLIC_URL: `http://127.0.0.1:${port}` });
  await issuer.app.listen({ port, host: '127.0.0.1' });
  const { db, drop } = await openTestDb();
  dropApiDb = drop;
  const config = loadConfig({
    LOG_LEVEL: 'silent', DEMO: 'false', DATA_DIR: '/nonexistent', WEB_DIST: '/nonexistent', PUBLIC_URL: 'http://api.geria.test',
    OIDC_ISSUER: `http://127.0.0.1:${port}/auth`,
  });
  api = await buildApp({ config, db });
  await api.ready();
});
afterAll(async () => {
  await api?.close();
  await dropApiDb?.();
  await issuer?.close();
});

describe('an external OpenID Connect issuer (OIDC_ISSUER)', () => {
  it("accepts the issuer's tokens, verified against its published keys", async () => {
    const token = await issuer.tokenFor('test-expert');
    const res = await api.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'test-expert', roles: ['ClinicalExpert'], organisation: 'MIL-GER' });
  });

  it('tells the web app to sign in at the external issuer, and mounts no embedded provider', async () => {
    expect((await api.inject({ method: 'GET', url: '/api/v1/config' })).json().issuer).toBe(issuer.config.issuer);
    expect((await api.inject({ method: 'GET', url: '/auth/.well-known/openid-configuration' })).statusCode).toBe(404);
  });

  it("publishes the external issuer's endpoints for SMART clients, from its discovery document", async () => {
    const discovery = (await issuer.app.inject({ method: 'GET', url: '/auth/.well-known/openid-configuration' })).json();
    const smart = (await api.inject({ method: 'GET', url: '/fhir/.well-known/smart-configuration' })).json();
    expect(smart).toMatchObject({ issuer: issuer.config.issuer, token_endpoint: discovery.token_endpoint, authorization_endpoint: discovery.authorization_endpoint, jwks_uri: discovery.jwks_uri });
    const security = (await api.inject({ method: 'GET', url: '/fhir/metadata' })).json().rest[0].security;
    expect(security.extension[0].extension).toContainEqual({ url: 'token', valueUri: discovery.token_endpoint });
  });

  it('rejects a token of its own embedded keys once an external issuer is configured', async () => {
    const own = await createTestContext();
    try {
      const res = await api.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${await own.tokenFor('test-ccm')}` } });
      expect(res.statusCode).toBe(401);
    } finally {
      await own.close();
    }
  });
});
