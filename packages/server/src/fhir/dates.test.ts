import { describe, expect, it } from 'vitest';
import { FAR_FUTURE, parseDateRange, periodRange } from './dates.ts';

const iso = (r: { start: Date; end: Date } | undefined) => r && [r.start.toISOString(), r.end.toISOString()];

describe('FHIR date ranges', () => {
  it('covers the whole year, month or day of a partial date', () => {
    expect(iso(parseDateRange('2024'))).toEqual(['2024-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z']);
    expect(iso(parseDateRange('2024-02'))).toEqual(['2024-02-01T00:00:00.000Z', '2024-03-01T00:00:00.000Z']);
    expect(iso(parseDateRange('2024-12-31'))).toEqual(['2024-12-31T00:00:00.000Z', '2025-01-01T00:00:00.000Z']);
  });

  it('covers one second of a dateTime and applies its time zone', () => {
    expect(iso(parseDateRange('2024-03-01T10:00:00+02:00'))).toEqual(['2024-03-01T08:00:00.000Z', '2024-03-01T08:00:01.000Z']);
    expect(iso(parseDateRange('2024-03-01T10:00:00.250Z'))).toEqual(['2024-03-01T10:00:00.250Z', '2024-03-01T10:00:00.251Z']);
  });

  it('rejects impossible and malformed dates', () => {
    for (const bad of ['2024-02-30', '2024-13', '24-01-01', '2024-01-01T25:00', '2024/01/01', '']) expect(parseDateRange(bad)).toBeUndefined();
  });

  it('leaves a period without an end open', () => {
    expect(periodRange({ start: '2024-01-01' })?.end).toEqual(FAR_FUTURE);
    expect(periodRange({})).toBeUndefined();
  });
});
