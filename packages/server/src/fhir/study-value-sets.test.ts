import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDY_VALUE_SETS } from '@geria/domain';
import { createTestContext, type TestContext } from '../test/context.ts';
import { fhir } from '../test/fhir-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const GENDER = 'https://geria.example.org/fhir/ValueSet/gender';

describe('the study value sets at /fhir/ValueSet', () => {
  it('lists every study list, with absolute fullUrls', async () => {
    const res = await fhir(ctx, 'test-ccm', 'GET', 'ValueSet?_count=100');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ resourceType: 'Bundle', type: 'searchset', total: STUDY_VALUE_SETS.length });
    expect(res.body.entry.map((e: any) => e.resource.id)).toEqual(STUDY_VALUE_SETS.map((v) => v.id));
    expect(res.body.entry[0].fullUrl).toBe(`${ctx.config.publicUrl}/fhir/ValueSet/${STUDY_VALUE_SETS[0].id}`);
  });

  it('reads one, with the options named in the seven languages, and finds it by url or name', async () => {
    const read = await fhir(ctx, 'test-expert', 'GET', 'ValueSet/recruitmentStatus');
    expect(read.status).toBe(200);
    const pending = read.body.expansion.contains.find((c: any) => c.code === 'pending');
    expect(pending.designation).toContainEqual({ language: 'el', value: 'Σε αναμονή' });
    expect(pending.designation).toHaveLength(7);
    expect(read.body.compose.include[0].concept).toHaveLength(6);
    expect((await fhir(ctx, 'test-expert', 'GET', 'ValueSet/recruitmentStatus/_history/1')).body.id).toBe('recruitmentStatus');
    const byUrl = await fhir(ctx, 'test-tester', 'GET', `ValueSet?url=${encodeURIComponent(GENDER)}`);
    expect(byUrl.body.entry.map((e: any) => e.resource.url)).toEqual([GENDER]);
    const byName = await fhir(ctx, 'test-tester', 'GET', 'ValueSet?name=recruit');
    expect(byName.body.entry.map((e: any) => e.resource.name)).toEqual(['RecruitmentStatus']);
    expect((await fhir(ctx, 'test-tester', 'GET', 'ValueSet?name=nothing')).body.total).toBe(0);
    expect((await fhir(ctx, 'test-tester', 'GET', 'ValueSet/nothing')).status).toBe(404);
    expect((await fhir(ctx, 'test-tester', 'GET', 'ValueSet?publisher=x')).status).toBe(400);
  });

  it('refuses every write with 405 and an OperationOutcome, in a Bundle too, and a caller without a token', async () => {
    const valueSet = { resourceType: 'ValueSet', status: 'active', url: 'http://example.org/vs' };
    for (const [method, url, body] of [['POST', 'ValueSet', valueSet], ['PUT', 'ValueSet/gender', { ...valueSet, id: 'gender' }], ['DELETE', 'ValueSet/gender', undefined],
      ['PATCH', 'ValueSet/gender', [{ op: 'replace', path: '/status', value: 'retired' }]]] as const) {
      const res = await fhir(ctx, 'test-tester', method, url, body);
      expect(res.status, `${method} ${url}`).toBe(405);
      expect(res.body).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'not-supported' }] });
    }
    const french = await fhir(ctx, 'test-tester', 'POST', 'ValueSet', valueSet, { 'accept-language': 'fr' });
    expect(french.body.issue[0].details.text).toContain('lecture seule');
    const bundle = { resourceType: 'Bundle', type: 'transaction', entry: [{ resource: valueSet, request: { method: 'POST', url: 'ValueSet' } }] };
    expect((await fhir(ctx, 'test-tester', 'POST', '', bundle)).status).toBe(405);
    expect((await fhir(ctx, 'test-tester', 'GET', 'ValueSet/gender')).body.status).toBe('active');
    expect((await ctx.app.inject({ method: 'GET', url: '/fhir/ValueSet/gender' })).statusCode).toBe(401);
  });

  it('declares the ValueSets read only in the CapabilityStatement', async () => {
    const { rest } = (await ctx.app.inject({ method: 'GET', url: '/fhir/metadata' })).json();
    const declared = rest[0].resource.find((r: any) => r.type === 'ValueSet');
    expect(declared.interaction.map((i: any) => i.code)).toEqual(['read', 'vread', 'search-type']);
    expect(declared.searchParam.map((p: any) => p.name)).toEqual(['url', 'name']);
  });
});
