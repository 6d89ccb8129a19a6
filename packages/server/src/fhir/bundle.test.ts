import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildObservationBundle, LOINC, type FhirObservation } from '@geria/domain';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createPatient, fhir, loadExample, observation, patient } from '../test/fhir-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const post = (bundle: unknown, user = 'test-ccm') => fhir(ctx, user, 'POST', '', bundle);
const transaction = (entry: unknown[]) => ({ resourceType: 'Bundle', type: 'transaction', entry });
const count = async (url: string) => (await fhir(ctx, 'test-ccm', 'GET', `${url}${url.includes('?') ? '&' : '?'}_count=0`)).body.total as number;
const auditRows = async () => Number((await ctx.db.kysely.selectFrom('audit_event').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('FHIR transaction', () => {
  it('creates related resources at once, resolving urn:uuid references, and answers a transaction-response', async () => {
    const res = await post(transaction([
      { fullUrl: 'urn:uuid:4f6a30fb-cd3c-4ab6-8757-532101f72065', resource: patient(), request: { method: 'POST', url: 'Patient' } },
      { fullUrl: 'urn:uuid:a2b9d0c1-5f0e-4d7e-9b8a-1c2d3e4f5a6b', resource: { resourceType: 'Encounter', status: 'in-progress', class: { code: 'AMB' },
        subject: { reference: 'urn:uuid:4f6a30fb-cd3c-4ab6-8757-532101f72065' } }, request: { method: 'POST', url: 'Encounter' } },
      { resource: { resourceType: 'ResearchSubject', status: 'on-study', study: { reference: 'ResearchStudy/geria' },
        individual: { reference: 'urn:uuid:4f6a30fb-cd3c-4ab6-8757-532101f72065' } }, request: { method: 'POST', url: 'ResearchSubject' } },
      { resource: observation('x', { subject: { reference: 'urn:uuid:4f6a30fb-cd3c-4ab6-8757-532101f72065' }, encounter: { reference: 'urn:uuid:a2b9d0c1-5f0e-4d7e-9b8a-1c2d3e4f5a6b' } }),
        request: { method: 'POST', url: 'Observation' } },
    ]));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ resourceType: 'Bundle', type: 'transaction-response' });
    expect(res.body.response_body).toBeUndefined();
    expect(res.body.entry.map((e: any) => e.response.status)).toEqual(['201 Created', '201 Created', '201 Created', '201 Created']);
    const [patientEntry, encounterEntry, , obsEntry] = res.body.entry;
    expect(patientEntry.response.location).toMatch(/^Patient\/[\w-]+\/_history\/1$/);
    expect(obsEntry.resource.subject.reference).toBe(`Patient/${patientEntry.resource.id}`);
    expect(obsEntry.resource.encounter.reference).toBe(`Encounter/${encounterEntry.resource.id}`);
    expect(await count(`ResearchSubject?individual=${patientEntry.resource.id}`)).toBe(1);
    expect(await count(`Observation?encounter=${encounterEntry.resource.id}`)).toBe(1);
  });

  it('stores nothing when one entry is invalid, and names the field', async () => {
    const id = await createPatient(ctx);
    const [patients, audits] = [await count('Patient'), await auditRows()];
    const res = await post(transaction([
      { resource: patient(), request: { method: 'POST', url: 'Patient' } },
      { resource: observation(id), request: { method: 'POST', url: 'Observation' } },
      { resource: observation(id, { status: 'done' }), request: { method: 'POST', url: 'Observation' } },
    ]));
    expect(res.status).toBe(400);
    expect(res.body.resourceType).toBe('OperationOutcome');
    expect(res.body.issue[0].expression).toEqual(['Bundle.entry[2].resource.status']);
    expect(await count('Patient')).toBe(patients);
    expect(await count(`Observation?subject=${id}`)).toBe(0);
    expect(await auditRows()).toBe(audits);
  });

  it('stores each created entry as it answers it: current and history version, audit record with its participant', async () => {
    const id = await createPatient(ctx);
    const values = [61, 62.5, 63];
    const res = await post(transaction(values.map((value, i) => ({ resource: observation(id, {
      effectiveDateTime: `2024-03-0${i + 1}T10:00:00Z`, valueQuantity: { value, unit: 'beats/minute', system: 'http://unitsofmeasure.org', code: '/min' },
    }), request: { method: 'POST', url: 'Observation' } }))));
    expect(res.status).toBe(200);
    const answered = res.body.entry.map((e: any) => e.resource);
    expect(answered.map((r: any) => r.valueQuantity.value)).toEqual(values);
    const ids = answered.map((r: any) => r.id as string);
    const byId = <T extends { id: string }>(rows: T[]) => ids.map((i: string) => rows.find((r) => r.id === i));
    const current = byId(await ctx.db.kysely.selectFrom('fhir_resource').select(['id', 'content', 'patient_id', 'version_id', 'date_start', 'tokens']).where('id', 'in', ids).execute());
    const history = byId(await ctx.db.kysely.selectFrom('fhir_history').select(['id', 'content', 'method', 'version_id']).where('id', 'in', ids).execute());
    const audits = byId((await ctx.db.kysely.selectFrom('audit_event').select(['entity_id', 'action', 'before', 'after', 'details', 'participant_id', 'actor'])
      .where('entity_id', 'in', ids).execute()).map((a) => ({ ...a, id: a.entity_id! })));
    answered.forEach((resource: any, i: number) => {
      expect(current[i]).toMatchObject({ content: resource, patient_id: id, version_id: 1, date_start: new Date(`2024-03-0${i + 1}T10:00:00Z`) });
      expect(current[i]!.tokens).toContain('code=http://loinc.org|8867-4');
      expect(history[i]).toMatchObject({ content: resource, method: 'POST', version_id: 1 });
      expect(audits[i]).toMatchObject({ action: 'fhir.create', before: null, after: resource, participant_id: id, actor: 'test-ccm',
        details: { interaction: 'create', versionId: '1', lastUpdated: resource.meta.lastUpdated } });
    });
  });

  it('rolls back earlier entries when a later one fails while running', async () => {
    const id = await createPatient(ctx);
    const res = await post(transaction([
      { resource: observation(id), request: { method: 'POST', url: 'Observation' } },
      { request: { method: 'DELETE', url: 'Observation/does-not-exist' } },
    ]));
    expect(res.status).toBe(404);
    expect(res.body.issue[0].expression).toEqual(['Bundle.entry[1]']);
    expect(await count(`Observation?subject=${id}`)).toBe(0);
  });

  it('rejects an unresolved urn:uuid and a reference to a missing Patient', async () => {
    const unresolved = await post(transaction([
      { resource: observation('x', { subject: { reference: 'urn:uuid:00000000-0000-4000-8000-000000000000' } }), request: { method: 'POST', url: 'Observation' } },
    ]));
    expect(unresolved.status).toBe(400);
    expect(unresolved.body.issue[0].expression).toEqual(['Bundle.entry[0].resource.subject.reference']);
    const missing = await post(transaction([{ resource: observation('nobody'), request: { method: 'POST', url: 'Observation' } }]));
    expect(missing.status).toBe(422);
    expect(missing.body.issue[0].expression).toEqual(['Bundle.entry[0].resource.subject']);
  });

  it('answers 412 and rolls back on a stale ifMatch', async () => {
    const id = await createPatient(ctx);
    const res = await post(transaction([
      { resource: observation(id), request: { method: 'POST', url: 'Observation' } },
      { resource: { ...patient(), id, gender: 'male' }, request: { method: 'PUT', url: `Patient/${id}`, ifMatch: 'W/"4"' } },
    ]));
    expect(res.status).toBe(412);
    expect(await count(`Observation?subject=${id}`)).toBe(0);
  });

  it('runs GET entries after the writes and returns their results', async () => {
    const id = await createPatient(ctx);
    const res = await post(transaction([
      { request: { method: 'GET', url: `Observation?subject=${id}&_count=0` } },
      { request: { method: 'GET', url: `Patient/${id}` } },
      { resource: observation(id), request: { method: 'POST', url: 'Observation' } },
    ]));
    expect(res.status).toBe(200);
    expect(res.body.entry[0].resource).toMatchObject({ resourceType: 'Bundle', type: 'searchset', total: 1 });
    expect(res.body.entry[1].resource).toMatchObject({ resourceType: 'Patient', id });
  });

  it('accepts the bundles of the domain observation builder: POST, then PUT and DELETE', async () => {
    const id = await createPatient(ctx);
    const heartRate = { system: LOINC, code: '8867-4', display: 'Heart rate' };
    const weight = { system: LOINC, code: '29463-7', display: 'Body weight' };
    const item = (code: typeof heartRate, value: number | null, extra: Record<string, unknown> = {}) => ({
      patient: id, type: 'Editable', alreadyPresent: false, code, inBundle: true, status: 'final',
      quantity: { value, unit: code === weight ? 'kg' : '/min' }, effectiveDateTime: '2024-06-01T09:00:00Z', ...extra,
    });
    const first = buildObservationBundle([item(heartRate, 70), item(weight, 81.5)]);
    if (!first.ok) throw new Error('builder refused the items');
    expect(first.bundle.entry.map((e) => e.request.method)).toEqual(['POST', 'POST']);
    const created = await post(first.bundle);
    expect(created.status).toBe(200);
    const [hrId, weightId] = created.body.entry.map((e: any) => e.resource.id);
    const previous = created.body.entry.map((e: any) => e.resource as FhirObservation);
    const second = buildObservationBundle([
      item(heartRate, 74, { alreadyPresent: true, id: hrId }),
      item(weight, null, { alreadyPresent: true, id: weightId }),
    ], { previous });
    if (!second.ok) throw new Error('builder refused the items');
    expect(second.bundle.entry.map((e) => `${e.request.method} ${e.request.url}`)).toEqual([`PUT Observation/${hrId}`, `DELETE Observation/${weightId}`]);
    const saved = await post(second.bundle);
    expect(saved.status).toBe(200);
    expect(saved.body.entry.map((e: any) => e.response.status)).toEqual(['200 OK', '204 No Content']);
    expect((await fhir(ctx, 'test-ccm', 'GET', `Observation/${hrId}`)).body).toMatchObject({ valueQuantity: { value: 74 }, meta: { versionId: '2' } });
    expect((await fhir(ctx, 'test-ccm', 'GET', `Observation/${weightId}`)).status).toBe(410);
  });

  it('refuses malformed bundles and unsupported entries', async () => {
    expect((await post({ resourceType: 'Patient' })).status).toBe(400);
    expect((await post({ resourceType: 'Bundle', type: 'document', entry: [] })).status).toBe(400);
    const noRequest = await post(transaction([{ resource: patient() }]));
    expect(noRequest.status).toBe(400);
    expect(noRequest.body.issue[0].expression[0]).toMatch(/^Bundle\.entry\[0\]\.request/);
    const patch = await post(transaction([{ request: { method: 'PATCH', url: 'Patient/1' } }]));
    expect(patch.status).toBe(400);
    expect(patch.body.issue[0].code).toBe('not-supported');
    expect((await post(transaction([{ resource: patient(), request: { method: 'PUT', url: 'Patient/p1', ifNoneExist: 'identifier=x' } }]))).status).toBe(400);
    expect((await post(transaction([{ resource: patient(), request: { method: 'POST', url: 'Observation' } }]))).status).toBe(400);
    expect((await post(transaction([{ request: { method: 'DELETE', url: 'http://elsewhere.example.org/fhir/Patient/1' } }]))).status).toBe(400);
  });

  it('rejects the HL7 example transaction as a whole and stores nothing', async () => {
    const before = await count('Patient');
    const res = await post(loadExample('Bundle-bundle-transaction.json'));
    expect(res.status).toBe(400);
    expect(res.body.resourceType).toBe('OperationOutcome');
    expect(await count('Patient')).toBe(before);
  });
});

describe('FHIR batch', () => {
  it('answers each entry on its own', async () => {
    const id = await createPatient(ctx);
    const res = await post({ resourceType: 'Bundle', type: 'batch', entry: [
      { resource: observation(id), request: { method: 'POST', url: 'Observation' } },
      { resource: observation(id, { status: 'done' }), request: { method: 'POST', url: 'Observation' } },
      { request: { method: 'GET', url: 'Observation/nothing' } },
      { request: { method: 'GET', url: `Observation?subject=${id}` } },
    ] });
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('batch-response');
    expect(res.body.entry.map((e: any) => e.response.status)).toEqual(['201 Created', '400 Bad Request', '404 Not Found', '200 OK']);
    expect(res.body.entry[1].response.outcome.issue[0].expression).toEqual(['Bundle.entry[1].resource.status']);
    expect(res.body.entry[3].resource.total).toBe(1);
  });

  it('answers the HL7 example batch entry by entry, without failing the whole', async () => {
    const res = await post(loadExample('Bundle-bundle-request-medsallergies.json'));
    expect(res.status).toBe(200);
    expect(res.body.entry).toHaveLength(5);
    for (const entry of res.body.entry) expect(entry.response.status).toMatch(/^(200|400|404)/);
  });
});
