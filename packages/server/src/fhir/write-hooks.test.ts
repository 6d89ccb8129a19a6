import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionUserFromClaims } from '@geria/domain';
import { createTestContext, type TestContext } from '../test/context.ts';
import { observation, patient } from '../test/fhir-fixtures.ts';
import { unprocessable } from './outcome.ts';
import { fhirService } from './service.ts';
import { registerFhirWriteHook, type FhirWrite } from './write-hooks.ts';

const ccm = sessionUserFromClaims({ sub: 'u1', preferred_username: 'test-ccm', organisation: 'MIL-GER', realm_access: { roles: ['CCM'] } });
const seen: FhirWrite[][] = [];
const hook = async (_db: unknown, _actor: unknown, writes: readonly FhirWrite[]) => {
  seen.push([...writes]);
  if (writes.some((w) => (w.resource as { valueString?: string } | null)?.valueString === 'refuse')) throw unprocessable('refused by the hook');
};
let ctx: TestContext;
let unregister: () => void;
beforeAll(async () => {
  ctx = await createTestContext();
  registerFhirWriteHook(hook);
  unregister = registerFhirWriteHook(hook);
});
// Test files share modules: a hook left behind would see the next file's writes.
afterAll(async () => { unregister?.(); await ctx?.close(); });

describe('FHIR write hooks', () => {
  it('see every write of a session once, with its organisation and the resource before and after', async () => {
    const fhir = fhirService(ctx.db).withContext({ kind: 'user', user: ccm });
    const { id: patientId } = await fhir.create(patient());
    seen.length = 0;
    const { id } = await fhir.create({ ...observation(patientId), valueQuantity: undefined, valueString: 'first' });
    await fhir.update('Observation', id, { ...observation(patientId), id, valueQuantity: undefined, valueString: 'second' });
    expect(seen).toHaveLength(2);
    expect(seen[0]).toEqual([expect.objectContaining({ interaction: 'create', type: 'Observation', id, before: null, organisationId: expect.any(Number) })]);
    expect(seen[1][0]).toMatchObject({ interaction: 'update', before: { valueString: 'first' }, resource: { valueString: 'second' } });
  });

  it('refuse the whole write when they throw: nothing is stored', async () => {
    const fhir = fhirService(ctx.db).withContext({ kind: 'user', user: ccm });
    const { id: patientId } = await fhir.create(patient());
    const before = await ctx.db.kysely.selectFrom('fhir_resource').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await expect(fhir.create({ ...observation(patientId), valueQuantity: undefined, valueString: 'refuse' })).rejects.toMatchObject({ status: 422 });
    const after = await ctx.db.kysely.selectFrom('fhir_resource').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
