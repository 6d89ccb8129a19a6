import { describe, expect, it } from 'vitest';
import { statValueOf } from './values-index.ts';

const observation = (code: { system: string; code: string }, extra: Record<string, unknown> = {}) =>
  ({ resourceType: 'Observation', code: { coding: [code] }, subject: { reference: 'Patient/p1' }, encounter: { reference: 'Encounter/e1' }, ...extra });

describe('statValueOf', () => {
  it('names a charted score and keeps its value, band and date', () => {
    const row = statValueOf('o1', 8, observation({ system: 'https://geria.example.org/fhir/CodeSystem/instrument-score', code: 'moca' }, {
      valueQuantity: { value: 24 }, interpretation: [{ coding: [{ code: 'impaired' }] }], effectiveDateTime: '2026-01-02T10:00:00Z',
    }));
    expect(row).toEqual({ observation_id: 'o1', organisation_id: 8, patient_id: 'p1', encounter_id: 'e1', name: 'moca', value: 24, coded: null, band: 'impaired', effective: '2026-01-02T10:00:00Z' });
  });
  it('reads integers and coded values, and orders a partial date as its first day', () => {
    expect(statValueOf('o2', 8, observation({ system: 'https://geria.example.org/fhir/CodeSystem/geria-observation', code: 'falls-last-year' }, { valueInteger: 3, effectiveDateTime: '2025-05' }))).toMatchObject({ name: 'falls', value: 3, effective: '2025-05-01' });
    expect(statValueOf('o3', 8, observation({ system: 'http://loinc.org', code: '72166-2' }, { valueCodeableConcept: { coding: [{ code: '8517006' }] } }))).toMatchObject({ name: 'smoking', value: null, coded: '8517006', effective: null });
  });
  it('skips an uncharted code or an observation without a patient', () => {
    expect(statValueOf('o4', 8, observation({ system: 'http://loinc.org', code: '8867-4' }, { valueQuantity: { value: 70 } }))).toBeNull();
    expect(statValueOf('o5', 8, { code: { coding: [{ system: 'http://loinc.org', code: '39156-5' }] }, subject: { reference: 'Group/g' } })).toBeNull();
  });
});
