import { z } from 'zod';
import { questionnaireUrl } from '../instruments/fhir-questionnaire.ts';
import type { ResponseItem } from './questionnaire-response.ts';
import { PROFILING_CONDITIONS } from './profiling-conditions.ts';

/**
 * The profiling of a participant (SPEC §3): seven booleans, in the order of the tab statuses,
 * recorded once in the first assessment as a QuestionnaireResponse of the profiling questionnaire
 * (the spec's analytics read "questionnaire responses filtered by the profiling questionnaire").
 */
export const PROFILING_ID = 'profiling';
export const PROFILING_QUESTIONNAIRE = questionnaireUrl(PROFILING_ID);

export * from './profiling-conditions.ts';

/** Back pain, the seventh, is optional and then off. */
export const profilingInputSchema = z.object({
  hearingLoss: z.boolean(), cardiovascular: z.boolean(), frailty: z.boolean(), cognitive: z.boolean(),
  mental: z.boolean(), balance: z.boolean(), backPain: z.boolean().default(false),
}).strict();
export type ProfilingInput = z.output<typeof profilingInputSchema>;

/** The booleans in tab-status order, as `tabStatusesFromProfiling` takes them. */
export const profilingBooleans = (profiling: ProfilingInput): boolean[] => PROFILING_CONDITIONS.map((condition) => profiling[condition]);

export function profilingResponseItems(profiling: ProfilingInput): ResponseItem[] {
  return PROFILING_CONDITIONS.map((condition) => ({ linkId: condition, answer: [{ valueBoolean: profiling[condition] }] }));
}

/** The profiling recorded in a response; null when one of the six required answers is missing. */
export function profilingFromResponseItems(items: readonly ResponseItem[]): ProfilingInput | null {
  const answers = Object.fromEntries(items.flatMap((item) => {
    const answer = item.answer?.[0];
    return answer && 'valueBoolean' in answer ? [[item.linkId, answer.valueBoolean]] : [];
  }));
  const parsed = profilingInputSchema.safeParse(Object.fromEntries(PROFILING_CONDITIONS.flatMap((c) => (c in answers ? [[c, answers[c]]] : []))));
  return parsed.success ? parsed.data : null;
}
