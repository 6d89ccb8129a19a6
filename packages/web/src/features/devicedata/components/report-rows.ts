import { DEVICE_REPORTS, type DeviceReportKind } from '@geria/domain';
import type { DeviceReport } from '../api/devicedata.ts';

export interface ReportRows {
  /** The days that have a report, oldest first. */
  days: string[];
  /** The kind's measurements that some report carries, in the order of the domain table. */
  keys: string[];
  unitOf: Map<string, string>;
  /** The units of those measurements, in the order of their first measurement: one axis each. */
  units: string[];
  /** Per day: the day, then each key's value (the day's reports averaged), null where none. */
  rows: [string, ...(number | null)[]][];
}

/** A kind's reports as one row per UTC day, for the report chart and its table. */
export function reportRows(kind: DeviceReportKind, reports: readonly DeviceReport[]): ReportRows {
  const days = [...new Set(reports.map((r) => r.at.slice(0, 10)))].sort();
  const keys = (DEVICE_REPORTS[kind] as readonly string[]).filter((key) => reports.some((r) => r.values.some((v) => v.key === key)));
  const unitOf = new Map(reports.flatMap((r) => r.values.map((v) => [v.key, v.unit] as const)));
  const units = [...new Set(keys.map((k) => unitOf.get(k)!))];
  const valueOn = (key: string, day: string) => {
    const values = reports.filter((r) => r.at.startsWith(day)).flatMap((r) => r.values.filter((v) => v.key === key).map((v) => v.value));
    return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
  };
  return { days, keys, unitOf, units, rows: days.map((day) => [day, ...keys.map((key) => valueOn(key, day))]) };
}
