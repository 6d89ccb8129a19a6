import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createPatient, fhir, observation, patient } from '../test/fhir-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

describe('FHIR REST interactions', () => {
  it('creates a resource with version 1, Location, ETag and the FHIR content type', async () => {
    const res = await fhir(ctx, 'test-ccm', 'POST', 'Patient', patient());
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toContain('application/fhir+json');
    expect(res.body.meta).toMatchObject({ versionId: '1', lastUpdated: expect.any(String) });
    expect(res.headers.location).toMatch(new RegExp(`/fhir/Patient/${res.body.id}/_history/1$`));
    expect(res.headers.etag).toBe('W/"1"');
  });

  it('ignores a client id and client meta.versionId on create', async () => {
    const res = await fhir(ctx, 'test-ccm', 'POST', 'Patient', { ...patient(), id: 'mine', meta: { versionId: '9', profile: ['http://example.org/p'] } });
    expect(res.body.id).not.toBe('mine');
    expect(res.body.meta).toMatchObject({ versionId: '1', profile: ['http://example.org/p'] });
  });

  it('reads the current version and every version by vread', async () => {
    const id = await createPatient(ctx);
    const updated = await fhir(ctx, 'test-ccm', 'PUT', `Patient/${id}`, { ...patient(), id, birthDate: '1950-01-01' });
    expect(updated.status).toBe(200);
    expect(updated.body.meta.versionId).toBe('2');
    expect((await fhir(ctx, 'test-ccm', 'GET', `Patient/${id}`)).body.birthDate).toBe('1950-01-01');
    const v1 = await fhir(ctx, 'test-ccm', 'GET', `Patient/${id}/_history/1`);
    expect(v1.status).toBe(200);
    expect(v1.body).toMatchObject({ birthDate: '1948-05-17', meta: { versionId: '1' } });
    expect((await fhir(ctx, 'test-ccm', 'GET', `Patient/${id}/_history/7`)).status).toBe(404);
  });

  it('lists the history of an instance, newest first, and of a type', async () => {
    const id = await createPatient(ctx);
    await fhir(ctx, 'test-ccm', 'PUT', `Patient/${id}`, { ...patient(), id, gender: 'male' });
    await fhir(ctx, 'test-ccm', 'DELETE', `Patient/${id}`);
    const history = await fhir(ctx, 'test-ccm', 'GET', `Patient/${id}/_history`);
    expect(history.body).toMatchObject({ resourceType: 'Bundle', type: 'history', total: 3 });
    expect(history.body.entry.map((e: any) => [e.request.method, e.response.etag])).toEqual([['DELETE', 'W/"3"'], ['PUT', 'W/"2"'], ['POST', 'W/"1"']]);
    expect(history.body.entry[0].resource).toBeUndefined();
    const typeHistory = await fhir(ctx, 'test-ccm', 'GET', 'Patient/_history?_count=2');
    expect(typeHistory.body.entry).toHaveLength(2);
    expect(typeHistory.body.total).toBeGreaterThanOrEqual(3);
    // The next page by cursor (paging.test.ts); _offset still answers the same versions.
    const next = await fhir(ctx, 'test-ccm', 'GET', typeHistory.body.link.find((l: any) => l.relation === 'next').url.split('/fhir/')[1]);
    const byOffset = await fhir(ctx, 'test-ccm', 'GET', 'Patient/_history?_count=2&_offset=2');
    expect(next.body.entry.map((e: any) => e.fullUrl + e.response.etag)).toEqual(byOffset.body.entry.map((e: any) => e.fullUrl + e.response.etag));
  });

  it.each(['_count=-1', '_offset=x', '_offset=99999999999999999999'])('refuses a history with %s with a 400 naming it', async (query) => {
    const res = await fhir(ctx, 'test-ccm', 'GET', `Patient/_history?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.issue[0].expression).toEqual([query.split('=')[0]]);
  });

  it('answers 410 Gone after a delete, and keeps deleting idempotent', async () => {
    const id = await createPatient(ctx);
    const del = await fhir(ctx, 'test-ccm', 'DELETE', `Patient/${id}`);
    expect(del.status).toBe(204);
    expect(del.headers.etag).toBe('W/"2"');
    const read = await fhir(ctx, 'test-ccm', 'GET', `Patient/${id}`);
    expect(read.status).toBe(410);
    expect(read.body.resourceType).toBe('OperationOutcome');
    expect((await fhir(ctx, 'test-ccm', 'DELETE', `Patient/${id}`)).status).toBe(204);
    expect((await fhir(ctx, 'test-ccm', 'DELETE', 'Patient/never-was')).status).toBe(404);
    expect((await fhir(ctx, 'test-ccm', 'GET', `Patient/${id}/_history/2`)).status).toBe(410);
  });

  it('updates with If-Match and answers 412 on a stale version', async () => {
    const id = await createPatient(ctx);
    const ok = await fhir(ctx, 'test-ccm', 'PUT', `Patient/${id}`, { ...patient(), id, gender: 'male' }, { 'if-match': 'W/"1"' });
    expect(ok.status).toBe(200);
    const stale = await fhir(ctx, 'test-ccm', 'PUT', `Patient/${id}`, { ...patient(), id, gender: 'other' }, { 'if-match': 'W/"1"' });
    expect(stale.status).toBe(412);
    expect(stale.body.resourceType).toBe('OperationOutcome');
    expect((await fhir(ctx, 'test-ccm', 'GET', `Patient/${id}`)).body.gender).toBe('male');
    expect((await fhir(ctx, 'test-ccm', 'PUT', `Patient/${id}`, { ...patient(), id }, { 'if-match': 'yesterday' })).status).toBe(400);
  });

  it('creates on update when the id is new (update as create)', async () => {
    const res = await fhir(ctx, 'test-ccm', 'PUT', 'Patient/chosen-id-1', { ...patient(), id: 'chosen-id-1' });
    expect(res.status).toBe(201);
    expect(res.body.meta.versionId).toBe('1');
  });

  it('rejects an update whose body does not match the URL', async () => {
    const id = await createPatient(ctx);
    const res = await fhir(ctx, 'test-ccm', 'PUT', `Patient/${id}`, { ...patient(), id: 'other' });
    expect(res.status).toBe(400);
    expect(res.body.issue[0].expression).toEqual(['Patient.id']);
  });

  it('patches a Patient with JSON Patch: birth date and an ethnic-group extension', async () => {
    const id = await createPatient(ctx, 'test-ccm', 8, { birthDate: undefined });
    const ext = { url: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-ethnicity', valueString: 'Not Hispanic or Latino' };
    const res = await fhir(ctx, 'test-ccm', 'PATCH', `Patient/${id}`, [
      { op: 'add', path: '/birthDate', value: '1944-02-29' },
      { op: 'add', path: '/extension', value: [ext] },
    ], { 'if-match': 'W/"1"' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ birthDate: '1944-02-29', extension: [ext], meta: { versionId: '2' } });
    const stale = await fhir(ctx, 'test-ccm', 'PATCH', `Patient/${id}`, [{ op: 'remove', path: '/birthDate' }], { 'if-match': 'W/"1"' });
    expect(stale.status).toBe(412);
  });

  it('rejects a patch that breaks the resource, changes its id, or is not a patch', async () => {
    const id = await createPatient(ctx);
    const invalidDate = await fhir(ctx, 'test-ccm', 'PATCH', `Patient/${id}`, [{ op: 'replace', path: '/birthDate', value: '1950-13-01' }]);
    expect(invalidDate.status).toBe(400);
    expect(invalidDate.body.issue[0].expression).toEqual(['Patient.birthDate']);
    expect((await fhir(ctx, 'test-ccm', 'PATCH', `Patient/${id}`, [{ op: 'replace', path: '/id', value: 'x' }])).status).toBe(400);
    expect((await fhir(ctx, 'test-ccm', 'PATCH', `Patient/${id}`, [{ op: 'jump', path: '/id' }])).status).toBe(400);
    expect((await fhir(ctx, 'test-ccm', 'PATCH', `Patient/${id}`, [{ op: 'test', path: '/gender', value: 'male' }])).status).toBe(422);
    expect((await fhir(ctx, 'test-ccm', 'PATCH', `Patient/${id}`, { birthDate: '1950' })).status).toBe(400);
    const wrongType = await fhir(ctx, 'test-ccm', 'PATCH', `Patient/${id}`, undefined, { 'content-type': 'application/fhir+json' });
    expect([400, 415]).toContain(wrongType.status);
    expect((await fhir(ctx, 'test-ccm', 'PATCH', 'Patient/nobody', [{ op: 'add', path: '/gender', value: 'male' }])).status).toBe(404);
  });

  it('names the invalid field and stores nothing', async () => {
    const id = await createPatient(ctx);
    const res = await fhir(ctx, 'test-ccm', 'POST', 'Observation', observation(id, { status: undefined, valueQuantity: { value: 'seventy', unit: '/min' } }));
    expect(res.status).toBe(400);
    const expressions = res.body.issue.flatMap((i: any) => i.expression);
    expect(expressions).toContain('Observation.status');
    expect(expressions.some((e: string) => e.startsWith('Observation.value'))).toBe(true);
    const search = await fhir(ctx, 'test-ccm', 'GET', `Observation?subject=${id}&_count=0`);
    expect(search.body.total).toBe(0);
  });

  it('answers malformed JSON, unknown types and unsupported bodies with an OperationOutcome, never 500', async () => {
    const bad = await fhir(ctx, 'test-ccm', 'POST', 'Patient', '{"resourceType":');
    expect(bad.status).toBe(400);
    expect(bad.body.resourceType).toBe('OperationOutcome');
    const plainJson = await ctx.app.inject({ method: 'POST', url: '/fhir/Patient', headers: { ...(await ctx.as('test-ccm')), 'content-type': 'application/json' }, payload: '{"x":' });
    expect(plainJson.statusCode).toBe(400);
    expect(plainJson.json().resourceType).toBe('OperationOutcome');
    expect((await fhir(ctx, 'test-ccm', 'GET', 'Spaceship/1')).status).toBe(404);
    expect((await fhir(ctx, 'test-ccm', 'POST', 'Patient', { resourceType: 'Observation' })).status).toBe(400);
    expect((await fhir(ctx, 'test-ccm', 'POST', 'Patient', [1, 2])).status).toBe(400);
    expect((await fhir(ctx, 'test-ccm', 'POST', 'Patient', 'null')).status).toBe(400);
    const xml = await ctx.app.inject({ method: 'POST', url: '/fhir/Patient', headers: { ...(await ctx.as('test-ccm')), 'content-type': 'application/fhir+xml' }, payload: '<Patient/>' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().resourceType).toBe('OperationOutcome');
  });

  it('publishes a CapabilityStatement of the supported types, interactions and parameters', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/fhir/metadata' });
    expect(res.statusCode).toBe(200);
    const cs = res.json();
    expect(cs).toMatchObject({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1', kind: 'instance' });
    const types = cs.rest[0].resource.map((r: any) => r.type);
    expect(types).toEqual(expect.arrayContaining(['Patient', 'Observation', 'ValueSet', 'Device', 'AdverseEvent']));
    expect(types).toHaveLength(16);
    expect(cs.rest[0].resource.find((r: any) => r.type === 'Group').interaction).toEqual([{ code: 'read' }, { code: 'search-type' }]);
    expect(cs.rest[0].resource.find((r: any) => r.type === 'Organization').interaction).toEqual([{ code: 'read' }, { code: 'vread' }, { code: 'search-type' }]);
    const obs = cs.rest[0].resource.find((r: any) => r.type === 'Observation');
    expect(obs.interaction.map((i: any) => i.code)).toEqual(expect.arrayContaining(['read', 'vread', 'update', 'patch', 'delete', 'history-instance', 'history-type', 'create', 'search-type']));
    expect(obs.searchParam.map((p: any) => p.name).sort()).toEqual(['code', 'date', 'device', 'encounter', 'identifier', 'patient', 'subject']);
    expect(cs.rest[0].interaction.map((i: any) => i.code)).toEqual(['transaction', 'batch']);
  });

  it('reads the organisations and the study that Patients and ResearchSubjects refer to, and changes neither', async () => {
    const organisation = await fhir(ctx, 'test-expert', 'GET', 'Organization/8');
    expect(organisation.status).toBe(200);
    expect(organisation.body).toMatchObject({ resourceType: 'Organization', id: '8', name: 'Milan Geriatric Institute' });
    expect((await fhir(ctx, 'test-expert', 'GET', 'ResearchStudy/geria')).body).toMatchObject({ resourceType: 'ResearchStudy', id: 'geria' });
    expect((await fhir(ctx, 'test-expert', 'GET', 'Organization/999')).status).toBe(404);
    // Read only: a write is an interaction the type has not (405), and nothing changes.
    expect((await fhir(ctx, 'test-expert', 'PUT', 'Organization/8', { resourceType: 'Organization', id: '8', name: 'Renamed' })).status).toBe(405);
    expect((await fhir(ctx, 'test-expert', 'GET', 'Organization/8')).body.name).toBe('Milan Geriatric Institute');
    expect((await fhir(ctx, 'test-expert', 'GET', 'Organization?_id=8')).body.entry.map((e: any) => e.resource.id)).toEqual(['8']);
  });

  it('records every write in the audit trail with interaction, type, id and version', async () => {
    const id = await createPatient(ctx, 'test-expert');
    await fhir(ctx, 'test-expert', 'PATCH', `Patient/${id}`, [{ op: 'replace', path: '/gender', value: 'male' }]);
    await fhir(ctx, 'test-expert', 'DELETE', `Patient/${id}`);
    const rows = await ctx.db.kysely.selectFrom('audit_event').selectAll().where('entity_id', '=', id).orderBy('id').execute();
    expect(rows.map((r) => [r.actor, r.actor_organisation, r.action, r.entity_type, (r.details as any).versionId])).toEqual([
      ['test-expert', 'MIL-GER', 'fhir.create', 'Patient', '1'],
      ['test-expert', 'MIL-GER', 'fhir.patch', 'Patient', '2'],
      ['test-expert', 'MIL-GER', 'fhir.delete', 'Patient', '3'],
    ]);
  });
});

describe('FHIR roles', () => {
  it('answers 401 without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/fhir/Patient' });
    expect(res.statusCode).toBe(401);
    expect(res.json().resourceType).toBe('OperationOutcome');
  });

  it('refuses clinical records to the Auditor and Tech (the domain access table); Tech reads devices', async () => {
    const id = await createPatient(ctx);
    for (const user of ['test-auditor', 'test-tech']) {
      expect((await fhir(ctx, user, 'GET', `Patient/${id}`)).status).toBe(403);
      expect((await fhir(ctx, user, 'POST', 'Patient', patient())).status).toBe(403);
      expect((await fhir(ctx, user, 'PUT', `Patient/${id}`, { ...patient(), id })).status).toBe(403);
      expect((await fhir(ctx, user, 'PATCH', `Patient/${id}`, [{ op: 'add', path: '/gender', value: 'male' }])).status).toBe(403);
      expect((await fhir(ctx, user, 'DELETE', `Patient/${id}`)).status).toBe(403);
      const bundle = await fhir(ctx, user, 'POST', '', { resourceType: 'Bundle', type: 'transaction', entry: [{ resource: patient(), request: { method: 'POST', url: 'Patient' } }] });
      expect(bundle.status).toBe(403);
    }
    expect((await fhir(ctx, 'test-tech', 'GET', 'Device')).status).toBe(200);
    expect((await fhir(ctx, 'test-auditor', 'GET', 'Device')).status).toBe(403);
  });

  it('gives the SysAdmin no clinical access', async () => {
    const id = await createPatient(ctx);
    const read = await fhir(ctx, 'test-sysadmin', 'GET', `Patient/${id}`);
    expect(read.status).toBe(403);
    expect(read.body.issue[0].code).toBe('forbidden');
    expect((await fhir(ctx, 'test-sysadmin', 'GET', 'Patient')).status).toBe(403);
    expect((await fhir(ctx, 'test-sysadmin', 'POST', 'Patient', patient())).status).toBe(403);
  });

  it('lets only a Tester or ClinicalExpert write shared resources', async () => {
    // ValueSets are the study's own and read only (study-value-sets.test.ts): a Questionnaire is the shared resource here.
    const questionnaire = { resourceType: 'Questionnaire', status: 'active', url: 'http://geria.example.org/q/arm', item: [{ linkId: 'arm', text: 'Arm', type: 'string' }] };
    expect((await fhir(ctx, 'test-ccm', 'POST', 'Questionnaire', questionnaire)).status).toBe(403);
    const created = await fhir(ctx, 'test-tester', 'POST', 'Questionnaire', questionnaire);
    expect(created.status).toBe(201);
    expect((await fhir(ctx, 'test-expert', 'PUT', `Questionnaire/${created.body.id}`, { ...questionnaire, id: created.body.id, status: 'retired' })).status).toBe(200);
    expect((await fhir(ctx, 'test-ccm', 'DELETE', `Questionnaire/${created.body.id}`)).status).toBe(403);
    expect((await fhir(ctx, 'test-ccm', 'GET', `Questionnaire/${created.body.id}`)).status).toBe(200);
    expect((await fhir(ctx, 'other-ccm', 'GET', `Questionnaire/${created.body.id}`)).status).toBe(200);
  });
});
