import { describe, expect, it } from 'vitest';
import { bulkProgressText, mayBulkExport, parseBulkExportParameters } from './bulk-export.ts';
import { ROLES } from './roles.ts';

const TYPES = ['Patient', 'Observation', 'Condition'];
const parse = (query: string) => parseBulkExportParameters(new URLSearchParams(query), TYPES);

describe('who may export in bulk', () => {
  it('is a person with an analysis role (ClinicalExpert, Tester) and no other', () => {
    for (const role of ROLES) expect(mayBulkExport({ roles: [role] }), role).toBe(role === 'ClinicalExpert' || role === 'Tester');
    expect(mayBulkExport({ roles: ['CCM', 'Tester'] })).toBe(true);
    expect(mayBulkExport({ roles: [] })).toBe(false);
  });

  it('is an integration client holding fhir.bulk-export, whatever its role', () => {
    expect(mayBulkExport({ roles: ['ClinicalExpert'], client: { permissions: ['fhir.bulk-export'] } })).toBe(true);
    expect(mayBulkExport({ roles: ['ClinicalExpert'], client: { permissions: [] } })).toBe(false);
    expect(mayBulkExport({ roles: ['ClinicalExpert'], client: { permissions: ['devices.ingest', 'interventions.app-notifications'] } })).toBe(false);
  });
});

describe('the kick-off parameters', () => {
  it('without any: every type, no _since', () => {
    expect(parse('')).toEqual({ ok: true, value: {} });
  });

  it('takes _type comma-separated or repeated, each type once in the order given', () => {
    expect(parse('_type=Observation,Patient&_type=Observation')).toEqual({ ok: true, value: { types: ['Observation', 'Patient'] } });
    expect(parse('_type= Condition ')).toEqual({ ok: true, value: { types: ['Condition'] } });
  });

  it('refuses a type it does not export, naming it', () => {
    expect(parse('_type=Observation,Group,Bogus')).toEqual({
      ok: false,
      problems: [
        { parameter: '_type', key: 'errors.bulkExport.type', params: { type: 'Group' } },
        { parameter: '_type', key: 'errors.bulkExport.type', params: { type: 'Bogus' } },
      ],
    });
    expect(parse('_type=')).toMatchObject({ ok: false });
  });

  it('takes _since as a FHIR instant with its zone, once', () => {
    expect(parse('_since=2026-01-02T03:04:05Z')).toEqual({ ok: true, value: { since: new Date('2026-01-02T03:04:05Z') } });
    expect(parse('_since=2026-01-02T03:04:05.123%2B02:00')).toEqual({ ok: true, value: { since: new Date('2026-01-02T01:04:05.123Z') } });
    for (const bad of ['2026-01-02', '2026-01-02T03:04:05', 'yesterday', '2026-13-40T99:00:00Z', '']) {
      expect(parse(`_since=${encodeURIComponent(bad)}`), bad).toEqual({ ok: false, problems: [{ parameter: '_since', key: 'errors.bulkExport.since', params: { value: bad } }] });
    }
    expect(parse('_since=2026-01-02T03:04:05Z&_since=2026-01-03T03:04:05Z')).toMatchObject({ ok: false });
  });

  it('takes the three NDJSON names of _outputFormat and refuses any other', () => {
    for (const format of ['application/fhir+ndjson', 'application/ndjson', 'ndjson']) {
      expect(parse(`_outputFormat=${encodeURIComponent(format)}`), format).toEqual({ ok: true, value: {} });
    }
    for (const format of ['application/fhir+json', 'text/csv', 'NDJSON', '']) {
      expect(parse(`_outputFormat=${encodeURIComponent(format)}`), format).toMatchObject({ ok: false, problems: [{ parameter: '_outputFormat', key: 'errors.bulkExport.format' }] });
    }
  });

  it('refuses a parameter it does not offer (_typeFilter, _elements, an unknown one) instead of exporting more than asked', () => {
    expect(parse('_typeFilter=Observation%3Fcode%3Dx&foo=1')).toEqual({
      ok: false,
      problems: [
        { parameter: '_typeFilter', key: 'errors.bulkExport.parameter', params: { parameter: '_typeFilter' } },
        { parameter: 'foo', key: 'errors.bulkExport.parameter', params: { parameter: 'foo' } },
      ],
    });
  });
});

describe('the progress of a running export', () => {
  it('is a whole percentage of the resources written, never 100 % while running', () => {
    expect(bulkProgressText(0, 0)).toBe('0% (0 of 0 resources)');
    expect(bulkProgressText(1, 3)).toBe('33% (1 of 3 resources)');
    expect(bulkProgressText(3, 3)).toBe('99% (3 of 3 resources)');
    expect(bulkProgressText(5, 3)).toBe('99% (5 of 3 resources)');
  });
});
