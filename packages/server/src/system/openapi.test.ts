import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';

let ctx: TestContext;
let doc: { paths: Record<string, Record<string, { requestBody?: unknown; parameters?: { in: string; name: string }[]; summary?: string; responses?: Record<string, { content?: unknown }> }>> };
beforeAll(async () => {
  ctx = await createTestContext();
  doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => { await ctx?.close(); });

/** Writes that take no body: actions named by their path alone. */
const BODILESS = [
  /\/approve$/, /\/assessments$/, /\/inbox\/\{id\}\/read$/, /\/inbox\/read-all$/, /^\/auth\/interaction\/\{uid\}\/abort$/, /\/balance-assessment$/,
  // Analytics: queueing a run and the lifecycle actions carry everything in the path.
  /\/analytics\/definitions\/\{id\}\/runs$/, /\/analytics\/runs\/\{id\}\/\{action\}$/,
  /\/integration-clients\/\{id\}\/(rotate|disable|enable)$/,
  // Cancelling a dataset export names it in the path.
  /\/exports\/\{id\}\/cancel$/,
];

const operations = () => Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('describes a request body for every write that takes one, including routes added later', () => {
    const missing = operations()
      .filter(({ path, method }) => ['post', 'put', 'patch'].includes(method) && !path.startsWith('/fhir') && !path.startsWith('/scim2'))
      .filter(({ path, op }) => !op.requestBody && !BODILESS.some((re) => re.test(path)))
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(missing).toEqual([]);
  });

  it('declares the answer of every /api operation under its own status (a 201 or a 204 as such), none left to an undescribed 200', () => {
    // A redirect (e-mail verification) and an event stream answer no body to describe.
    const bodiless = [/\/account\/verify-email$/, /\/inbox\/stream$/];
    const undeclared = operations()
      .filter(({ path }) => path.startsWith('/api/') && !bodiless.some((re) => re.test(path)))
      .filter(({ op }) => !Object.entries(op.responses ?? {}).some(([status, answer]) => /^2\d\d$/.test(status) && answer.content !== undefined))
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(undeclared).toEqual([]);
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path]![method]!.responses ?? {}).filter((s) => s.startsWith('2'));
    expect(statuses('/api/v1/participants/{id}/assessments', 'post')).toEqual(['201']);
    expect(statuses('/api/v1/participants/{id}/recruitment-decisions', 'post')).toEqual(['201']);
    expect(statuses('/api/v1/patients/{patientId}/questionnaire-responses', 'post')).toEqual(['201']);
    expect(statuses('/api/v1/notebooks/{id}', 'delete')).toEqual(['204']);
  });

  it('names the path parameters of every route and summarises every operation', () => {
    for (const { path, method, op } of operations()) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name).sort();
      if (!path.startsWith('/fhir')) expect([method, path, declared]).toEqual([method, path, inPath]);
      expect(op.summary, `${method} ${path}`).toBeTruthy();
    }
  });

  it('documents the FHIR interactions and the OpenID Connect provider, not a catch-all', () => {
    expect(doc.paths['/fhir/{type}']?.get?.summary).toMatch(/search/);
    expect(Object.keys(doc.paths).some((p) => p === '/auth/*' || p === '/auth')).toBe(false);
    expect(JSON.stringify((doc as unknown as { tags: unknown }).tags)).toContain('openid-configuration');
  });
});
