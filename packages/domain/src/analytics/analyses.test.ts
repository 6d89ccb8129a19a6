import { describe, expect, it } from 'vitest';
import { AnalysisError, correlationPValue, latestPerParticipant, resultAlerts, runCorrelation, runDescriptive, runIntrinsicCapacity, runKmeans, runTrajectories, type ScoreRow } from './analyses.ts';
import { analyticSchema } from './params.ts';

const row = (id: string, scores: Record<string, number>, assessment = 1, group = 'all'): ScoreRow =>
  ({ participantId: id, participantName: `P ${id}`, assessment, group, scores });

describe('k-means', () => {
  // Two well separated blobs around (0,0) and (10,10).
  const rows = [[0, 0], [0.5, 0.2], [0.1, 0.7], [10, 10], [10.4, 9.8], [9.7, 10.3]].map(([a, b], i) => row(`p${i}`, { a: a!, b: b! }));
  const params = { type: 'kmeans' as const, features: ['a', 'b'], k: 2, maxIterations: 100, scaling: 'none' as const, seed: 7 };

  it('separates separable clusters', () => {
    const result = runKmeans(rows, params);
    const first = result.points.slice(0, 3).map((p) => p.cluster);
    const second = result.points.slice(3).map((p) => p.cluster);
    expect(new Set(first).size).toBe(1);
    expect(new Set(second).size).toBe(1);
    expect(first[0]).not.toBe(second[0]);
    const sizes = result.centroids.map((c) => c.size).sort();
    expect(sizes).toEqual([3, 3]);
    const means = result.centroids.map((c) => c.means.a).sort((x, y) => x! - y!);
    expect(means[0]).toBeCloseTo(0.2, 4);
    expect(means[1]).toBeCloseTo(10.0333, 3);
  });
  it('is reproducible with the same seed', () => {
    expect(runKmeans(rows, { ...params, scaling: 'standard' })).toEqual(runKmeans(rows, { ...params, scaling: 'standard' }));
  });
  it('refuses K larger than the participants with complete features', () => {
    const error = (() => { try { runKmeans(rows, { ...params, k: 7 }); } catch (e) { return e; } })();
    expect(error).toBeInstanceOf(AnalysisError);
    expect(error).toMatchObject({ key: 'analytics.errors.kTooLarge', values: { k: 7, n: 6 } });
    expect(() => runKmeans(rows, { ...params, k: 6 })).not.toThrow();
  });
  it('leaves out participants missing a feature', () => {
    expect(runKmeans([...rows, row('x', { a: 1 })], params).n).toBe(6);
  });
});

describe('descriptive statistics', () => {
  it('computes n, mean, sd, median and IQR per score and group', () => {
    const rows = [1, 2, 3, 4, 5].map((v, i) => row(`p${i}`, { s: v }, 1, i < 2 ? 'A' : 'B'));
    const all = runDescriptive(rows, { type: 'descriptive', scores: ['s'], groupBy: 'none' }).stats[0]!;
    expect(all).toMatchObject({ n: 5, mean: 3, median: 3, min: 1, max: 5 });
    expect(all.sd).toBeCloseTo(1.5811, 4);
    expect(all.iqr).toBe(2);
    const byGroup = runDescriptive(rows, { type: 'descriptive', scores: ['s'], groupBy: 'recruitment' }).stats;
    expect(byGroup.map((s) => [s.group, s.n, s.mean])).toEqual([['A', 2, 1.5], ['B', 3, 4]]);
  });
  it('reads the latest assessment of each participant', () => {
    const rows = [row('p', { s: 1 }, 1), row('p', { s: 9 }, 2)];
    expect(latestPerParticipant(rows)).toEqual([rows[1]]);
    expect(runDescriptive(rows, { type: 'descriptive', scores: ['s'], groupBy: 'none' }).stats[0]).toMatchObject({ n: 1, mean: 9 });
  });
});

describe('correlation', () => {
  // By hand: x = 1..5, y = 2,4,5,4,5 → r = 6 / sqrt(10 · 6) = 0.7746; t = 2.1213 on 3 df → p = 0.1240.
  const rows = [[1, 2], [2, 4], [3, 5], [4, 4], [5, 5]].map(([x, y], i) => row(`p${i}`, { x: x!, y: y! }));
  it('matches a hand computation of Pearson r and its p-value', () => {
    const cell = runCorrelation(rows, { type: 'correlation', scores: ['x', 'y'], method: 'pearson' }).cells.find((c) => c.a === 'x' && c.b === 'y')!;
    expect(cell.r).toBeCloseTo(0.7746, 4);
    expect(cell.p).toBeCloseTo(0.124, 3);
  });
  it('computes Spearman on ranks (y ranks 1, 2.5, 4.5, 2.5, 4.5)', () => {
    const cell = runCorrelation(rows, { type: 'correlation', scores: ['x', 'y'], method: 'spearman' }).cells.find((c) => c.a === 'x' && c.b === 'y')!;
    expect(cell.r).toBeCloseTo(0.7379, 3);
  });
  it('gives no coefficient under three pairs and p = 0 for a perfect one', () => {
    expect(correlationPValue(0.5, 2)).toBeNull();
    expect(correlationPValue(1, 10)).toBe(0);
  });
});

describe('trajectories', () => {
  it('averages each score per assessment', () => {
    const rows = [row('a', { s: 10 }, 1), row('b', { s: 20 }, 1), row('a', { s: 14 }, 2)];
    const result = runTrajectories(rows, { type: 'trajectories', scores: ['s'] });
    expect(result.series[0]!.points).toEqual([{ assessment: 1, n: 2, mean: 15, sd: 7.0711 }, { assessment: 2, n: 1, mean: 14, sd: null }]);
  });
});

describe('intrinsic capacity', () => {
  it('compares first and latest profiles and raises an alert on a decline', () => {
    const rows = [row('a', { moca: 30, gds15: 0 }, 1), row('a', { moca: 24, gds15: 0 }, 2), row('b', { moca: 20 }, 1)];
    const result = runIntrinsicCapacity(rows);
    expect(result.participants.find((p) => p.participantId === 'a')!.declines).toEqual(['cognition']);
    expect(result.averages.cognition).toBeCloseTo((80 + 66.7) / 2, 1);
    expect(resultAlerts(result)).toEqual([{ participantId: 'a', participantName: 'P a', domains: ['cognition'] }]);
  });
});

describe('analytic parameters', () => {
  const base = { name: 'Clusters', dataSource: {}, analysis: { type: 'kmeans', features: ['moca', 'fga'], k: 3 }, charts: ['scatter'] };
  it('fills defaults', () => {
    expect(analyticSchema.parse(base).analysis).toEqual({ type: 'kmeans', features: ['moca', 'fga'], k: 3, maxIterations: 100, scaling: 'standard', seed: 42 });
  });
  it('refuses a chart the analysis cannot show, K below 2 and one feature', () => {
    expect(analyticSchema.safeParse({ ...base, charts: ['radar'] }).success).toBe(false);
    expect(analyticSchema.safeParse({ ...base, analysis: { ...base.analysis, k: 1 } }).success).toBe(false);
    expect(analyticSchema.safeParse({ ...base, analysis: { ...base.analysis, features: ['moca'] } }).success).toBe(false);
    expect(analyticSchema.safeParse({ ...base, analysis: { ...base.analysis, features: ['moca', 'moca'] } }).success).toBe(false);
  });
});
