import { describe, expect, it } from 'vitest';
import { dateWanted, datasetParamsSchema, encounterWanted } from './params.ts';

describe('dataset export parameters', () => {
  it('defaults to every pilot and status, no instrument, wide, English, age band, no device data', () => {
    expect(datasetParamsSchema.parse({})).toEqual({
      pilots: [], instruments: [], clinicalSections: [], encounters: 'all', recruitment: [], language: 'en', layout: 'wide', birth: 'ageBand', deviceDaily: false,
    });
  });

  it('refuses an unknown instrument, pilot, section or field, a duplicate, and a range that ends before it starts', () => {
    expect(datasetParamsSchema.safeParse({ instruments: ['nope'] }).success).toBe(false);
    expect(datasetParamsSchema.safeParse({ pilots: [8] }).success).toBe(false);
    expect(datasetParamsSchema.safeParse({ clinicalSections: ['secrets'] }).success).toBe(false);
    expect(datasetParamsSchema.safeParse({ names: true }).success).toBe(false);
    expect(datasetParamsSchema.safeParse({ instruments: ['phq9', 'phq9'] }).success).toBe(false);
    expect(datasetParamsSchema.safeParse({ from: '2026-02-01', to: '2026-01-31' }).success).toBe(false);
    expect(datasetParamsSchema.safeParse({ from: '2026-02-01', to: '2026-02-01' }).success).toBe(true);
  });

  it('takes baseline as assessment 1 and follow-ups as every later one', () => {
    expect([1, 2, 3].filter((n) => encounterWanted(n, 'baseline'))).toEqual([1]);
    expect([1, 2, 3].filter((n) => encounterWanted(n, 'followUps'))).toEqual([2, 3]);
    expect([1, 2, 3].filter((n) => encounterWanted(n, 'all'))).toEqual([1, 2, 3]);
  });

  it('keeps assessments dated within the range, both ends included; an undated one only without a range', () => {
    const range = { from: '2026-01-01', to: '2026-01-31' };
    expect(dateWanted('2026-01-01T08:00:00Z', range)).toBe(true);
    expect(dateWanted('2026-01-31T23:59:00Z', range)).toBe(true);
    expect(dateWanted('2025-12-31T23:59:00Z', range)).toBe(false);
    expect(dateWanted('2026-02-01', range)).toBe(false);
    expect(dateWanted(null, range)).toBe(false);
    expect(dateWanted(null, {})).toBe(true);
  });
});
