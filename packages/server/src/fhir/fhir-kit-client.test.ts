import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'fhir-kit-client';
import { createTestContext, type TestContext } from '../test/context.ts';
import { freePort } from '../test/http-client.ts';
import { createPatient, observation } from '../test/fhir-fixtures.ts';

// The writes this change made standard (conditional create, ids, Device identifier) as a widely used
// JavaScript FHIR client (fhir-kit-client) makes them over HTTP, not as hand-built requests.
let ctx: TestContext;
let client: Client;
let base: string;
beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ctx = await createTestContext({ PUBLIC_URL: base });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  const bearerToken = (await ctx.as('test-ccm')).authorization.replace(/^Bearer /, '');
  client = new Client({ baseUrl: `${base}/fhir`, bearerToken });
});
afterAll(async () => { await ctx?.close(); });

const SYSTEM = 'https://hub.example.org/readings';
const idOf = (resource: unknown) => (resource as { id: string }).id;

describe('FHIR as fhir-kit-client writes it', () => {
  it('creates once with If-None-Exist, and the second create answers the stored resource', async () => {
    const patientId = await createPatient(ctx);
    const body = observation(patientId, { identifier: [{ system: SYSTEM, value: `r-${patientId}` }] });
    const options = { headers: { 'If-None-Exist': `identifier=${SYSTEM}|r-${patientId}` } };
    const first = await client.create({ resourceType: 'Observation', body, options });
    const second = await client.create({ resourceType: 'Observation', body, options });
    expect(idOf(second)).toBe(idOf(first));
    const found = await client.search({ resourceType: 'Observation', searchParams: { identifier: `${SYSTEM}|r-${patientId}` } }) as { entry?: unknown[] };
    expect(found.entry).toHaveLength(1);
  });

  it('is refused an If-None-Exist naming no criterion, and nothing is created', async () => {
    const patientId = await createPatient(ctx);
    const body = observation(patientId);
    await expect(client.create({ resourceType: 'Observation', body, options: { headers: { 'If-None-Exist': '_count=1' } } }))
      .rejects.toMatchObject({ response: { status: 400, data: { resourceType: 'OperationOutcome', issue: [{ expression: ['If-None-Exist'] }] } } });
    const found = await client.search({ resourceType: 'Observation', searchParams: { subject: `Patient/${patientId}` } }) as { entry?: unknown[] };
    expect(found.entry ?? []).toHaveLength(0);
  });

  it('is refused an update-as-create whose id already names another record (here the participant)', async () => {
    const patientId = await createPatient(ctx);
    const body = { ...observation(patientId), id: patientId };
    await expect(client.update({ resourceType: 'Observation', id: patientId, body })).rejects.toMatchObject({ response: { status: 409 } });
    const found = await client.search({ resourceType: 'Observation', searchParams: { subject: `Patient/${patientId}` } }) as { entry?: unknown[] };
    expect(found.entry ?? []).toHaveLength(0);
  });

  it('creates a Device once in a transaction Bundle, conditionally on its identifier', async () => {
    const patientId = await createPatient(ctx);
    const serial = `SER-${patientId.slice(0, 8)}`;
    const bundle = {
      resourceType: 'Bundle', type: 'transaction',
      entry: [{
        fullUrl: 'urn:uuid:6f1d2c3b-4a5e-4f60-8b7c-9d0e1f2a3b4c',
        resource: { resourceType: 'Device', identifier: [{ system: SYSTEM, value: serial }], patient: { reference: `Patient/${patientId}` } },
        request: { method: 'POST', url: 'Device', ifNoneExist: `identifier=${SYSTEM}|${serial}` },
      }],
    };
    await client.transaction({ body: bundle });
    await client.transaction({ body: bundle });
    const found = await client.search({ resourceType: 'Device', searchParams: { identifier: `${SYSTEM}|${serial}` } }) as { entry?: unknown[] };
    expect(found.entry).toHaveLength(1);
  });
});

