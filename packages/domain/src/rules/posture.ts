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

/**
 * Hours of good and poor posture per day, oldest first. A day is the date of the period's start as
 * the app wrote it (its local day, not the UTC one); a day sent twice with different data
 * (different periods) adds up.
 */
export function postureDays(observations: readonly { kind: PostureKind; start: string; data: string | undefined }[]): PostureDay[] {
  const days = new Map<string, PostureDay>();
  for (const { kind, start, data } of observations) {
    const day = start.slice(0, 10);
    const row = days.get(day) ?? { day, good: 0, poor: 0 };
    row[kind] += postureHours(data);
    days.set(day, row);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}
