import { describe, expect, it } from 'vitest';
import { toFhirObservation, type ObservationItem } from './observation-builder.ts';
import { buildObservationBundle, observationOperation } from './observation-ops.ts';

const smoker = { system: 'http://loinc.org', code: '72166-2', display: 'Tobacco smoking status' };
const base = { patient: 'p1', code: smoker, inBundle: true, status: 'final' } as const;
const removable = (alreadyPresent: boolean, checked: boolean): ObservationItem =>
  ({ ...base, type: 'Removable', alreadyPresent, checked, ...(alreadyPresent && { id: 'o1' }), boolean: true });
const editable = (alreadyPresent: boolean, integer: number | null): ObservationItem =>
  ({ ...base, type: 'Editable', alreadyPresent, ...(alreadyPresent && { id: 'o1' }), integer });

describe('observationOperation (SPEC §4 rule table)', () => {
  it.each([
    [true, false, 'DELETE'], [false, true, 'POST'], [true, true, null], [false, false, null],
  ] as const)('Removable present=%s checked=%s → %s', (present, checked, expected) => {
    expect(observationOperation(removable(present, checked))).toBe(expected);
  });

  it.each([
    [true, 5, 'PUT'], [false, 5, 'POST'], [true, null, 'DELETE'], [false, null, null], [true, 0, 'PUT'],
  ] as const)('Editable present=%s value=%s → %s', (present, value, expected) => {
    expect(observationOperation(editable(present, value))).toBe(expected);
  });

  it('sends nothing when the stored value is unchanged, even if stored with other key order or time', () => {
    const stored = { ...toFhirObservation(editable(true, 5)), effectiveDateTime: '2020-01-01' };
    expect(observationOperation(editable(true, 5), stored)).toBeNull();
    expect(observationOperation(editable(true, 6), stored)).toBe('PUT');
  });

  it('sees a changed body site or component as a change', () => {
    const withSite = (code: string): ObservationItem => ({ ...editable(true, 5), bodySite: { system: 's', code, display: code } });
    expect(observationOperation(withSite('left'), toFhirObservation(withSite('right')))).toBe('PUT');
    const reordered = { ...toFhirObservation(withSite('left')), valueInteger: 5 };
    expect(observationOperation(withSite('left'), reordered)).toBeNull();
  });
});

describe('buildObservationBundle', () => {
  let counter = 0;
  const newUuid = () => `00000000-0000-4000-8000-00000000000${++counter}`;

  it('builds one transaction with POST, PUT and DELETE entries for a form save', () => {
    counter = 0;
    const result = buildObservationBundle([
      editable(false, 3), editable(true, 4), removable(true, false), removable(true, true),
      { ...editable(false, 7), id: 'ignored', alreadyPresent: false },
    ], { newUuid });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.bundle.resourceType).toBe('Bundle');
    expect(result.bundle.type).toBe('transaction');
    expect(result.bundle.entry.map((entry) => [entry.request.method, entry.request.url, entry.fullUrl])).toEqual([
      ['POST', 'Observation', 'urn:uuid:00000000-0000-4000-8000-000000000001'],
      ['PUT', 'Observation/o1', undefined],
      ['DELETE', 'Observation/o1', undefined],
      ['POST', 'Observation', 'urn:uuid:00000000-0000-4000-8000-000000000002'],
    ]);
    expect(result.operations).toEqual([
      { index: 0, method: 'POST' }, { index: 1, method: 'PUT', id: 'o1' }, { index: 2, method: 'DELETE', id: 'o1' }, { index: 4, method: 'POST' },
    ]);
    const [post, put, del] = result.bundle.entry;
    expect(post.resource).toMatchObject({ resourceType: 'Observation', status: 'final', subject: { reference: 'Patient/p1' }, valueInteger: 3 });
    expect(post.resource).not.toHaveProperty('id');
    expect(put.resource).toMatchObject({ id: 'o1', valueInteger: 4 });
    expect(del.resource).toBeUndefined();
  });

  it('uses the stored observations to skip unchanged values', () => {
    const stored = toFhirObservation(editable(true, 4));
    const result = buildObservationBundle([editable(true, 4)], { previous: [stored] });
    expect(result).toEqual({ ok: true, bundle: { resourceType: 'Bundle', type: 'transaction', entry: [] }, operations: [] });
  });

  it('leaves out items saved outside the bundle', () => {
    const result = buildObservationBundle([{ ...editable(false, 3), inBundle: false }]);
    expect(result.ok && result.bundle.entry).toEqual([]);
  });

  it('generates distinct urn:uuid full URLs by default', () => {
    const result = buildObservationBundle([editable(false, 1), editable(false, 2)]);
    if (!result.ok) throw new Error('expected a bundle');
    const urls = result.bundle.entry.map((entry) => entry.fullUrl);
    expect(urls.every((url) => /^urn:uuid:[0-9a-f-]{36}$/.test(url ?? ''))).toBe(true);
    expect(new Set(urls).size).toBe(2);
  });

  it('builds nothing when one item is invalid, and says which', () => {
    const result = buildObservationBundle([editable(false, 1), { ...editable(false, 1), type: 'Other' }]);
    expect(result).toEqual({ ok: false, errors: [{ index: 1, errors: [{ code: 'rules.observation.typeInvalid', params: { type: 'Other' } }] }] });
  });
});
