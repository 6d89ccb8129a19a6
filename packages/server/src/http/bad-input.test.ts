import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createParticipant, newParticipant } from '../participants/test-helpers.ts';

let ctx: TestContext;
let participantId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  participantId = await createParticipant(ctx);
});
afterAll(async () => { await ctx?.close(); });

// Built as text: JSON.stringify itself overflows the stack on 5 000 levels.
const DEEP = `${'['.repeat(5_000)}1${']'.repeat(5_000)}`;
const DEEP_MARK = '<deeply nested arrays>';

/** Row counts of every table a write may touch: a refused request must leave them all as they were. */
async function counts(): Promise<Record<string, number>> {
  const { rows } = await sql<Record<string, number>>`select
    (select count(*)::int from participant) as participant, (select count(*)::int from device) as device,
    (select count(*)::int from identity) as identity, (select count(*)::int from fhir_resource) as fhir,
    (select count(*)::int from fhir_history) as history, (select count(*)::int from app_user) as users,
    (select count(*)::int from audit_event) as audit`.execute(ctx.db.kysely);
  return rows[0];
}

interface Family { name: string; method: 'POST' | 'PUT'; url: () => string; user: string; contentType?: string; body: () => Record<string, unknown> }

const observation = () => ({
  resourceType: 'Observation', status: 'final', code: { coding: [{ system: 'http://loinc.org', code: '29463-7' }] },
  subject: { reference: `Patient/${participantId}` }, effectiveDateTime: '2026-10-01T10:00:00Z',
  valueQuantity: { value: 70, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' },
});

const families: Family[] = [
  { name: 'participant create', method: 'POST', url: () => '/api/v1/participant', user: 'test-ccm', body: () => newParticipant() },
  { name: 'participant update', method: 'PUT', url: () => `/api/v1/participant/${participantId}`, user: 'test-ccm', body: () => newParticipant() },
  { name: 'device', method: 'POST', url: () => `/api/v1/participant/${participantId}/device`, user: 'test-ccm', body: () => ({ type: 'smartwatch', serial: 'SW-FUZZ', status: 'active' }) },
  { name: 'external id', method: 'POST', url: () => `/api/v1/participant/${participantId}/identity`, user: 'test-ccm', body: () => ({ Scope: 3, Status: 1, IdentityID: 'FUZZ-1' }) },
  {
    name: 'medication', method: 'POST', url: () => `/api/v1/participant/${participantId}/medication`, user: 'test-ccm',
    body: () => ({ substance: 'Ramipril', dose: 1, doseUnit: 'tablet', psychoactive: false, frequency: 1, period: 1, periodUnit: 'd', start: '2026-01-10' }),
  },
  { name: 'supplement', method: 'POST', url: () => `/api/v1/participant/${participantId}/supplement`, user: 'test-ccm', body: () => ({ name: 'Vitamin D' }) },
  { name: 'FHIR create', method: 'POST', url: () => '/fhir/Observation', user: 'test-ccm', contentType: 'application/fhir+json', body: observation },
  {
    name: 'FHIR transaction', method: 'POST', url: () => '/fhir', user: 'test-ccm', contentType: 'application/fhir+json',
    body: () => ({ resourceType: 'Bundle', type: 'transaction', entry: [{ fullUrl: 'urn:uuid:1', resource: observation(), request: { method: 'POST', url: 'Observation' } }] }),
  },
  {
    name: 'SCIM user', method: 'POST', url: () => '/scim2/Users', user: 'test-sysadmin', contentType: 'application/scim+json',
    body: () => ({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'fuzzer', name: { givenName: 'F', familyName: 'Z' }, emails: [{ value: 'f@example.org', primary: true }] }),
  },
  {
    name: 'questionnaire response', method: 'POST', url: () => `/api/v1/patients/${participantId}/questionnaire-responses`, user: 'test-ccm',
    body: () => ({ instrumentId: 'phq9', answers: Object.fromEntries([1, 2, 3, 1, 2, 0, 1, 2, 0].map((v, i) => [`phq9-${i + 1}`, v])) }),
  },
];

/** Values that broke the server before: NUL, lone surrogates, wrong shapes, objects that cannot become text, extremes, deep nesting. */
const nasty = fc.oneof(
  fc.string().map((s) => `${s}\u0000`),
  fc.constantFrom('\ud800', 'x\udfff', '\u0000'),
  fc.constantFrom({}, [], [{}], [1e308], { toString: false }, { valueOf: 1 }, { reference: {} }, { reference: ['Patient/1'] }, null, true, -1, 1e308, Number.MIN_VALUE),
  fc.constant(DEEP_MARK),
  fc.jsonValue({ maxDepth: 3 }),
);

type Json = Record<string, unknown> | unknown[];
/** The body with the member at a random path replaced by a nasty value (or a member added). */
function mutate(body: Json, path: number[], value: unknown, add: boolean): Json {
  const copy: Json = Array.isArray(body) ? [...body] : { ...body };
  const keys = Object.keys(copy);
  if (keys.length === 0 || add) {
    (copy as Record<string, unknown>)[add ? '__proto__x' : 'x'] = value;
    return copy;
  }
  const key = keys[path[0] % keys.length];
  const child = (copy as Record<string, unknown>)[key];
  (copy as Record<string, unknown>)[key] = path.length > 1 && child && typeof child === 'object'
    ? mutate(child as Json, path.slice(1), value, false)
    : value;
  return copy;
}

describe('bad input never answers 500 and writes nothing', () => {
  it('names the field of a NUL character, a lone surrogate and deep nesting (app, FHIR, SCIM)', async () => {
    const headers = await ctx.as('test-ccm');
    const nul = await ctx.app.inject({ method: 'POST', url: '/api/v1/participant', headers, payload: newParticipant({ firstName: 'Gi\u0000ulia' }) });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.details).toEqual([{ path: 'firstName', code: 'validation.nulCharacter', message: expect.stringContaining('NUL') }]);

    const surrogate = await ctx.app.inject({ method: 'POST', url: `/api/v1/participant/${participantId}/supplement`, headers, payload: { name: 'Vit\ud800' } });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().error.details[0]).toMatchObject({ path: 'name', code: 'validation.invalidCharacter' });

    const nested = await ctx.app.inject({ method: 'POST', url: '/api/v1/participant', headers: { ...headers, 'content-type': 'application/json' }, payload: DEEP });
    expect(nested.statusCode).toBe(400);

    const bundle = { resourceType: 'Bundle', type: 'transaction', entry: [{ resource: { ...observation(), valueQuantity: undefined, valueString: 'a\u0000b' }, request: { method: 'POST', url: 'Observation' } }] };
    const fhir = await ctx.app.inject({ method: 'POST', url: '/fhir', headers: { ...headers, 'content-type': 'application/fhir+json' }, payload: JSON.stringify(bundle) });
    expect(fhir.statusCode).toBe(400);
    expect(fhir.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'invalid', expression: ['entry[0].resource.valueString'] }] });

    const untextable = await ctx.app.inject({ method: 'POST', url: '/fhir/Observation', headers: { ...headers, 'content-type': 'application/fhir+json' }, payload: JSON.stringify({ ...observation(), status: { toString: false } }) });
    expect(untextable.statusCode).toBe(400);

    const scim = await ctx.app.inject({
      method: 'POST', url: '/scim2/Users', headers: { ...(await ctx.as('test-sysadmin')), 'content-type': 'application/scim+json' },
      payload: JSON.stringify({ ...families[8].body(), name: { givenName: 'J\u0000', familyName: 'D' } }),
    });
    expect(scim.statusCode).toBe(400);

    const query = await ctx.app.inject({ method: 'GET', url: '/api/v1/participants/organisation/MIL-GER?search=a%00b', headers });
    expect(query.statusCode).toBe(400);
  });

  for (const family of families) {
    it(`${family.name}: 300 mutated bodies`, async () => {
      const headers = { ...(await ctx.as(family.user)), 'content-type': family.contentType ?? 'application/json' };
      await fc.assert(
        fc.asyncProperty(fc.array(fc.nat(), { minLength: 1, maxLength: 5 }), nasty, fc.boolean(), async (path, value, add) => {
          const before = await counts();
          const res = await ctx.app.inject({ method: family.method, url: family.url(), headers, payload: JSON.stringify(mutate(family.body(), path, value, add)).replace(`"${DEEP_MARK}"`, DEEP) });
          expect(res.statusCode, res.body).toBeLessThan(500);
          if (res.statusCode >= 400) expect(await counts()).toEqual(before);
        }),
        { numRuns: 300 },
      );
    }, 240_000);
  }
});
