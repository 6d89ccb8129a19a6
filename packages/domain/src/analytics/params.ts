import { z } from 'zod';

/** Score codes are instrument-score Observation codes ("moca", "ghabp.residualDisability"). */
const scoreCode = z.string().regex(/^[a-z0-9]+(\.[A-Za-z0-9]+)*$/, 'analytics.invalidScore');
const scoreList = (min: number) => z.array(scoreCode).min(min).max(20).refine((l) => new Set(l).size === l.length, 'analytics.duplicateScore');

/** Step 1 of the wizard: which participants (always the caller's organisation; a pilot narrows it). */
export const dataSourceSchema = z.object({
  pilot: z.number().int().min(1).optional(),
  recruitment: z.array(z.number().int().min(0).max(5)).max(6).default([]),
  ageBands: z.array(z.string().regex(/^\d+(-\d+|\+)$/)).max(10).default([]),
  /** A SNOMED CT code of an active condition the participants have (condition profile). */
  condition: z.string().regex(/^\d{4,18}$/).optional(),
  /** The assessment whose scores are read; the latest when absent. */
  assessmentNumber: z.number().int().min(1).max(50).optional(),
}).strict();

export const GROUP_BY = ['none', 'recruitment', 'ageBand', 'gender'] as const;

/** Steps 2–3: the catalogue entry and its parameters. */
export const analysisSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('kmeans'),
    features: scoreList(2),
    k: z.number().int().min(2).max(20),
    maxIterations: z.number().int().min(1).max(1000).default(100),
    scaling: z.enum(['none', 'standard', 'minmax']).default('standard'),
    seed: z.number().int().min(0).max(2 ** 31).default(42),
  }).strict(),
  z.object({ type: z.literal('descriptive'), scores: scoreList(1), groupBy: z.enum(GROUP_BY).default('none') }).strict(),
  z.object({ type: z.literal('correlation'), scores: scoreList(2), method: z.enum(['pearson', 'spearman']).default('pearson') }).strict(),
  z.object({ type: z.literal('trajectories'), scores: scoreList(1) }).strict(),
  z.object({ type: z.literal('intrinsic_capacity') }).strict(),
]);

export const ANALYSIS_TYPES = ['kmeans', 'descriptive', 'correlation', 'trajectories', 'intrinsic_capacity'] as const;
export type AnalysisType = (typeof ANALYSIS_TYPES)[number];

export const CHARTS = ['scatter', 'centroids', 'boxplot', 'heatmap', 'radar', 'line', 'table'] as const;
export type ChartKind = (typeof CHARTS)[number];

/** The charts each analysis can show (step 4 offers only these). */
export const CHARTS_OF: Record<AnalysisType, readonly ChartKind[]> = {
  kmeans: ['scatter', 'centroids'],
  descriptive: ['boxplot', 'table'],
  correlation: ['heatmap', 'table'],
  trajectories: ['line', 'table'],
  intrinsic_capacity: ['radar', 'table'],
};

export const analyticSchema = z.object({
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().max(2000).default(''),
  tags: z.array(z.string().trim().min(1).max(40)).max(10).default([]),
  dataSource: dataSourceSchema,
  analysis: analysisSchema,
  charts: z.array(z.enum(CHARTS)).min(1).max(CHARTS.length),
}).strict().superRefine((a, ctx) => {
  const allowed = CHARTS_OF[a.analysis.type];
  for (const chart of a.charts) {
    if (!allowed.includes(chart)) ctx.addIssue({ code: 'custom', path: ['charts'], message: 'analytics.chartNotAvailable' });
  }
});

export type DataSource = z.infer<typeof dataSourceSchema>;
export type AnalysisParams = z.infer<typeof analysisSchema>;
export type AnalyticInput = z.input<typeof analyticSchema>;
export type Analytic = z.infer<typeof analyticSchema>;

export const notebookSchema = z.object({
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().max(2000).default(''),
}).strict();
export type NotebookInput = z.infer<typeof notebookSchema>;
