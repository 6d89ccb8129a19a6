import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createPatient, fhir, patient } from '../test/fhir-fixtures.ts';

// Issue 35: conditional update, every conditional header honoured or refused (never ignored),
// absolute fullUrls in write responses, and PATCH recorded as PATCH in the history.
let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const SYSTEM = 'https://registry.example.org/patients';
let serial = 0;
const identified = (value: string, extra: Record<string, unknown> = {}) => patient(undefined, { identifier: [{ system: SYSTEM, value }], ...extra });
const fresh = () => `cu-${Date.now()}-${serial++}`;
const byIdentifier = async (value: string) => (await fhir(ctx, 'test-ccm', 'GET', `Patient?identifier=${SYSTEM}|${value}`)).body.entry ?? [];

describe('FHIR conditional update (PUT Type?search)', () => {
  it('creates when nothing matches, then updates the one match', async () => {
    const value = fresh();
    const created = await fhir(ctx, 'test-ccm', 'PUT', `Patient?identifier=${SYSTEM}|${value}`, identified(value));
    expect(created.status).toBe(201);
    expect(created.headers.location).toMatch(new RegExp(`/fhir/Patient/${created.body.id}/_history/1$`));
    const updated = await fhir(ctx, 'test-ccm', 'PUT', `Patient?identifier=${SYSTEM}|${value}`, identified(value, { gender: 'male' }));
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, gender: 'male', meta: { versionId: '2' } });
    expect(await byIdentifier(value)).toHaveLength(1);
    // The body may carry the match's own id, no other.
    expect((await fhir(ctx, 'test-ccm', 'PUT', `Patient?identifier=${SYSTEM}|${value}`, { ...identified(value), id: created.body.id })).status).toBe(200);
    const otherId = await fhir(ctx, 'test-ccm', 'PUT', `Patient?identifier=${SYSTEM}|${value}`, { ...identified(value), id: 'someone-else' });
    expect(otherId.status).toBe(400);
    expect(otherId.body.issue[0].expression).toEqual(['Patient.id']);
  });

  it('answers 412 when several match, and changes none', async () => {
    const value = fresh();
    for (let i = 0; i < 2; i++) expect((await fhir(ctx, 'test-ccm', 'POST', 'Patient', identified(value))).status).toBe(201);
    const res = await fhir(ctx, 'test-ccm', 'PUT', `Patient?identifier=${SYSTEM}|${value}`, identified(value, { gender: 'male' }));
    expect(res.status).toBe(412);
    expect(res.body.resourceType).toBe('OperationOutcome');
    expect((await byIdentifier(value)).map((e: any) => e.resource.meta.versionId)).toEqual(['1', '1']);
  });

  it('honours If-Match on the matching resource', async () => {
    const value = fresh();
    await fhir(ctx, 'test-ccm', 'PUT', `Patient?identifier=${SYSTEM}|${value}`, identified(value));
    expect((await fhir(ctx, 'test-ccm', 'PUT', `Patient?identifier=${SYSTEM}|${value}`, identified(value), { 'if-match': 'W/"2"' })).status).toBe(412);
    expect((await fhir(ctx, 'test-ccm', 'PUT', `Patient?identifier=${SYSTEM}|${value}`, identified(value), { 'if-match': 'W/"1"' })).status).toBe(200);
    // Nothing matches: no version to be at.
    expect((await fhir(ctx, 'test-ccm', 'PUT', `Patient?identifier=${SYSTEM}|${fresh()}`, identified('x'), { 'if-match': 'W/"1"' })).status).toBe(412);
  });

  it('creates once when the same conditional update arrives twice at the same time', async () => {
    const value = fresh();
    const answers = await Promise.all([0, 1, 2].map(() => fhir(ctx, 'test-ccm', 'PUT', `Patient?identifier=${SYSTEM}|${value}`, identified(value))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(await byIdentifier(value)).toHaveLength(1);
  });

  it.each([
    ['Patient?colour=blue', 400],
    ['Patient?_count=5', 400],
    ['Patient', 405],
  ])('refuses PUT %s (%i): an unknown or empty search would match what it should not', async (url, status) => {
    const res = await fhir(ctx, 'test-ccm', 'PUT', url, patient());
    expect(res.status).toBe(status);
    expect(res.body.resourceType).toBe('OperationOutcome');
  });

  it('checks role and organisation: an Auditor may not, another organisation\'s match is not found', async () => {
    const value = fresh();
    expect((await fhir(ctx, 'test-auditor', 'PUT', `Patient?identifier=${SYSTEM}|${value}`, identified(value))).status).toBe(403);
    const mine = await fhir(ctx, 'test-ccm', 'PUT', `Patient?identifier=${SYSTEM}|${value}`, identified(value));
    // other-ccm does not see it, so its conditional update creates its own Patient.
    const theirs = await fhir(ctx, 'other-ccm', 'PUT', `Patient?identifier=${SYSTEM}|${value}`, patient(1, { identifier: [{ system: SYSTEM, value }] }));
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect((await fhir(ctx, 'test-ccm', 'GET', `Patient/${mine.body.id}`)).body.meta.versionId).toBe('1');
  });

  it('runs as a Bundle entry too (PUT Type?search), in a transaction and in a batch', async () => {
    const value = fresh();
    const entry = (gender: string) => ({ resource: identified(value, { gender }), request: { method: 'PUT', url: `Patient?identifier=${SYSTEM}|${value}` } });
    const first = await fhir(ctx, 'test-ccm', 'POST', '', { resourceType: 'Bundle', type: 'transaction', entry: [entry('female')] });
    expect(first.body.entry[0].response.status).toBe('201 Created');
    const second = await fhir(ctx, 'test-ccm', 'POST', '', { resourceType: 'Bundle', type: 'batch', entry: [entry('male')] });
    expect(second.body.entry[0].response).toMatchObject({ status: '200 OK', etag: 'W/"2"' });
    expect((await byIdentifier(value)).map((e: any) => e.resource.gender)).toEqual(['male']);
    const both = await fhir(ctx, 'test-ccm', 'POST', '', { resourceType: 'Bundle', type: 'batch', entry: [{ ...entry('other'), request: { method: 'PUT', url: `Patient/x?identifier=${SYSTEM}|${value}` } }] });
    expect(both.body.entry[0].response.status).toBe('400 Bad Request');
  });

  it('finds Patients stored before their identifiers were indexed (migration 112)', async () => {
    const value = fresh();
    const { body } = await fhir(ctx, 'test-ccm', 'POST', 'Patient', identified(value));
    await sql`update fhir_resource set tokens = array(select t from unnest(tokens) t where t not like 'identifier%') where id = ${body.id}`.execute(ctx.db.kysely);
    expect(await byIdentifier(value)).toHaveLength(0);
    await sql.raw(readFileSync(new URL('../db/migrations/112_patient_identifier_index.sql', import.meta.url), 'utf8')).execute(ctx.db.kysely);
    expect((await byIdentifier(value)).map((e: any) => e.resource.id)).toEqual([body.id]);
    expect((await fhir(ctx, 'test-ccm', 'GET', `Patient?identifier=${SYSTEM}|`)).body.entry.map((e: any) => e.resource.id)).toContain(body.id);
  });

  it('is declared in the CapabilityStatement, with conditional read', async () => {
    const { body } = await fhir(ctx, 'test-ccm', 'GET', 'metadata');
    expect(body.rest[0].resource.find((r: any) => r.type === 'Patient')).toMatchObject({ conditionalCreate: true, conditionalUpdate: true, conditionalRead: 'full-support' });
  });
});

