import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Database } from '../db/types.ts';
import { compileOnlyDb } from '../test/compile-only-db.ts';
import { compiledPageStatement, pageStatement, parseSearch, type Scope } from './search.ts';
import { MAX_FILTER_VALUES, searchTemplate } from './search-template.ts';
import { pageOrder } from './page-cursor.ts';

const db = compileOnlyDb<Database>();

const uuid = fc.uuid();
const orList = <T>(item: fc.Arbitrary<T>) => fc.array(item, { minLength: 1, maxLength: 3 });
// Now and then more ids than a template takes.
const manyIds = fc.array(fc.uuid(), { minLength: 1, maxLength: 20 });
// The parameters the screens and FHIR clients search Observations by, dates and :missing included.
const observationParam = fc.oneof(
  orList(uuid).map((ids) => ['subject', ids.map((id) => `Patient/${id}`).join(',')] as const),
  orList(uuid).map((ids) => ['patient', ids.join(',')] as const),
  orList(uuid).map((ids) => ['encounter', ids.map((id) => `Encounter/${id}`).join(',')] as const),
  manyIds.map((ids) => ['_id', ids.join(',')] as const),
  orList(fc.constantFrom('http://loinc.org|8867-4', 'http://loinc.org|29463-7', 'steps', 'http://loinc.org|')).map((codes) => ['code', codes.join(',')] as const),
  fc.constantFrom('true', 'false').map((v) => ['subject:missing', v] as const),
  fc.constantFrom('true', 'false').map((v) => ['code:missing', v] as const),
  fc.constantFrom('ge2024-03-01', 'lt2025', 'eq2024-03-05T10:00:00Z').map((v) => ['date', v] as const),
  fc.integer({ min: 1, max: 200 }).map((n) => ['_count', String(n)] as const),
  fc.integer({ min: 0, max: 1000 }).map((n) => ['_offset', String(n)] as const),
  fc.constantFrom('-date', '_id', '-_lastUpdated,_id').map((v) => ['_sort', v] as const),
  fc.constantFrom('none', 'accurate').map((v) => ['_total', v] as const),
);
// Now and then a page by cursor: after or before keys in the search's order, a date key null or not.
const cursor = fc.option(fc.record({ direction: fc.constantFrom('after', 'before'), undated: fc.boolean(), id: fc.uuid(), at: fc.date({ noInvalidDate: true }) }), { nil: undefined });
const search = fc.tuple(fc.array(observationParam, { maxLength: 5 }), cursor).map(([pairs, page]) => {
  const request = parseSearch('Observation', new URLSearchParams(pairs.filter(([k]) => !page || k !== '_offset').map(([k, v]): [string, string] => [k, v])));
  if (!page) return request;
  const at = `${page.at.toISOString().slice(0, -1)}000Z`;
  const keys = pageOrder(request.sort).map(({ column }) => (column === 'id' ? page.id : column === 'date_start' && page.undated ? null : at));
  return { ...request, cursor: { direction: page.direction, keys } };
});
const scope: fc.Arbitrary<Scope> = fc.oneof(fc.constant(undefined), fc.constant({ organisationId: null }), fc.integer({ min: 1, max: 9 }).map((organisationId) => ({ organisationId })));

describe('FHIR search statement templates', () => {
  it('give exactly the statement and parameters that building the search afresh gives, pages by cursor too', () => {
    fc.assert(fc.property(search, scope, fc.boolean(), fc.boolean(), (request, inScope, asText, withTotal) => {
      const fresh = pageStatement(db, request, inScope, asText, withTotal).compile();
      const templated = compiledPageStatement(db, request, inScope, asText, withTotal);
      expect(templated.sql).toBe(fresh.sql);
      expect(templated.parameters).toEqual(fresh.parameters);
    }), { numRuns: 600 });
  });

  it('are not made for date filters and :missing tokens, whose statement depends on their values', () => {
    const template = (query: string) => searchTemplate(parseSearch('Observation', new URLSearchParams(query)), undefined);
    expect(template('date=ge2024-03-01')).toBeUndefined();
    expect(template('code:missing=true')).toBeUndefined();
    expect(template('subject:missing=true&code=x')).toBeDefined();
  });

  it('are not made for searches by more values than MAX_FILTER_VALUES, so that kept statements stay few and short', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `id-${i}`).join(',');
    const template = (query: string) => searchTemplate(parseSearch('Observation', new URLSearchParams(query)), undefined);
    expect(template(`_id=${ids(MAX_FILTER_VALUES)}`)).toBeDefined();
    expect(template(`_id=${ids(MAX_FILTER_VALUES + 1)}`)).toBeUndefined();
    // A token list is one value, however long.
    expect(template(`code=${ids(50)}`)).toBeDefined();
  });

  it('name the organisation among the values, not in the shape, and the kind of scope in the shape', () => {
    const request = parseSearch('Observation', new URLSearchParams('subject=Patient/p1&code=a,b'));
    const mine = searchTemplate(request, { organisationId: 8 })!;
    const other = searchTemplate(request, { organisationId: 9 })!;
    expect(mine.shape).toBe(other.shape);
    const codes = request.filters[1];
    expect(codes.kind).toBe('tokens');
    expect(mine.values).toEqual(['p1', codes.kind === 'tokens' && codes.keys, 20, 0, 8]);
    expect(searchTemplate(request, { organisationId: null })!.shape).not.toBe(mine.shape);
    expect(searchTemplate(request, undefined)!.shape).not.toBe(mine.shape);
  });
});
