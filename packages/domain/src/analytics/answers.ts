import { z } from 'zod';
import { IC_DOMAINS } from './intrinsic-capacity.ts';
import { RUN_STATES } from './lifecycle.ts';
import { analysisSchema, ANALYSIS_TYPES, CHARTS, dataSourceSchema } from './params.ts';

/**
 * What the analytics and notebook endpoints answer: the server declares and serializes its answers
 * with these schemas, and the web app reads them as their inferred types. Times are ISO 8601 strings.
 */

const nullableNumber = z.number().nullable();
const icProfileSchema = z.object(Object.fromEntries(IC_DOMAINS.map((d) => [d, nullableNumber])) as Record<(typeof IC_DOMAINS)[number], typeof nullableNumber>);

export const icParticipantSchema = z.object({
  participantId: z.string(), participantName: z.string(),
  first: z.object({ assessment: z.number(), profile: icProfileSchema }),
  latest: z.object({ assessment: z.number(), profile: icProfileSchema }),
  declines: z.array(z.enum(IC_DOMAINS)),
});

export const kmeansPointSchema = z.object({ participantId: z.string(), cluster: z.number().int(), pc1: z.number(), pc2: z.number() });

export const intrinsicCapacityResultSchema = z.object({
  type: z.literal('intrinsic_capacity'), n: z.number().int(), averages: icProfileSchema, participants: z.array(icParticipantSchema),
});

/** A completed run's result, by analysis (analyses.ts). */
export const analysisResultSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('kmeans'), n: z.number().int(), iterations: z.number().int(), converged: z.boolean(), explainedVariance: z.array(z.number()),
    points: z.array(kmeansPointSchema),
    centroids: z.array(z.object({ cluster: z.number().int(), size: z.number().int(), means: z.record(z.string(), nullableNumber) })),
  }),
  z.object({
    type: z.literal('descriptive'), n: z.number().int(),
    stats: z.array(z.object({
      score: z.string(), group: z.string(), n: z.number().int(), mean: z.number(), sd: nullableNumber, median: z.number(), q1: z.number(), q3: z.number(),
      iqr: z.number(), min: z.number(), max: z.number(),
    })),
  }),
  z.object({
    type: z.literal('correlation'), method: z.enum(['pearson', 'spearman']), n: z.number().int(), scores: z.array(z.string()),
    cells: z.array(z.object({ a: z.string(), b: z.string(), n: z.number().int(), r: nullableNumber, p: nullableNumber })),
  }),
  z.object({
    type: z.literal('trajectories'), n: z.number().int(), assessments: z.array(z.number()),
    series: z.array(z.object({ score: z.string(), points: z.array(z.object({ assessment: z.number(), n: z.number().int(), mean: nullableNumber, sd: nullableNumber })) })),
  }),
  intrinsicCapacityResultSchema,
]);
export type AnalysisResult = z.infer<typeof analysisResultSchema>;

export const notebookAnswerSchema = z.object({
  id: z.string(), name: z.string(), description: z.string(), owner: z.string(), organisation: z.string(), createdAt: z.string(), updatedAt: z.string(),
});

export const notebookListSchema = z.object({ notebooks: z.array(notebookAnswerSchema.extend({ analytics: z.number().int().describe('How many analytics it holds') })) });

/** Why a run failed or was interrupted: a message key and its values. */
const runErrorSchema = z.object({ code: z.string(), values: z.record(z.string(), z.unknown()).optional() });
export type RunError = z.infer<typeof runErrorSchema>;

export const runSummarySchema = z.object({
  id: z.string(), state: z.enum(RUN_STATES), progress: z.number(), requested: z.enum(['stop', 'interrupt']).nullable().describe('The stop or interrupt asked of a running run'),
  queuedAt: z.string(), startedAt: z.string().nullable(), finishedAt: z.string().nullable(), error: runErrorSchema.nullable(),
});

/** An analytic with its runs, newest first; its definition is what the wizard saved (name, description and tags aside). */
const definitionSchema = z.object({ dataSource: dataSourceSchema, analysis: analysisSchema, charts: z.array(z.enum(CHARTS)) });
export type AnalyticDefinition = z.infer<typeof definitionSchema>;

export const analyticItemSchema = z.object({
  id: z.string(), notebookId: z.string(), name: z.string(), description: z.string(), tags: z.array(z.string()), definition: definitionSchema,
  owner: z.string(), createdAt: z.string(), updatedAt: z.string(), runs: z.array(runSummarySchema),
});

export const notebookDetailSchema = notebookAnswerSchema.extend({ analytics: z.array(analyticItemSchema) });

/** A run: its state, the analytic's definition it ran with, its result and how many participants its input held. */
export const runSchema = runSummarySchema.extend({
  analyticId: z.string(), createdBy: z.string(),
  parameters: definitionSchema.extend({ name: z.string(), description: z.string(), tags: z.array(z.string()) }),
  result: analysisResultSchema.nullable(), participants: z.number().int().nullable(),
});

/** A run's input: one participant at one assessment per row. */
export const runSnapshotSchema = z.object({
  rows: z.array(z.object({ participantId: z.string(), participantName: z.string(), assessment: z.number(), group: z.string(), scores: z.record(z.string(), z.number()) })),
});

/** SPEC §7's shape: each analytic's latest completed result. */
export const analyticsResultsSchema = z.object({
  data: z.object({
    analytics: z.array(z.object({
      analyticId: z.string(), analyticName: z.string(), tags: z.array(z.string()), notebookId: z.string(), runId: z.string(), completedAt: z.string(),
      type: z.enum(ANALYSIS_TYPES),
      result: analysisResultSchema,
    })),
  }),
});

/** Participants whose intrinsic capacity fell, by completed analytic, for Home. */
export const analyticsAlertsSchema = z.object({
  alerts: z.array(z.object({
    participantId: z.string(), participantName: z.string(), analyticId: z.string(), analyticName: z.string(),
    domains: z.array(z.enum(IC_DOMAINS)), completedAt: z.string(), message: z.string(),
  })),
});

/** One patient's result of an analytic: null data when excluded from processing or absent from the result. */
export const patientAnalyticSchema = z.object({
  analyticId: z.string(), patientId: z.string(), excluded: z.boolean(),
  type: z.enum(ANALYSIS_TYPES).optional(), completedAt: z.string().optional(),
  data: z.union([icParticipantSchema, kmeansPointSchema]).nullable(),
});
