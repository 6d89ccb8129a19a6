import { readFileSync } from 'node:fs';
import { OperationOutcomeError, validateResource } from '@medplum/core';
import type { Resource } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { exampleFiles, loadExample } from '../test/fhir-fixtures.ts';
import { deviceObservations, mutatedObservations } from '../test/observation-samples.ts';
import { isProvenObservation } from './observation-shape.ts';
import { FhirError } from './outcome.ts';
import { ensureIndexed, validateFhirResource } from './validate.ts';

/** The errors @medplum/core's validator finds (its warnings do not refuse a resource). */
function medplumErrors(resource: unknown): unknown[] {
  ensureIndexed();
  try {
    validateResource(resource as Resource);
    return [];
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) return [String(error)];
    return (error.outcome.issue ?? []).filter((i) => i.severity === 'error' || i.severity === 'fatal');
  }
}

function outcome(resource: unknown) {
  try {
    validateFhirResource(resource);
    return 'valid';
  } catch (error) {
    if (error instanceof FhirError) return { status: error.status, issues: error.issues };
    return { thrown: String(error) };
  }
}

/** Each example Observation without its narrative (which the fast path leaves to the full validator), and as is. */
const examples = exampleFiles('Observation').map((file) => loadExample(file) as unknown as Record<string, unknown>)
  .flatMap(({ text, ...rest }) => [rest, { ...rest, ...(text !== undefined && { text }) }]);

describe('the fast path for device Observations', () => {
  it('accepts what devices send, so that device Bundles skip the full validator', () => {
    const reading = {
      resourceType: 'Observation', status: 'final', code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] }, subject: { reference: 'Patient/p1' },
      effectiveDateTime: '2026-11-29T10:00:00.000Z', identifier: [{ system: 'https://device.example.org/reading', value: 'r1' }],
      valueQuantity: { value: 72, unit: '/min', system: 'http://unitsofmeasure.org', code: '/min' },
    };
    expect(isProvenObservation(reading)).toBe(true);
    const accepted = deviceObservations(500).filter(isProvenObservation).length;
    expect(accepted).toBe(500);
  });

  it('proves nothing that breaks R4, even where @medplum/core does not look (data-type invariants, empty arrays)', () => {
    const base = { resourceType: 'Observation', status: 'final', code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] } };
    expect(isProvenObservation(base)).toBe(true);
    for (const broken of [
      { identifier: [] },
      { effectivePeriod: { start: '2024-02-01', end: '2024-01-01' } }, // per-1
      { effectivePeriod: { start: '2024-01-01T10:00:00Z', end: '2024-01-01T11:00:00+02:00' } }, // per-1 by string order only
      { subject: { reference: '#p1' } }, // ref-1: no contained resource
      { valueQuantity: { value: 1, code: 'kg' } }, // qty-3
      { valueQuantity: { value: 1, comparator: 'about' } }, // required binding
      { referenceRange: [{ low: { value: 1, comparator: '<' } }] }, // sqty-1
      { effectiveDateTime: '2024-01-01', effectiveInstant: '2024-01-01T00:00:00Z' }, // one effective[x]
      { valueInteger: 2 ** 31 },
    ]) expect([broken, isProvenObservation({ ...base, ...broken })]).toEqual([broken, false]);
  });

  it('accepts nothing @medplum/core refuses: device Observations, mutated ones and the R4 examples', () => {
    const mutated = [...mutatedObservations(4000, 7), ...examples.flatMap((e) => mutatedFrom(e))];
    const accepted = [...deviceObservations(1000), ...examples, ...mutated].filter(isProvenObservation);
    const wrong = accepted.filter((o) => medplumErrors(o).length > 0);
    expect(wrong).toEqual([]);
    // Not vacuous: mutated Observations are accepted and refused many times each.
    const mutatedAccepted = mutated.filter(isProvenObservation).length;
    expect(mutatedAccepted).toBeGreaterThan(200);
    expect(mutated.length - mutatedAccepted).toBeGreaterThan(2000);
  });

  it('leaves refusals as they were: the same outcome, issue for issue, as before the fast path', () => {
    const before = JSON.parse(readFileSync(new URL('./observation-shape.outcomes.json', import.meta.url), 'utf8'));
    const now = JSON.parse(JSON.stringify(mutatedObservations(before.length).map(outcome)));
    expect(now).toEqual(before);
    expect(now.filter((o: unknown) => o !== 'valid').length).toBeGreaterThan(before.length / 2);
  });
});

/** The example with its device-shaped members changed one at a time (each seeded, as in observation-samples.ts). */
function mutatedFrom(example: Record<string, unknown>): Record<string, unknown>[] {
  return mutatedObservations(40, example.id === undefined ? 1 : [...String(example.id)].reduce((s, c) => s + c.charCodeAt(0), 0))
    .map((mutant) => ({ ...example, ...Object.fromEntries(Object.entries(mutant).filter(([k]) => k !== 'resourceType')) }));
}
