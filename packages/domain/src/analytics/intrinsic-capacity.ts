/** ICOPE intrinsic-capacity domains and the instrument scores that measure them (issue 14). */
export const IC_DOMAINS = ['cognition', 'locomotion', 'vitality', 'sensory', 'psychological'] as const;
export type IcDomain = (typeof IC_DOMAINS)[number];

export interface IcSource { code: string; min: number; max: number; higherIsBetter: boolean }

/**
 * Score codes (instrument-score Observations) per domain, in order of preference: the first one a
 * participant has at an assessment is used. GHABP has no total; its residual-disability scale (0–100,
 * higher is worse) is the hearing measure.
 */
export const IC_SOURCES: Record<IcDomain, readonly IcSource[]> = {
  cognition: [{ code: 'moca', min: 0, max: 30, higherIsBetter: true }],
  locomotion: [{ code: 'fga', min: 0, max: 30, higherIsBetter: true }, { code: 'minibest', min: 0, max: 28, higherIsBetter: true }],
  vitality: [{ code: 'mnasf', min: 0, max: 14, higherIsBetter: true }],
  sensory: [{ code: 'ghabp.residualDisability', min: 0, max: 100, higherIsBetter: false }],
  psychological: [{ code: 'gds15', min: 0, max: 15, higherIsBetter: false }, { code: 'phq9', min: 0, max: 27, higherIsBetter: false }],
};

/** Every score code intrinsic capacity reads. */
export const IC_CODES = [...new Set(Object.values(IC_SOURCES).flat().map((s) => s.code))];

/** A raw score on 0–100, 100 the best capacity; out-of-range values are clamped. */
export function normaliseScore(source: IcSource, value: number): number {
  const share = (Math.min(Math.max(value, source.min), source.max) - source.min) / (source.max - source.min);
  return Math.round((source.higherIsBetter ? share : 1 - share) * 1000) / 10;
}

export type IcProfile = Record<IcDomain, number | null>;

/** The 0–100 profile of one assessment from its scores (code → value); a domain without a score is null. */
export function icProfile(scores: Readonly<Record<string, number>>): IcProfile {
  return Object.fromEntries(IC_DOMAINS.map((domain) => {
    const source = IC_SOURCES[domain].find((s) => typeof scores[s.code] === 'number');
    return [domain, source ? normaliseScore(source, scores[source.code]!) : null];
  })) as IcProfile;
}

/** The decline that flags a domain (points on 0–100). */
export const IC_DECLINE_POINTS = 10;

/** Domains that fell by at least IC_DECLINE_POINTS from the first to the latest profile. */
export function icDeclines(first: IcProfile, latest: IcProfile): IcDomain[] {
  return IC_DOMAINS.filter((d) => first[d] !== null && latest[d] !== null && first[d]! - latest[d]! >= IC_DECLINE_POINTS);
}
