/**
 * Body posture from the Smart4Health Citizen Hub (issue 34 §3): per day, an Observation of the
 * seconds of good posture and one of poor posture in each hour (SampledData, 24 samples of
 * 3600 s), coded in SNOMED CT.
 */
export const SNOMED_SYSTEM = 'http://snomed.info/sct';
export const POSTURE_CODES = { good: '51093005', poor: '249858009' } as const;
export type PostureKind = keyof typeof POSTURE_CODES;
/** The DiagnosticReport that groups a day's two posture Observations. */
export const POSTURE_REPORT_CODE = '298341003';

export const postureKindOf = (codings: readonly { system?: string; code?: string }[] | undefined): PostureKind | undefined =>
  (Object.keys(POSTURE_CODES) as PostureKind[]).find((kind) => codings?.some((c) => c.system === SNOMED_SYSTEM && c.code === POSTURE_CODES[kind]));

/**
 * The hours a day's samples add up to: a sample is the seconds of one hour (0–3600, as the app's
 * lowerLimit and upperLimit say); anything else (E, L, U, a number out of range) counts nothing.
 */
export function postureHours(data: string | undefined): number {
  const seconds = (data ?? '').trim().split(/\s+/).map(Number).filter((s) => Number.isFinite(s) && s >= 0 && s <= 3600);
  return seconds.reduce((sum, s) => sum + s, 0) / 3600;
}

export interface PostureDay { day: string; good: number; poor: number }

/** The day a posture Observation belongs to: the date of its period's start as the app wrote it (its local day). */
export const postureDayOf = (start: string): string => start.slice(0, 10);

/**
 * Hours of good and poor posture per day, oldest first. A day is the date of the period's start as
 * the app wrote it (its local day, not the UTC one); a day sent twice with different data
 * (different periods) adds up.
 */
export function postureDays(observations: readonly { kind: PostureKind; start: string; data: string | undefined }[]): PostureDay[] {
  const days = new Map<string, PostureDay>();
  for (const { kind, start, data } of observations) {
    const day = postureDayOf(start);
    const row = days.get(day) ?? { day, good: 0, poor: 0 };
    row[kind] += postureHours(data);
    days.set(day, row);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** Samples of one hour each (SampledData.period, ms) and the seconds an hour holds. */
const HOUR_MS = 3_600_000;
const HOUR_SECONDS = 3600;

/**
 * Why a posture Observation's value is not a day of seconds per hour, if it is not: SampledData of
 * period 3600000 ms in seconds (UCUM `s`), 24 whole numbers from 0 to 3600.
 */
export function postureProblem(value: { period?: number; data?: string; origin?: { code?: string } } | undefined): string | undefined {
  if (!value) return 'posture is a valueSampledData';
  if (value.period !== HOUR_MS) return `posture samples are hours (period ${HOUR_MS}), not ${value.period}`;
  if (value.origin?.code !== undefined && value.origin.code !== 's') return `posture samples are seconds (s), not ${value.origin.code}`;
  const samples = (value.data ?? '').trim().split(/\s+/);
  if (samples.length !== 24) return `a day of posture has 24 hourly samples, not ${samples.length}`;
  const bad = samples.find((s) => !/^\d+$/.test(s) || Number(s) > HOUR_SECONDS);
  return bad === undefined ? undefined : `posture sample ${bad} is not a whole number of seconds from 0 to ${HOUR_SECONDS}`;
}

/** One hour of a day's posture: seconds of good and of poor posture (null: no sample for that hour). */
export interface PostureHour { hour: number; good: number | null; poor: number | null }

/**
 * The hourly profile of one day (0–23, the app's local clock hours): each sample is placed at the
 * hour of the period's start as written plus its index; samples past the day's last hour belong to
 * the next day and are left out. Two Observations of one kind and hour add up, as the days do.
 */
export function postureHourly(observations: readonly { kind: PostureKind; start: string; data: string | undefined }[], day: string): PostureHour[] {
  const hours: PostureHour[] = Array.from({ length: 24 }, (_, hour) => ({ hour, good: null, poor: null }));
  for (const { kind, start, data } of observations) {
    if (postureDayOf(start) !== day) continue;
    const first = Number(start.slice(11, 13)) || 0;
    (data ?? '').trim().split(/\s+/).forEach((sample, i) => {
      const seconds = Number(sample);
      const row = hours[first + i];
      if (!row || sample === '' || !Number.isFinite(seconds) || seconds < 0 || seconds > HOUR_SECONDS) return;
      row[kind] = (row[kind] ?? 0) + seconds;
    });
  }
  return hours;
}
