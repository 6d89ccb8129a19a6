import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createPatient, fhir, observation } from '../test/fhir-fixtures.ts';

// Issue 35: the search result parameters FHIR clients send (_summary, _elements, _total, _format,
// _pretty), unknown parameters ignored unless Prefer: handling=strict, and answers in JSON only.
let ctx: TestContext;
let patientId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  patientId = await createPatient(ctx);
  for (const value of [70, 80]) {
    const res = await fhir(ctx, 'test-ccm', 'POST', 'Observation', observation(patientId, {
      text: { status: 'generated', div: '<div xmlns="http://www.w3.org/1999/xhtml">Heart rate</div>' },
      category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs' }] }],
      valueQuantity: { value, unit: 'beats/minute', system: 'http://unitsofmeasure.org', code: '/min' },
    }));
    expect(res.status).toBe(201);
  }
});
afterAll(async () => { await ctx?.close(); });

const search = (query: string, headers: Record<string, string> = {}) => fhir(ctx, 'test-ccm', 'GET', `Observation?subject=${patientId}&${query}`, undefined, headers);
const matches = (body: any) => (body.entry ?? []).filter((e: any) => e.search.mode === 'match').map((e: any) => e.resource);
const SUBSETTED = { system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationValue', code: 'SUBSETTED' };

describe('FHIR search: unknown parameters', () => {
  it('ignores an unknown parameter and names it in an outcome entry of the searchset, in the reader\'s language', async () => {
    const res = await search('colour=blue', { 'accept-language': 'it' });
    expect(res.status).toBe(200);
    expect(matches(res.body)).toHaveLength(2);
    expect(res.body.total).toBe(2);
    const outcome = res.body.entry.at(-1);
    expect(outcome.search).toEqual({ mode: 'outcome' });
    expect(outcome.fullUrl).toBeUndefined();
    expect(outcome.resource).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'warning', code: 'not-supported', expression: ['colour'] }] });
    expect(outcome.resource.issue[0].details.text).toContain('ignorato');
  });

  it('refuses it with 400 under Prefer: handling=strict', async () => {
    const res = await search('colour=blue', { prefer: 'handling=strict' });
    expect(res.status).toBe(400);
    expect(res.body.issue[0].expression).toEqual(['colour']);
  });

  it('adds no outcome entry when every parameter is known', async () => {
    const res = await search('code=8867-4');
    expect(res.body.entry.map((e: any) => e.search.mode)).toEqual(['match', 'match']);
  });
});

describe('FHIR search: _summary, _elements, _total', () => {
  it('_summary=count answers the number of matches only', async () => {
    const res = await search('_summary=count');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.entry ?? []).toEqual([]);
  });

  it('_summary=true answers the summary elements, tagged SUBSETTED', async () => {
    const [first] = matches((await search('_summary=true')).body);
    expect(first).toMatchObject({ resourceType: 'Observation', status: 'final', code: expect.any(Object), subject: expect.any(Object), valueQuantity: expect.any(Object) });
    expect(first.meta.tag).toContainEqual(SUBSETTED);
    // category and text are not summary elements of Observation in R4.
    expect(first.category).toBeUndefined();
    expect(first.text).toBeUndefined();
  });

  it('_summary=text answers text and the mandatory elements; _summary=data all but text', async () => {
    const [text] = matches((await search('_summary=text')).body);
    expect(Object.keys(text).sort()).toEqual(['code', 'id', 'meta', 'resourceType', 'status', 'text']);
    const [data] = matches((await search('_summary=data')).body);
    expect(data.text).toBeUndefined();
    expect(data.category).toBeDefined();
    expect(data.meta.tag).toContainEqual(SUBSETTED);
    const [whole] = matches((await search('_summary=false')).body);
    expect(whole.text).toBeDefined();
    expect(whole.meta.tag).toBeUndefined();
  });

  it('_elements answers the elements named, with id, meta and the mandatory ones', async () => {
    const [first] = matches((await search('_elements=valueQuantity,Observation.effective')).body);
    expect(Object.keys(first).sort()).toEqual(['code', 'effectiveDateTime', 'id', 'meta', 'resourceType', 'status', 'valueQuantity']);
    expect(first.meta.tag).toContainEqual(SUBSETTED);
    const unknown = await search('_elements=colour');
    expect(unknown.status).toBe(400);
    expect(unknown.body.issue[0].expression).toEqual(['_elements']);
    expect((await search('_summary=maybe')).status).toBe(400);
  });

  it('_total=none leaves the total out, _total=accurate gives it', async () => {
    const none = await search('_total=none&_count=1');
    expect(none.status).toBe(200);
    expect(none.body.total).toBeUndefined();
    expect((await search('_total=accurate&_count=1')).body.total).toBe(2);
  });

  it('keeps the result parameters in the paging links', async () => {
    const res = await search('_summary=data&_count=1');
    expect(res.body.link.find((l: any) => l.relation === 'next').url).toContain('_summary=data');
  });
});

describe('FHIR formats', () => {
  it('answers _format=json and indents for _pretty=true', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/fhir/Observation?subject=${patientId}&_format=json&_pretty=true`, headers: await ctx.as('test-ccm') });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('\n  "resourceType": "Bundle"');
    expect(res.json().total).toBe(2);
    const read = await ctx.app.inject({ method: 'GET', url: `/fhir/Patient/${patientId}?_format=application/fhir%2Bjson&_pretty=false`, headers: await ctx.as('test-ccm') });
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain('\n');
    expect((await fhir(ctx, 'test-ccm', 'GET', `Patient/${patientId}/_history?_format=json`)).status).toBe(200);
  });

  it.each([
    [{ accept: 'application/fhir+xml' }, ''],
    [{ accept: 'application/xml, text/xml' }, ''],
    [{}, '_format=xml'],
    [{ accept: 'application/fhir+json' }, '_format=application/fhir%2Bxml'],
  ])('answers 406 with an OperationOutcome to %o %s', async (headers, format) => {
    const res = await fhir(ctx, 'test-ccm', 'GET', `Patient/${patientId}${format && `?${format}`}`, undefined, headers);
    expect(res.status).toBe(406);
    expect(res.headers['content-type']).toContain('application/fhir+json');
    expect(res.body).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'not-supported' }] });
  });

  it('serves JSON to clients that accept it among others', async () => {
    for (const accept of ['application/fhir+xml;q=1.0, application/fhir+json;q=0.9', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'application/json']) {
      expect((await fhir(ctx, 'test-ccm', 'GET', `Patient/${patientId}`, undefined, { accept })).status).toBe(200);
    }
    expect((await fhir(ctx, 'test-ccm', 'GET', `Patient/${patientId}`, undefined, { accept: 'application/fhir+json;q=0, application/fhir+xml' })).status).toBe(406);
  });
});
