import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionUserFromClaims } from '@geria/domain';
import { createTestContext, type TestContext } from '../test/context.ts';
import { observation, patient, TEST_ORGID } from '../test/fhir-fixtures.ts';
import { FhirError, fhirService } from './service.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const ccm = sessionUserFromClaims({ sub: 'u1', preferred_username: 'test-ccm', organisation: 'MIL-GER', realm_access: { roles: ['CCM'] } });
const auditor = sessionUserFromClaims({ sub: 'u2', preferred_username: 'test-auditor', organisation: 'MIL-GER', realm_access: { roles: ['Auditor'] } });
const system = () => fhirService(ctx.db).withContext({ kind: 'system', name: 'service-test' });

describe('FHIR service API (in process)', () => {
  it('commits a Patient and a ResearchSubject with the caller\'s own row in one transaction', async () => {
    const subjectId = await ctx.db.kysely.transaction().execute(async (trx) => {
      const fhir = fhirService(trx).withContext({ kind: 'user', user: ccm });
      const created = await fhir.create(patient());
      const subject = await fhir.create({ resourceType: 'ResearchSubject', status: 'on-study', study: { reference: 'ResearchStudy/geria' }, individual: { reference: `Patient/${created.id}` } });
      await trx.insertInto('audit_event').values({ actor: 'caller', action: 'caller.row', entity_type: 'Participant', entity_id: created.id }).execute();
      return subject.id;
    });
    expect((await system().read('ResearchSubject', subjectId)).resourceType).toBe('ResearchSubject');
  });

  it('rolls the FHIR writes back when the caller\'s transaction fails', async () => {
    let patientId = '';
    await expect(ctx.db.kysely.transaction().execute(async (trx) => {
      patientId = (await fhirService(trx).withContext({ kind: 'user', user: ccm }).create(patient())).id;
      throw new Error('the participant row could not be written');
    })).rejects.toThrow('participant row');
    await expect(system().read('Patient', patientId)).rejects.toMatchObject({ status: 404 });
    const audits = await ctx.db.kysely.selectFrom('audit_event').select('id').where('entity_id', '=', patientId).execute();
    expect(audits).toEqual([]);
  });

  it('in one transaction, takes a Patient it read as known, and no longer once the transaction deleted it', async () => {
    const { id } = await system().create(patient());
    await expect(ctx.db.kysely.transaction().execute(async (trx) => {
      const fhir = fhirService(trx).withContext({ kind: 'user', user: ccm });
      await fhir.read('Patient', id);
      await fhir.create(observation(id));
      await fhir.delete('Patient', id);
      await fhir.create(observation(id));
    })).rejects.toMatchObject({ status: 422 });
  });

  it('searches with a plain object of parameters and reports failures as FhirError', async () => {
    const fhir = fhirService(ctx.db).withContext({ kind: 'user', user: ccm });
    const { id } = await fhir.create(patient());
    await fhir.create(observation(id));
    const bundle = await fhir.search('Observation', { subject: `Patient/${id}`, code: ['http://loinc.org|8867-4'], _count: '0' });
    expect(bundle.total).toBe(1);
    const error = await fhir.search('Observation', { colour: 'blue' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FhirError);
    expect((error as FhirError).status).toBe(400);
  });

  it('applies the role rules to in-process callers too', async () => {
    const error = await fhirService(ctx.db).withContext({ kind: 'user', user: auditor }).create(patient()).catch((e: unknown) => e);
    expect((error as FhirError).status).toBe(403);
  });

  it('lets the system actor write for any organisation, and records it as the actor', async () => {
    const { id } = await system().create(patient(TEST_ORGID));
    const rows = await ctx.db.kysely.selectFrom('audit_event').select(['actor', 'action']).where('entity_id', '=', id).execute();
    expect(rows).toEqual([{ actor: 'service-test', action: 'fhir.create' }]);
  });
});
