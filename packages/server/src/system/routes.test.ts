import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

describe('system API', () => {
  it('reports health after checking the database', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('gives the web app its issuer and client', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(res.json()).toEqual({ issuer: 'http://geria.test/auth', clientId: 'geria-web', scope: 'openid profile email offline_access', defaultLanguage: 'en' });
  });

  it('answers 401 with the error shape when no token is sent', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'errors.unauthorized', message: expect.any(String), details: null } });
  });

  it('describes the signed-in user from the token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers: await ctx.as('test-ccm') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'test-ccm', roles: ['CCM'], organisation: 'MIL-GER', homePilotId: 2 });
  });

  it('answers 403 when the role may not use the endpoint', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/audit', headers: await ctx.as('test-ccm') });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('errors.forbidden');
  });

  it('answers 400 field by field for an invalid query', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/audit?limit=0&colour=blue', headers: await ctx.as('test-auditor') });
    expect(res.statusCode).toBe(400);
    const paths = res.json().error.details.map((d: { path: string }) => d.path);
    expect(paths).toContain('limit');
    expect(res.json().error.details.find((d: { code: string }) => d.code === 'validation.unknownField')).toBeDefined();
  });

  it('answers 400 for malformed JSON, never 500', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/interaction/x/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json().error.code).toMatch(/^(errors\.badJson|auth\.interactionExpired)$/);
  });

  it('answers JSON 404 for unknown /api and /fhir paths, not the web page', async () => {
    for (const url of ['/api/v1/nothing-here', '/fhir/NoSuchThing/1/x/y']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: await ctx.as('test-ccm') });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json().error.code).toBe('errors.notFound');
    }
  });

  it('translates messages into the language the request asks for', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers: { 'accept-language': 'it-IT,it;q=0.9' } });
    expect(res.json().error.message).toBe('La sessione non è valida: accedi di nuovo.');
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI description', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/v1/health']).toBeDefined();
  });

  it('answers 401 to an anonymous caller before looking at the body, on every surface', async () => {
    const scim = await ctx.app.inject({ method: 'POST', url: '/scim2/Users', headers: { 'content-type': 'application/scim+json' }, payload: '{"userName":5}' });
    expect(scim.statusCode).toBe(401);
    expect(scim.json()).toMatchObject({ status: '401' });
    const api = await ctx.app.inject({ method: 'POST', url: '/api/v1/participant', payload: { firstName: 5 } });
    expect(api.statusCode).toBe(401);
    expect(api.json().error.code).toBe('errors.unauthorized');
    const fhir = await ctx.app.inject({ method: 'POST', url: '/fhir/Observation', headers: { 'content-type': 'application/fhir+json' }, payload: '{}' });
    expect(fhir.statusCode).toBe(401);
    expect(fhir.json().resourceType).toBe('OperationOutcome');
    // Public routes still validate for anyone.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/registration', payload: { username: 5 } })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/fhir/metadata' })).statusCode).toBe(200);
  });
});
