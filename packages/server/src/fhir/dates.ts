/**
 * FHIR date, dateTime and instant values as half-open UTC ranges [start, end): a value stands for
 * every instant its precision covers ("2024" is the whole year). Values without a time zone are
 * read as UTC.
 */
export interface DateRange {
  start: Date;
  end: Date;
}

const DATE_TIME = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;

export function parseDateRange(value: string): DateRange | undefined {
  const m = DATE_TIME.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, tz] = m;
  const year = Number(y);
  const month = mo ? Number(mo) : 1;
  const day = d ? Number(d) : 1;
  const hour = h ? Number(h) : 0;
  const minute = mi ? Number(mi) : 0;
  const second = s ? Number(s) : 0;
  const ms = frac ? Number(frac.slice(0, 3).padEnd(3, '0')) : 0;
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || second > 59) return undefined;
  const offsetMinutes = tz && tz !== 'Z' ? (tz[0] === '-' ? -1 : 1) * (Number(tz.slice(1, 3)) * 60 + Number(tz.slice(4, 6))) : 0;
  const start = new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms) - offsetMinutes * 60_000);
  const end = new Date(start);
  if (frac) end.setUTCMilliseconds(end.getUTCMilliseconds() + 1);
  else if (s) end.setUTCSeconds(end.getUTCSeconds() + 1);
  else if (mi) end.setUTCMinutes(end.getUTCMinutes() + 1);
  else if (d) end.setUTCDate(end.getUTCDate() + 1);
  else if (mo) end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return { start, end };
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A Period: a missing end is open (the far future), a missing start the far past. */
export function periodRange(period: { start?: string; end?: string }): DateRange | undefined {
  const start = period.start ? parseDateRange(period.start) : undefined;
  const end = period.end ? parseDateRange(period.end) : undefined;
  if (!start && !end) return undefined;
  const range = { start: start?.start ?? FAR_PAST, end: end?.end ?? FAR_FUTURE };
  // An end before the start (FHIR invariant per-1) has no range to index.
  return range.start <= range.end ? range : undefined;
}

export const FAR_PAST = new Date(Date.UTC(1, 0, 1));
export const FAR_FUTURE = new Date(Date.UTC(9999, 11, 31, 23, 59, 59));
