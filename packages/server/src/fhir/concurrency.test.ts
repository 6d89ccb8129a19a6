import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createPatient, fhir, patient, TEST_ORGID } from '../test/fhir-fixtures.ts';
import { extractIndex } from './resource-types.ts';
import { isUniqueViolation, replaceCurrent, type StoredVersion } from './repository.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const version = (id: string, versionId: number): StoredVersion => {
  const content = { ...patient(), id, meta: { versionId: String(versionId), lastUpdated: new Date().toISOString() } } as never;
  return { type: 'Patient', id, versionId, lastUpdated: new Date().toISOString(), deleted: false, organisationId: TEST_ORGID, content, index: extractIndex('Patient', content) };
};

describe('FHIR concurrent writes', () => {
  it('lets exactly one of two concurrent updates with the same If-Match succeed', async () => {
    const id = await createPatient(ctx);
    const update = (gender: string) => fhir(ctx, 'test-ccm', 'PUT', `Patient/${id}`, { ...patient(), id, gender }, { 'if-match': 'W/"1"' });
    const results = await Promise.all([update('male'), update('other'), update('unknown')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 412, 412]);
    const history = await fhir(ctx, 'test-ccm', 'GET', `Patient/${id}/_history`);
    expect(history.body.total).toBe(2);
  });

  it('gives concurrent updates without If-Match consecutive versions, losing none', async () => {
    const id = await createPatient(ctx);
    const results = await Promise.all(['male', 'other', 'unknown'].map((gender) => fhir(ctx, 'test-ccm', 'PUT', `Patient/${id}`, { ...patient(), id, gender })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.body.meta.versionId).sort()).toEqual(['2', '3', '4']);
  });

  it('enforces the version check in the database: a conditional update on a stale version changes nothing', async () => {
    const id = await createPatient(ctx);
    expect(await replaceCurrent(ctx.db.kysely, version(id, 2), 1, 'PUT')).toBe(true);
    expect(await replaceCurrent(ctx.db.kysely, version(id, 2), 1, 'PUT')).toBe(false);
  });

  it('refuses a second history row for the same version', async () => {
    const id = await createPatient(ctx);
    const row = { resource_type: 'Patient', id, version_id: 1, last_updated: new Date(), deleted: false, organisation_id: TEST_ORGID, content: '{}' };
    const error = await ctx.db.kysely.insertInto('fhir_history').values(row).execute().catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });
});