// Issue 35: what the same client library could not do before.
describe('FHIR search and conditional writes as fhir-kit-client makes them', () => {
  it('updates conditionally: creates when nothing matches, then updates the match', async () => {
    const value = `cu-${Date.now()}`;
    const body = { resourceType: 'Patient', identifier: [{ system: SYSTEM, value }], managingOrganization: { reference: 'Organization/8' }, gender: 'female' };
    const created = await client.update({ resourceType: 'Patient', searchParams: { identifier: `${SYSTEM}|${value}` }, body });
    const updated = await client.update({ resourceType: 'Patient', searchParams: { identifier: `${SYSTEM}|${value}` }, body: { ...body, gender: 'male' } }) as unknown as { id: string; gender: string };
    expect(updated).toMatchObject({ id: idOf(created), gender: 'male' });
  });

  it('searches with _include, _revinclude, _summary=count and an unknown parameter', async () => {
    const patientId = await createPatient(ctx);
    await client.create({ resourceType: 'Observation', body: observation(patientId) });
    const included = await client.search({ resourceType: 'Observation', searchParams: { subject: patientId, _include: 'Observation:subject' } }) as unknown as { entry: { search: { mode: string } }[] };
    expect(included.entry.map((e) => e.search.mode)).toEqual(['match', 'include']);
    const reverse = await client.search({ resourceType: 'Patient', searchParams: { _id: patientId, _revinclude: 'Observation:subject' } }) as unknown as { entry: unknown[] };
    expect(reverse.entry).toHaveLength(2);
    const count = await client.search({ resourceType: 'Observation', searchParams: { subject: patientId, _summary: 'count' } }) as unknown as { total: number; entry?: unknown[] };
    expect(count).toMatchObject({ total: 1 });
    expect(count.entry ?? []).toHaveLength(0);
    const lenient = await client.search({ resourceType: 'Observation', searchParams: { subject: patientId, colour: 'blue' } }) as unknown as { entry: { search: { mode: string } }[] };
    expect(lenient.entry.map((e) => e.search.mode)).toEqual(['match', 'outcome']);
  });

  it('reads the CapabilityStatement\'s conditional update, includes and revincludes', async () => {
    const capability = await client.capabilityStatement() as unknown as { rest: { resource: { type: string; conditionalUpdate?: boolean; searchRevInclude?: string[] }[] }[] };
    const patientResource = capability.rest[0].resource.find((r) => r.type === 'Patient')!;
    expect(patientResource.conditionalUpdate).toBe(true);
    expect(patientResource.searchRevInclude).toContain('Observation:subject');
  });

  it('finds where to sign in (SMART discovery): the issuer\'s authorize and token endpoints', async () => {
    const auth = await client.smartAuthMetadata();
    expect(auth.authorizeUrl?.href).toBe(`${base}/auth/auth`);
    expect(auth.tokenUrl?.href).toBe(`${base}/auth/token`);
  });

  it('asks for some elements only (_elements) or the summary (_summary=true), and reads a study ValueSet', async () => {
    const patientId = await createPatient(ctx);
    await client.create({ resourceType: 'Observation', body: observation(patientId) });
    type Page = { entry: { resource: Record<string, unknown> & { meta?: { tag?: { code: string }[] } } }[] };
    const elements = await client.search({ resourceType: 'Observation', searchParams: { subject: patientId, _elements: 'status' } }) as unknown as Page;
    const [narrow] = elements.entry.map((e) => e.resource);
    // The element asked for and the mandatory ones (code), not the rest.
    expect(Object.keys(narrow!).sort()).toEqual(['code', 'id', 'meta', 'resourceType', 'status']);
    expect(narrow!.meta?.tag).toContainEqual(expect.objectContaining({ code: 'SUBSETTED' }));
    const summary = await client.search({ resourceType: 'Patient', searchParams: { _id: patientId, _summary: 'true' } }) as unknown as Page;
    expect(summary.entry[0]!.resource.meta?.tag).toContainEqual(expect.objectContaining({ code: 'SUBSETTED' }));
    const valueSet = await client.read({ resourceType: 'ValueSet', id: 'recruitmentStatus' }) as unknown as { expansion: { contains: { code: string }[] } };
    expect(valueSet.expansion.contains.map((c) => c.code)).toContain('pending');
  });

  it('is told 406 when it asks for XML', async () => {
    await expect(client.read({ resourceType: 'Patient', id: await createPatient(ctx), options: { headers: { accept: 'application/fhir+xml' } } }))
      .rejects.toMatchObject({ response: { status: 406 } });
  });
});

// Issue 36: the page links a client follows as it is given them (nextPage, prevPage), cursors for searches and histories alike.
describe('FHIR pages as fhir-kit-client walks them', () => {
  type Page = { total?: number; link?: { relation: string; url: string }[]; entry?: { resource?: { id: string }; response?: { etag: string } }[] };
  /** Every page from `first` on by nextPage, and back from the last by prevPage: what each read, in order. */
  async function walkBothWays(first: Page, read: (page: Page) => string[]) {
    const forwards: string[] = [];
    let page: Page | undefined = first;
    let last: Page = first;
    for (; page; page = await client.nextPage({ bundle: page as never }) as Page | undefined) {
      forwards.push(...read(page));
      last = page;
    }
    const backwards: string[][] = [];
    for (page = last; page; page = await client.prevPage({ bundle: page as never }) as Page | undefined) backwards.unshift(read(page));
    return { forwards, backwards: backwards.flat() };
  }

  it('reads every match of a search once by nextPage, and again by prevPage', async () => {
    const patientId = await createPatient(ctx);
    const created: string[] = [];
    for (let i = 0; i < 7; i++) created.push(idOf(await client.create({ resourceType: 'Observation', body: observation(patientId) })));
    const first = await client.search({ resourceType: 'Observation', searchParams: { subject: patientId, _sort: '_lastUpdated', _count: 3 } }) as unknown as Page;
    expect(first.link?.find((l) => l.relation === 'next')?.url).toContain('_cursor=');
    const { forwards, backwards } = await walkBothWays(first, (page) => (page.entry ?? []).map((e) => e.resource!.id));
    expect(forwards).toEqual(created);
    expect(backwards).toEqual(created);
  });

  it('reads every version of a history once by nextPage (default page size), and again by prevPage', async () => {
    const patientId = await createPatient(ctx);
    const id = idOf(await client.create({ resourceType: 'Observation', body: observation(patientId) }));
    for (let v = 2; v <= 45; v++) await client.update({ resourceType: 'Observation', id, body: { ...observation(patientId, { valueString: `v${v}` }), id } });
    const first = await client.resourceHistory({ resourceType: 'Observation', id }) as unknown as Page;
    expect(first.total).toBe(45);
    const { forwards, backwards } = await walkBothWays(first, (page) => (page.entry ?? []).map((e) => e.response!.etag));
    const newestFirst = Array.from({ length: 45 }, (_, i) => `W/"${45 - i}"`);
    expect(forwards).toEqual(newestFirst);
    expect(backwards).toEqual(newestFirst);
  });
});
