/// <reference path="./jstat.d.ts" />
import { kmeansGenerator } from 'ml-kmeans';
import { PCA } from 'ml-pca';
import { interquartileRange, mean, median, quantile, sampleCorrelation, sampleRankCorrelation, sampleStandardDeviation } from 'simple-statistics';
import jstat from 'jstat';
import type { AnalysisResult } from './answers.ts';
import type { AnalysisParams } from './params.ts';
import { icDeclines, icProfile, IC_DOMAINS, type IcDomain, type IcProfile } from './intrinsic-capacity.ts';

/** One participant at one assessment: the input snapshot of a run is a list of these. */
export interface ScoreRow {
  participantId: string;
  participantName: string;
  assessment: number;
  group: string;
  scores: Record<string, number>;
}

/** Refusals an analysis reports to the user (translated keys with values). */
export class AnalysisError extends Error {
  constructor(public readonly key: string, public readonly values: Record<string, number | string> = {}) { super(key); }
}

/** Lets the runner stop a long computation cooperatively: it throws when the run must end. */
export type Checkpoint = (progress: number) => void;

/** Each participant's latest assessment in the rows (the data source may have pinned one already). */
export function latestPerParticipant(rows: readonly ScoreRow[]): ScoreRow[] {
  const latest = new Map<string, ScoreRow>();
  for (const row of rows) {
    const seen = latest.get(row.participantId);
    if (!seen || row.assessment > seen.assessment) latest.set(row.participantId, row);
  }
  return [...latest.values()];
}

const complete = (rows: readonly ScoreRow[], codes: readonly string[]) =>
  rows.filter((r) => codes.every((c) => typeof r.scores[c] === 'number'));

function scaleColumns(matrix: number[][], scaling: 'none' | 'standard' | 'minmax'): number[][] {
  if (scaling === 'none' || matrix.length === 0) return matrix;
  const columns = matrix[0]!.map((_, j) => matrix.map((row) => row[j]!));
  const transforms = columns.map((col) => {
    if (scaling === 'standard') {
      const m = mean(col); const sd = col.length > 1 ? sampleStandardDeviation(col) : 0;
      return (v: number) => (sd === 0 ? 0 : (v - m) / sd);
    }
    const min = Math.min(...col); const span = Math.max(...col) - min;
    return (v: number) => (span === 0 ? 0 : (v - min) / span);
  });
  return matrix.map((row) => row.map((v, j) => transforms[j]!(v)));
}

export function runKmeans(rows: readonly ScoreRow[], p: Extract<AnalysisParams, { type: 'kmeans' }>, checkpoint: Checkpoint = () => {}) {
  const used = complete(latestPerParticipant(rows), p.features);
  if (p.k > used.length) throw new AnalysisError('analytics.errors.kTooLarge', { k: p.k, n: used.length });
  const matrix = scaleColumns(used.map((r) => p.features.map((f) => r.scores[f]!)), p.scaling);
  let result;
  for (const step of kmeansGenerator(matrix, p.k, { seed: p.seed, maxIterations: p.maxIterations, initialization: 'kmeans++' })) {
    result = step;
    checkpoint(Math.min(0.9, step.iterations / p.maxIterations));
  }
  if (!result) throw new AnalysisError('analytics.errors.noData');
  const clusters = result.clusters;
  // The scatter shows the clusters on the first two principal components of the (scaled) features.
  const pca = new PCA(matrix);
  const components = pca.predict(matrix, { nComponents: 2 }).to2DArray();
  const centroids = Array.from({ length: p.k }, (_, c) => {
    const members = used.filter((_, i) => clusters[i] === c);
    return {
      cluster: c + 1,
      size: members.length,
      // Centroids in the scores' own units, readable by a clinician.
      means: Object.fromEntries(p.features.map((f) => [f, members.length ? round(mean(members.map((m) => m.scores[f]!))) : null])),
    };
  });
  return {
    type: 'kmeans' as const,
    n: used.length,
    iterations: result.iterations,
    converged: result.converged,
    explainedVariance: pca.getExplainedVariance().slice(0, 2).map(round),
    points: used.map((r, i) => ({ participantId: r.participantId, cluster: clusters[i]! + 1, pc1: round(components[i]![0]!), pc2: round(components[i]![1] ?? 0) })),
    centroids,
  };
}

const round = (v: number) => Math.round(v * 1e4) / 1e4;

function describe(values: number[]) {
  return {
    n: values.length,
    mean: round(mean(values)),
    sd: values.length > 1 ? round(sampleStandardDeviation(values)) : null,
    median: round(median(values)),
    q1: round(quantile(values, 0.25)),
    q3: round(quantile(values, 0.75)),
    iqr: round(interquartileRange(values)),
    min: Math.min(...values),
    max: Math.max(...values),
  };
}