describe('FHIR conditional headers: honoured or refused, never ignored', () => {
  it('refuses an If-None-Exist that names no criterion (header or Bundle entry) instead of matching every resource of the type', async () => {
    const value = fresh();
    await createPatient(ctx);
    const header = await fhir(ctx, 'test-ccm', 'POST', 'Patient', identified(value), { 'if-none-exist': '_count=1' });
    expect(header.status).toBe(400);
    expect(header.body.issue[0]).toMatchObject({ code: 'invalid', expression: ['If-None-Exist'] });
    const bundle = await fhir(ctx, 'test-ccm', 'POST', '', {
      resourceType: 'Bundle', type: 'transaction',
      entry: [{ fullUrl: 'urn:uuid:5d0c1c9e-8a4f-4b8e-9d3a-2f1e0c9b8a7d', resource: identified(value), request: { method: 'POST', url: 'Patient', ifNoneExist: '_sort=_id' } }],
    });
    expect(bundle.status).toBe(400);
    expect(await byIdentifier(value)).toHaveLength(0);
  });

  it('deletes with If-Match only at that version', async () => {
    const id = await createPatient(ctx);
    const stale = await fhir(ctx, 'test-ccm', 'DELETE', `Patient/${id}`, undefined, { 'if-match': 'W/"2"' });
    expect(stale.status).toBe(412);
    expect((await fhir(ctx, 'test-ccm', 'GET', `Patient/${id}`)).status).toBe(200);
    expect((await fhir(ctx, 'test-ccm', 'DELETE', `Patient/${id}`, undefined, { 'if-match': 'W/"1"' })).status).toBe(204);
  });

  it('answers a conditional read 304 when the client has the current version', async () => {
    const id = await createPatient(ctx);
    const read = await fhir(ctx, 'test-ccm', 'GET', `Patient/${id}`);
    const sameTag = await ctx.app.inject({ method: 'GET', url: `/fhir/Patient/${id}`, headers: { ...(await ctx.as('test-ccm')), 'if-none-match': 'W/"1"' } });
    expect(sameTag.statusCode).toBe(304);
    expect(sameTag.body).toBe('');
    expect(sameTag.headers.etag).toBe('W/"1"');
    expect((await fhir(ctx, 'test-ccm', 'GET', `Patient/${id}`, undefined, { 'if-none-match': 'W/"7"' })).status).toBe(200);
    const later = new Date(Date.parse(read.body.meta.lastUpdated) + 2000).toUTCString();
    const earlier = new Date(Date.parse(read.body.meta.lastUpdated) - 2000).toUTCString();
    expect((await ctx.app.inject({ method: 'GET', url: `/fhir/Patient/${id}`, headers: { ...(await ctx.as('test-ccm')), 'if-modified-since': later } })).statusCode).toBe(304);
    expect((await fhir(ctx, 'test-ccm', 'GET', `Patient/${id}`, undefined, { 'if-modified-since': earlier })).status).toBe(200);
  });

  it.each([
    ['POST', 'Patient', { 'if-match': 'W/"1"' }, 'If-Match'],
    ['POST', 'Patient', { 'if-none-match': '*' }, 'If-None-Match'],
    ['PUT', 'Patient/{id}', { 'if-none-match': 'W/"1"' }, 'If-None-Match'],
    ['PUT', 'Patient/{id}', { 'if-none-exist': 'identifier=a|b' }, 'If-None-Exist'],
    ['DELETE', 'Patient/{id}', { 'if-modified-since': 'Tue, 01 Jan 2030 00:00:00 GMT' }, 'If-Modified-Since'],
    ['GET', 'Patient?gender=female', { 'if-none-match': 'W/"1"' }, 'If-None-Match'],
    ['GET', 'Patient/{id}', { 'if-match': 'W/"1"' }, 'If-Match'],
  ] as const)('refuses %s %s with %o (400 naming the header)', async (method, url, headers, name) => {
    const id = await createPatient(ctx);
    const res = await fhir(ctx, 'test-ccm', method, url.replace('{id}', id), method === 'POST' || method === 'PUT' ? { ...patient(), ...(method === 'PUT' && { id }) } : undefined, headers);
    expect(res.status).toBe(400);
    expect(res.body.issue[0]).toMatchObject({ code: 'not-supported', expression: [name] });
    expect((await fhir(ctx, 'test-ccm', 'GET', `Patient/${id}`)).body.meta.versionId).toBe('1');
  });

  it('honours ifMatch on a Bundle DELETE entry and refuses it on a POST entry', async () => {
    const id = await createPatient(ctx);
    const bundle = (request: Record<string, unknown>, resource?: unknown) => ({ resourceType: 'Bundle', type: 'transaction', entry: [{ request, ...(resource !== undefined && { resource }) }] });
    expect((await fhir(ctx, 'test-ccm', 'POST', '', bundle({ method: 'DELETE', url: `Patient/${id}`, ifMatch: 'W/"3"' }))).status).toBe(412);
    expect((await fhir(ctx, 'test-ccm', 'POST', '', bundle({ method: 'POST', url: 'Patient', ifMatch: 'W/"1"' }, patient()))).status).toBe(400);
    expect((await fhir(ctx, 'test-ccm', 'POST', '', bundle({ method: 'DELETE', url: `Patient/${id}`, ifMatch: 'W/"1"' }))).status).toBe(200);
    expect((await fhir(ctx, 'test-ccm', 'GET', `Patient/${id}`)).status).toBe(410);
  });
});

