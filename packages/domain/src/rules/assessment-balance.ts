import { z } from 'zod';
import { questionnaireUrl } from '../instruments/fhir-questionnaire.ts';
import {
  BALANCE_REASONS, BALANCE_STEPS, balanceEligibility, balanceInputsSchema, balanceSymptomsSchema, canAdvance, countBalanceSymptoms, parseFallsCount,
  type BalanceInputs, type BalanceStep,
} from './balance-eligibility.ts';
import type { ResponseItem } from './questionnaire-response.ts';
import { passed, type RuleCheck } from './rule-message.ts';

/**
 * The balance-disorder assessment of the first assessment: the wizard's answers (step 5 is the
 * eight symptoms, counted) and its result, recorded as a QuestionnaireResponse of the
 * balance-eligibility questionnaire in that Encounter.
 */
export const BALANCE_QUESTIONNAIRE = questionnaireUrl('balance-eligibility');

export const balanceAssessmentInputSchema = z.object({
  numberOfFalls: z.union([z.number(), z.string()]).nullable(),
  hasFearOfFalling: z.boolean().nullable(),
  hasMoreThanFourMedications: z.boolean().nullable(),
  hasPsychoactiveDrugs: z.boolean().nullable(),
  symptoms: balanceSymptomsSchema.nullable(),
  shortFESScore: z.number().int().min(7).max(28).nullable(),
  rombergTestAbnormal: z.boolean().nullable(),
  timedUpAndGoAbnormal: z.boolean().nullable(),
}).strict();
export type BalanceAssessmentInput = z.infer<typeof balanceAssessmentInputSchema>;

/** The wizard's answers as eligibility inputs; unanswered symptoms count as none only once the step is answered. */
export function balanceInputsOf(input: BalanceAssessmentInput): BalanceInputs {
  return {
    numberOfFalls: parseFallsCount(input.numberOfFalls),
    hasFearOfFalling: input.hasFearOfFalling,
    hasMoreThanFourMedications: input.hasMoreThanFourMedications,
    hasPsychoactiveDrugs: input.hasPsychoactiveDrugs,
    numberOfBalanceDisorders: input.symptoms ? countBalanceSymptoms(input.symptoms) : null,
    shortFESScore: input.shortFESScore,
    rombergTestAbnormal: input.rombergTestAbnormal,
    timedUpAndGoAbnormal: input.timedUpAndGoAbnormal,
  };
}

/** Every step's gate, in order: the first unanswered step refuses the confirmation. */
export function checkBalanceSteps(input: BalanceAssessmentInput): RuleCheck {
  const answers = { ...balanceInputsOf(input), numberOfFalls: input.numberOfFalls };
  for (const step of Object.keys(BALANCE_STEPS).map(Number) as BalanceStep[]) {
    const check = canAdvance(step, answers);
    if (!check.ok) return check;
  }
  return passed;
}

/** The confirmed assessment's answer: the eligibility inputs, the symptoms and whether (and why) the participant is eligible. */
export const balanceResultSchema = z.object({
  inputs: balanceInputsSchema, symptoms: balanceSymptomsSchema, eligible: z.boolean(), reasons: z.array(z.enum(BALANCE_REASONS)),
});
export type BalanceResult = z.infer<typeof balanceResultSchema>;

export function balanceResult(input: BalanceAssessmentInput): BalanceResult {
  const inputs = balanceInputsOf(input);
  return { inputs, symptoms: input.symptoms ?? {}, ...balanceEligibility(inputs) };
}

export function balanceResponseItems(result: BalanceResult): ResponseItem[] {
  const answered = Object.entries(result.inputs).filter(([, value]) => value !== null) as [string, number | boolean][];
  return [
    ...answered.map(([linkId, value]) => ({
      linkId, answer: [typeof value === 'boolean' ? { valueBoolean: value } : { valueInteger: value }],
    })),
    ...Object.entries(result.symptoms).map(([symptom, value]) => ({ linkId: `symptom.${symptom}`, answer: [{ valueBoolean: value === true }] })),
    { linkId: 'eligible', answer: [{ valueBoolean: result.eligible }] },
  ];
}

/** The recorded assessment back as wizard answers and result. */
export function balanceResultFromItems(items: readonly ResponseItem[]): BalanceResult {
  const value = (linkId: string) => {
    const answer = items.find((item) => item.linkId === linkId)?.answer?.[0];
    if (!answer) return null;
    if ('valueBoolean' in answer) return answer.valueBoolean;
    if ('valueInteger' in answer) return answer.valueInteger;
    return null;
  };
  const symptoms = Object.fromEntries(items.filter((item) => item.linkId.startsWith('symptom.'))
    .map((item) => [item.linkId.slice('symptom.'.length), value(item.linkId) === true]));
  const bool = (linkId: string) => value(linkId) as boolean | null;
  const int = (linkId: string) => value(linkId) as number | null;
  return balanceResult({
    numberOfFalls: int('numberOfFalls'), hasFearOfFalling: bool('hasFearOfFalling'),
    hasMoreThanFourMedications: bool('hasMoreThanFourMedications'), hasPsychoactiveDrugs: bool('hasPsychoactiveDrugs'),
    symptoms: balanceSymptomsSchema.parse(symptoms), shortFESScore: int('shortFESScore'),
    rombergTestAbnormal: bool('rombergTestAbnormal'), timedUpAndGoAbnormal: bool('timedUpAndGoAbnormal'),
  });
}
