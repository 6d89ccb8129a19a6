import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { observation, patient } from '../test/fhir-fixtures.ts';
import { fhirService } from './service.ts';
import { resourcesOfVersions, versionKey, versionKeys, VERSION_END } from './parsed-versions.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const system = () => fhirService(ctx.db).withContext({ kind: 'system', name: 'parsed-versions-test' });
/** The key of the current version of a resource, as a search gives it. */
const currentKey = async (type: string, id: string) => (await ctx.db.kysely.selectFrom('fhir_resource as r').select(versionKey('r').as('key'))
  .where('r.resource_type', '=', type).where('r.id', '=', id).executeTakeFirstOrThrow()).key;

describe('parsed versions', () => {
  it('reads a version once and gives every reader the same resource, frozen down to its nested elements', async () => {
    const { id } = await system().create(patient());
    const created = await system().create(observation(id));
    const key = await currentKey('Observation', created.id);
    const first = (await resourcesOfVersions(ctx.db.kysely, [key])).get(key)!;
    expect(first).toMatchObject({ resourceType: 'Observation', id: created.id, status: 'final' });
    expect((await resourcesOfVersions(ctx.db.kysely, [key])).get(key)).toBe(first);
    const shared = first as unknown as { id: string; code: { coding: { code: string }[] } };
    expect(() => { shared.id = 'other'; }).toThrow(TypeError);
    expect(() => { shared.code.coding[0].code = 'y'; }).toThrow(TypeError);
    expect(() => { shared.code.coding.push({ code: 'z' }); }).toThrow(TypeError);
  });

  it('reads the new version after an update, and searches give it', async () => {
    const { id } = await system().create(patient());
    const created = await system().create(observation(id));
    const [[before]] = await system().searchMany([['Observation', { _id: created.id }]]);
    await system().update('Observation', created.id, { ...observation(id), id: created.id, status: 'amended' });
    const [[after]] = await system().searchMany([['Observation', { _id: created.id }]]);
    expect([before.meta?.versionId, (before as { status?: string }).status]).toEqual(['1', 'final']);
    expect([after.meta?.versionId, (after as { status?: string }).status]).toEqual(['2', 'amended']);
  });

  it('has no resource for a version that is not stored (erased since its key was read)', async () => {
    const { id } = await system().create(patient());
    const key = await currentKey('Patient', id);
    const erased = key.replace(`Patient/${id}/1/`, `Patient/${id}/7/`);
    const found = await resourcesOfVersions(ctx.db.kysely, [erased, key]);
    expect([...found.keys()]).toEqual([key]);
  });

  it('splits an aggregated list of keys, and finds none in null or empty text', () => {
    expect(versionKeys(['Patient/p1/1/t', 'Patient/p2/4/t'].join(VERSION_END))).toEqual(['Patient/p1/1/t', 'Patient/p2/4/t']);
    expect(versionKeys(null)).toEqual([]);
    expect(versionKeys('')).toEqual([]);
  });
});