describe('FHIR write answers and history', () => {
  it('gives transaction- and batch-response entries absolute fullUrls, as searchsets have', async () => {
    for (const type of ['transaction', 'batch']) {
      const res = await fhir(ctx, 'test-ccm', 'POST', '', { resourceType: 'Bundle', type, entry: [{ resource: patient(), request: { method: 'POST', url: 'Patient' } }] });
      expect(res.status).toBe(200);
      const [entry] = res.body.entry;
      expect(entry.fullUrl).toBe(`http://geria.test/fhir/Patient/${entry.resource.id}`);
      const found = await fhir(ctx, 'test-ccm', 'GET', `Patient?_id=${entry.resource.id}`);
      expect(found.body.entry[0].fullUrl).toBe(entry.fullUrl);
    }
  });

  it('records a PATCH as request.method PATCH in the history', async () => {
    const id = await createPatient(ctx);
    expect((await fhir(ctx, 'test-ccm', 'PATCH', `Patient/${id}`, [{ op: 'replace', path: '/gender', value: 'male' }])).status).toBe(200);
    await fhir(ctx, 'test-ccm', 'PUT', `Patient/${id}`, { ...patient(), id, gender: 'other' });
    const history = await fhir(ctx, 'test-ccm', 'GET', `Patient/${id}/_history`);
    expect(history.body.entry.map((e: any) => [e.request.method, e.request.url, e.response.status])).toEqual([
      ['PUT', `Patient/${id}`, '200 OK'], ['PATCH', `Patient/${id}`, '200 OK'], ['POST', 'Patient', '201 Created'],
    ]);
  });
});
