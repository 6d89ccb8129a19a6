import type { TAB_STATUS_KEYS } from './assessment-gating.ts';

/**
 * The seven conditions of the profiling (SPEC §3), in the order of the tab statuses, without zod:
 * Home's statistics name them at first paint. Their recording is in assessment-profiling.ts.
 */
export const PROFILING_CONDITIONS = [
  'hearingLoss', 'cardiovascular', 'frailty', 'cognitive', 'mental', 'balance', 'backPain',
] as const satisfies { length: (typeof TAB_STATUS_KEYS)['length'] };
export type ProfilingCondition = (typeof PROFILING_CONDITIONS)[number];
