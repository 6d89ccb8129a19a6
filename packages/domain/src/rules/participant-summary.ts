import type { ADVERSE_EVENT_OUTCOMES } from './adverse-event.ts';

type AdverseEventOutcome = (typeof ADVERSE_EVENT_OUTCOMES)[number];

/**
 * What the printable participant summary (issue 37 §3) derives from the record: each instrument's
 * latest score with its change since baseline, and which adverse events are still active.
 */

/** A scored questionnaire response as the assessment facts hold it. */
export interface ScoredResponse {
  instrument: string;
  encounterId: string | null;
  authored: string | null;
  total: number | null;
  band: string | null;
}

export interface ScoreLine {
  instrument: string;
  total: number | null;
  band: string | null;
  authored: string | null;
  /** The total the change is measured from; null when the latest response is the only one. */
  baselineTotal: number | null;
  /** latest − baseline; null without a baseline or when either total is not scorable. */
  change: number | null;
}

const byAuthored = (a: ScoredResponse, b: ScoredResponse) => (a.authored ?? '').localeCompare(b.authored ?? '');

/**
 * The latest response of every instrument answered, in the order of first appearance in
 * `instrumentOrder` (the catalogue's), with its change since baseline. The baseline is the
 * instrument's response in the baseline assessment (number 1) when there is one, otherwise its
 * earliest response: an instrument first given at a follow-up still shows how it moved since then.
 */
export function latestScores(responses: readonly ScoredResponse[], baselineEncounterId: string | null, instrumentOrder: readonly string[]): ScoreLine[] {
  const byInstrument = new Map<string, ScoredResponse[]>();
  for (const response of [...responses].sort(byAuthored)) {
    const list = byInstrument.get(response.instrument) ?? [];
    list.push(response);
    byInstrument.set(response.instrument, list);
  }
  const rank = (id: string) => { const i = instrumentOrder.indexOf(id); return i === -1 ? instrumentOrder.length : i; };
  return [...byInstrument.entries()].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b)).map(([instrument, list]) => {
    const latest = list.at(-1)!;
    const baseline = (baselineEncounterId !== null ? list.find((r) => r.encounterId === baselineEncounterId) : undefined) ?? list[0]!;
    const hasBaseline = baseline !== latest;
    return {
      instrument, total: latest.total, band: latest.band, authored: latest.authored,
      baselineTotal: hasBaseline ? baseline.total : null,
      change: hasBaseline && latest.total !== null && baseline.total !== null ? latest.total - baseline.total : null,
    };
  });
}

/** Outcomes of an adverse event not known to be over (an unknown one is listed rather than hidden): the summary's active events. */
export const ACTIVE_ADVERSE_EVENT_OUTCOMES: readonly AdverseEventOutcome[] = ['ongoing', 'recovering', 'unknown'];

export const isActiveAdverseEvent = (event: { outcome: AdverseEventOutcome }) => ACTIVE_ADVERSE_EVENT_OUTCOMES.includes(event.outcome);
