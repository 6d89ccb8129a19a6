import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createPatient, fhir, observation, OTHER_ORGID, patient } from '../test/fhir-fixtures.ts';

let ctx: TestContext;
let ours: string;
let obsId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  ours = await createPatient(ctx, 'test-ccm');
  obsId = (await fhir(ctx, 'test-ccm', 'POST', 'Observation', observation(ours))).body.id;
});
afterAll(async () => { await ctx?.close(); });

describe('FHIR organisation scoping', () => {
  it('hides another organisation\'s resources behind 404 for every read', async () => {
    for (const url of [`Patient/${ours}`, `Patient/${ours}/_history`, `Patient/${ours}/_history/1`, `Observation/${obsId}`]) {
      const res = await fhir(ctx, 'other-ccm', 'GET', url);
      expect(res.status, url).toBe(404);
      expect(res.body.resourceType).toBe('OperationOutcome');
    }
    expect((await fhir(ctx, 'test-ccm', 'GET', `Patient/${ours}`)).status).toBe(200);
  });

  it('keeps another organisation\'s rows out of searches and type history', async () => {
    expect((await fhir(ctx, 'other-ccm', 'GET', `Observation?subject=${ours}`)).body.total).toBe(0);
    expect((await fhir(ctx, 'other-ccm', 'GET', `Patient?_id=${ours}`)).body.total).toBe(0);
    const history = await fhir(ctx, 'other-ccm', 'GET', 'Patient/_history');
    expect(history.body.entry.map((e: any) => e.resource?.id)).not.toContain(ours);
  });

  it('answers 404 to updates, patches and deletes of another organisation\'s resources, and changes nothing', async () => {
    expect((await fhir(ctx, 'other-ccm', 'PUT', `Patient/${ours}`, { ...patient(OTHER_ORGID), id: ours })).status).toBe(404);
    expect((await fhir(ctx, 'other-ccm', 'PATCH', `Patient/${ours}`, [{ op: 'replace', path: '/gender', value: 'male' }])).status).toBe(404);
    expect((await fhir(ctx, 'other-ccm', 'DELETE', `Observation/${obsId}`)).status).toBe(404);
    const bundle = await fhir(ctx, 'other-ccm', 'POST', '', { resourceType: 'Bundle', type: 'transaction', entry: [{ request: { method: 'DELETE', url: `Observation/${obsId}` } }] });
    expect(bundle.status).toBe(404);
    expect((await fhir(ctx, 'test-ccm', 'GET', `Patient/${ours}`)).body.meta.versionId).toBe('1');
    expect((await fhir(ctx, 'test-ccm', 'GET', `Observation/${obsId}`)).status).toBe(200);
  });

  it('refuses to attach a resource to another organisation\'s Patient', async () => {
    const res = await fhir(ctx, 'other-ccm', 'POST', 'Observation', observation(ours));
    expect(res.status).toBe(422);
    expect(res.body.issue[0].expression).toEqual(['Observation.subject']);
    expect((await fhir(ctx, 'test-ccm', 'GET', `Observation?subject=${ours}&_count=0`)).body.total).toBe(1);
  });

  it('keeps a Patient in the caller\'s organisation', async () => {
    const foreign = await fhir(ctx, 'test-ccm', 'POST', 'Patient', patient(OTHER_ORGID));
    expect(foreign.status).toBe(422);
    expect(foreign.body.issue[0].expression).toEqual(['Patient.managingOrganization']);
    expect((await fhir(ctx, 'test-ccm', 'POST', 'Patient', patient(999))).status).toBe(422);
    const moved = await fhir(ctx, 'test-ccm', 'PATCH', `Patient/${ours}`, [{ op: 'replace', path: '/managingOrganization/reference', value: `Organization/${OTHER_ORGID}` }]);
    expect(moved.status).toBe(422);
    const defaulted = await fhir(ctx, 'test-ccm', 'POST', 'Patient', { resourceType: 'Patient', gender: 'male' });
    expect(defaulted.status).toBe(201);
    expect(defaulted.body.managingOrganization).toEqual({ reference: 'Organization/8' });
  });

  it('requires a Patient for clinical resources and shares patient-less Devices', async () => {
    const orphan = await fhir(ctx, 'test-ccm', 'POST', 'Observation', observation(ours, { subject: undefined }));
    expect(orphan.status).toBe(422);
    expect(orphan.body.issue[0].expression).toEqual(['Observation.subject']);
    const device = { resourceType: 'Device', status: 'active', serialNumber: 'BP-0001' };
    expect((await fhir(ctx, 'test-ccm', 'POST', 'Device', device)).status).toBe(403);
    const shared = await fhir(ctx, 'test-tester', 'POST', 'Device', device);
    expect(shared.status).toBe(201);
    expect((await fhir(ctx, 'other-ccm', 'GET', `Device/${shared.body.id}`)).status).toBe(200);
    const assigned = await fhir(ctx, 'test-ccm', 'POST', 'Device', { ...device, patient: { reference: `Patient/${ours}` } });
    expect(assigned.status).toBe(201);
    expect((await fhir(ctx, 'other-ccm', 'GET', `Device/${assigned.body.id}`)).status).toBe(404);
  });
});
