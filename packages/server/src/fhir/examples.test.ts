import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from '@medplum/fhirtypes';
import { asVitalSign } from '@geria/domain';
import { createTestContext, type TestContext } from '../test/context.ts';
import { aboutPatient, createPatient, exampleFiles, fhir, loadExample, TEST_ORGID } from '../test/fhir-fixtures.ts';
import { RESOURCE_TYPES } from './resource-types.ts';

let ctx: TestContext;
let patientId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  patientId = await createPatient(ctx);
});
afterAll(async () => { await ctx?.close(); });

/** The example as Geria stores it: about our test Patient, a Patient managed by our organisation. */
function prepared(file: string): Resource {
  const example = aboutPatient(loadExample(file), patientId) as Resource & { managingOrganization?: unknown };
  if (example.resourceType === 'Patient') example.managingOrganization = { reference: `Organization/${TEST_ORGID}` };
  return example;
}
const withoutMeta = ({ meta, ...rest }: Resource) => ({ ...rest, ...(meta && Object.keys(meta).some((k) => k !== 'versionId' && k !== 'lastUpdated') && { meta: { profile: meta.profile } }) });

const files = RESOURCE_TYPES.flatMap((type) => exampleFiles(type));

describe('FHIR round trip of the HL7 R4 examples', () => {
  it('covers every stored type that has an example', () => {
    expect(new Set(files.map((f) => f.split('-')[0]))).toEqual(new Set(RESOURCE_TYPES));
  });

  it.each(files)('stores, reads and versions %s unchanged', async (file) => {
    const example = prepared(file);
    const created = await fhir(ctx, 'test-expert', 'POST', example.resourceType, example);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = await fhir(ctx, 'test-expert', 'GET', `${example.resourceType}/${created.body.id}`);
    // Unchanged but for what every stored vital sign gains: its R4 profile, category and codes (domain rules/vital-signs.ts).
    expect(withoutMeta(read.body)).toEqual(withoutMeta(asVitalSign({ ...example, id: created.body.id })));

    // The example's own id, by update as create, then a second version. The examples of several
    // types share ids ("example", "f201"), which one study gives one record only: the type prefixes it.
    const own = { ...example, id: `${example.resourceType}-${example.id}` };
    const put = await fhir(ctx, 'test-expert', 'PUT', `${own.resourceType}/${own.id}`, own);
    expect(put.status).toBe(201);
    const again = await fhir(ctx, 'test-expert', 'PUT', `${own.resourceType}/${own.id}`, own, { 'if-match': 'W/"1"' });
    expect(again.status).toBe(200);
    expect(again.body.meta.versionId).toBe('2');
    expect(withoutMeta((await fhir(ctx, 'test-expert', 'GET', `${own.resourceType}/${own.id}/_history/1`)).body)).toEqual(withoutMeta(asVitalSign(own)));
  });
});