export function runDescriptive(rows: readonly ScoreRow[], p: Extract<AnalysisParams, { type: 'descriptive' }>) {
  const latest = latestPerParticipant(rows);
  const groups = p.groupBy === 'none' ? ['all'] : [...new Set(latest.map((r) => r.group))].sort();
  const stats = p.scores.flatMap((score) => groups.map((group) => {
    const values = latest.filter((r) => p.groupBy === 'none' || r.group === group).map((r) => r.scores[score]).filter((v): v is number => typeof v === 'number');
    return values.length === 0 ? null : { score, group, ...describe(values) };
  })).filter((s) => s !== null);
  return { type: 'descriptive' as const, n: latest.length, stats };
}

/** Two-sided p-value of a correlation coefficient r over n pairs (t test with n − 2 degrees of freedom). */
export function correlationPValue(r: number, n: number): number | null {
  if (n < 3) return null;
  if (Math.abs(r) >= 1) return 0;
  const t = r * Math.sqrt((n - 2) / (1 - r * r));
  return 2 * (1 - jstat.jStat.studentt.cdf(Math.abs(t), n - 2));
}

export function runCorrelation(rows: readonly ScoreRow[], p: Extract<AnalysisParams, { type: 'correlation' }>) {
  const latest = latestPerParticipant(rows);
  const cells = p.scores.flatMap((a) => p.scores.map((b) => {
    const pairs = complete(latest, [a, b]);
    if (pairs.length < 3) return { a, b, n: pairs.length, r: null, p: null };
    const x = pairs.map((r) => r.scores[a]!); const y = pairs.map((r) => r.scores[b]!);
    const r = a === b ? 1 : (p.method === 'pearson' ? sampleCorrelation(x, y) : sampleRankCorrelation(x, y));
    return Number.isFinite(r) ? { a, b, n: pairs.length, r: round(r), p: correlationPValue(r, pairs.length) } : { a, b, n: pairs.length, r: null, p: null };
  }));
  return { type: 'correlation' as const, method: p.method, n: latest.length, scores: p.scores, cells };
}

export function runTrajectories(rows: readonly ScoreRow[], p: Extract<AnalysisParams, { type: 'trajectories' }>) {
  const assessments = [...new Set(rows.map((r) => r.assessment))].sort((a, b) => a - b);
  const series = p.scores.map((score) => ({
    score,
    points: assessments.map((assessment) => {
      const values = rows.filter((r) => r.assessment === assessment && typeof r.scores[score] === 'number').map((r) => r.scores[score]!);
      return { assessment, n: values.length, mean: values.length ? round(mean(values)) : null, sd: values.length > 1 ? round(sampleStandardDeviation(values)) : null };
    }),
  }));
  return { type: 'trajectories' as const, n: new Set(rows.map((r) => r.participantId)).size, assessments, series };
}

export interface IcParticipant {
  participantId: string;
  participantName: string;
  first: { assessment: number; profile: IcProfile };
  latest: { assessment: number; profile: IcProfile };
  declines: IcDomain[];
}

/** Each participant's profile at the first and latest assessment, and the domains that fell. */
export function runIntrinsicCapacity(rows: readonly ScoreRow[]) {
  const byParticipant = new Map<string, ScoreRow[]>();
  for (const row of rows) byParticipant.set(row.participantId, [...(byParticipant.get(row.participantId) ?? []), row]);
  const participants: IcParticipant[] = [...byParticipant.values()].map((list) => {
    const sorted = [...list].sort((a, b) => a.assessment - b.assessment);
    const first = sorted[0]!; const latest = sorted[sorted.length - 1]!;
    const firstProfile = icProfile(first.scores); const latestProfile = icProfile(latest.scores);
    return {
      participantId: first.participantId,
      participantName: first.participantName,
      first: { assessment: first.assessment, profile: firstProfile },
      latest: { assessment: latest.assessment, profile: latestProfile },
      declines: icDeclines(firstProfile, latestProfile),
    };
  });
  const averages = Object.fromEntries(IC_DOMAINS.map((d) => {
    const values = participants.map((p) => p.latest.profile[d]).filter((v): v is number => v !== null);
    return [d, values.length ? round(mean(values)) : null];
  })) as IcProfile;
  return { type: 'intrinsic_capacity' as const, n: participants.length, averages, participants };
}


export function runAnalysis(rows: readonly ScoreRow[], params: AnalysisParams, checkpoint: Checkpoint = () => {}): AnalysisResult {
  if (rows.length === 0) throw new AnalysisError('analytics.errors.noData');
  switch (params.type) {
    case 'kmeans': return runKmeans(rows, params, checkpoint);
    case 'descriptive': return runDescriptive(rows, params);
    case 'correlation': return runCorrelation(rows, params);
    case 'trajectories': return runTrajectories(rows, params);
    case 'intrinsic_capacity': return runIntrinsicCapacity(rows);
  }
}

/** Alerts a completed result raises for the Home card: participants whose capacity fell. */
export function resultAlerts(result: AnalysisResult): { participantId: string; participantName: string; domains: IcDomain[] }[] {
  if (result.type !== 'intrinsic_capacity') return [];
  return result.participants.filter((p) => p.declines.length > 0).map((p) => ({ participantId: p.participantId, participantName: p.participantName, domains: p.declines }));
}
