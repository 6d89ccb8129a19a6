import { INACTIVITY_AMBER_FROM_DAYS, INACTIVITY_RED_ABOVE_DAYS } from '../reference/constants.ts';

/* Device inactivity bands (SPEC §3), without zod: the record's and lists' chips show them at first paint. */

/** Display key of the "No Info" age group and inactivity band. */
export const NO_INFO_LABEL_KEY = 'rules.calculations.noInfo';

export type InactivityBand = 'green' | 'amber' | 'red' | 'No Info';
export const inactivityLabelKey = (band: InactivityBand): string =>
  band === 'No Info' ? NO_INFO_LABEL_KEY : `rules.calculations.inactivity.${band}`;
const DAY_MS = 86_400_000;

/**
 * Time since the latest device use, in whole elapsed days (empty or unreadable dates ignored; a
 * use stamped after `now` counts as today). Green below 3 days, amber 3–12, red above 12.
 */
export function inactivity(lastUsed: readonly (string | null | undefined)[], now: Date): { days: number | null; band: InactivityBand } {
  const times = lastUsed.filter((date): date is string => !!date?.trim()).map(Date.parse).filter(Number.isFinite);
  if (!times.length) return { days: null, band: 'No Info' };
  const days = Math.max(0, Math.floor((now.getTime() - Math.max(...times)) / DAY_MS));
  const band = days < INACTIVITY_AMBER_FROM_DAYS ? 'green' : days <= INACTIVITY_RED_ABOVE_DAYS ? 'amber' : 'red';
  return { days, band };
}

/**
 * The latest-use dates that `inactivity` puts in a band, for filtering lists in SQL the same way:
 * a use after `after` and not after `notAfter`, or no use at all for "No Info".
 */
export function inactivityRange(band: InactivityBand, now: Date): { after?: Date; notAfter?: Date } | 'no use' {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  switch (band) {
    case 'green': return { after: daysAgo(INACTIVITY_AMBER_FROM_DAYS) };
    case 'amber': return { after: daysAgo(INACTIVITY_RED_ABOVE_DAYS + 1), notAfter: daysAgo(INACTIVITY_AMBER_FROM_DAYS) };
    case 'red': return { notAfter: daysAgo(INACTIVITY_RED_ABOVE_DAYS + 1) };
    case 'No Info': return 'no use';
  }
}
