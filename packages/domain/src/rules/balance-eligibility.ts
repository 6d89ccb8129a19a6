import { z } from 'zod';
import { BALANCE_FALLS_ABOVE, BALANCE_SHORT_FESI_ABOVE, BALANCE_SYMPTOMS_ABOVE } from '../reference/constants.ts';
import { failed, passed, type RuleCheck } from './rule-message.ts';

/** The eight balance-disorder symptoms counted by the eligibility rule (SPEC §5). */
export const BALANCE_SYMPTOMS = [
  'unsteadiness', 'motionSickness', 'blurringOfVisualImage', 'difficultyWalkingInDarkness',
  'lightHeadedness', 'disorientation', 'feelingFrustrated', 'dizziness',
] as const;
export type BalanceSymptom = (typeof BALANCE_SYMPTOMS)[number];

export const balanceSymptomsSchema = z.partialRecord(z.enum(BALANCE_SYMPTOMS), z.boolean());
export type BalanceSymptoms = z.infer<typeof balanceSymptomsSchema>;

export const balanceSymptomLabelKey = (symptom: BalanceSymptom): string => `rules.balance.symptoms.${symptom}`;

export function countBalanceSymptoms(symptoms: BalanceSymptoms): number {
  return BALANCE_SYMPTOMS.filter((symptom) => symptoms[symptom] === true).length;
}

/**
 * The balance-algorithm inputs of the patient working state (SPEC §3); null = not answered yet.
 * `hasPsychoactiveDrugs` is the spec's `hasPsycoactiveDrugs`, spelled correctly.
 */
export const balanceInputsSchema = z.object({
  numberOfFalls: z.number().int().min(0).nullable(),
  hasFearOfFalling: z.boolean().nullable(),
  hasMoreThanFourMedications: z.boolean().nullable(),
  hasPsychoactiveDrugs: z.boolean().nullable(),
  numberOfBalanceDisorders: z.number().int().min(0).max(BALANCE_SYMPTOMS.length).nullable(),
  /** Short FES-I total, 7–28. */
  shortFESScore: z.number().int().min(7).max(28).nullable(),
  rombergTestAbnormal: z.boolean().nullable(),
  timedUpAndGoAbnormal: z.boolean().nullable(),
});
export type BalanceInputs = z.infer<typeof balanceInputsSchema>;

export function emptyBalanceInputs(): BalanceInputs {
  return {
    numberOfFalls: null, hasFearOfFalling: null, hasMoreThanFourMedications: null, hasPsychoactiveDrugs: null,
    numberOfBalanceDisorders: null, shortFESScore: null, rombergTestAbnormal: null, timedUpAndGoAbnormal: null,
  };
}

export const BALANCE_REASONS = [
  'falls', 'fearOfFalling', 'polypharmacy', 'psychoactiveDrugs', 'symptoms', 'shortFesI', 'romberg', 'timedUpAndGo',
] as const;
export type BalanceReason = (typeof BALANCE_REASONS)[number];

const REASON_HOLDS: Record<BalanceReason, (inputs: BalanceInputs) => boolean> = {
  falls: (inputs) => (inputs.numberOfFalls ?? 0) > BALANCE_FALLS_ABOVE,
  fearOfFalling: (inputs) => inputs.hasFearOfFalling === true,
  polypharmacy: (inputs) => inputs.hasMoreThanFourMedications === true,
  psychoactiveDrugs: (inputs) => inputs.hasPsychoactiveDrugs === true,
  symptoms: (inputs) => (inputs.numberOfBalanceDisorders ?? 0) > BALANCE_SYMPTOMS_ABOVE,
  shortFesI: (inputs) => (inputs.shortFESScore ?? 0) > BALANCE_SHORT_FESI_ABOVE,
  romberg: (inputs) => inputs.rombergTestAbnormal === true,
  timedUpAndGo: (inputs) => inputs.timedUpAndGoAbnormal === true,
};

/** Label key of a reason, for the web to explain the decision. */
export const balanceReasonKey = (reason: BalanceReason): string => `rules.balance.reasons.${reason}`;

/** Eligibility for the balance-disorder assessment: any one reason suffices; unanswered inputs hold no reason. */
export function balanceEligibility(inputs: BalanceInputs): { eligible: boolean; reasons: BalanceReason[] } {
  const reasons = BALANCE_REASONS.filter((reason) => REASON_HOLDS[reason](inputs));
  return { eligible: reasons.length > 0, reasons };
}

/** Answers while the wizard runs: the number of falls may still be the raw text of its field. */
export const balanceAnswersSchema = balanceInputsSchema
  .extend({ numberOfFalls: z.union([z.number(), z.string()]).nullable() })
  .partial();
export type BalanceAnswers = z.infer<typeof balanceAnswersSchema>;

/** The answers each wizard step asks for; step 7 holds both physical tests. */
export const BALANCE_STEPS = {
  1: ['numberOfFalls'],
  2: ['hasFearOfFalling'],
  3: ['hasMoreThanFourMedications'],
  4: ['hasPsychoactiveDrugs'],
  5: ['numberOfBalanceDisorders'],
  6: ['shortFESScore'],
  7: ['rombergTestAbnormal', 'timedUpAndGoAbnormal'],
} as const satisfies Record<number, readonly (keyof BalanceInputs)[]>;
export type BalanceStep = keyof typeof BALANCE_STEPS;

/** A whole, non-negative count from a number or the text of the falls field; null when empty or not a count. */
export function parseFallsCount(value: number | string | null | undefined): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : null;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value.trim());
  return null;
}

export function canAdvance(step: number, answers: BalanceAnswers): RuleCheck {
  if (!(step in BALANCE_STEPS)) return failed({ code: 'rules.balance.unknownStep', params: { step } });
  if (step === 1)
    return parseFallsCount(answers.numberOfFalls) === null ? failed({ code: 'rules.balance.fallsRequired' }) : passed;
  const fields: readonly (keyof BalanceInputs)[] = BALANCE_STEPS[step as BalanceStep];
  return fields.every((field) => answers[field] != null)
    ? passed
    : failed({ code: 'rules.balance.answerRequired', params: { step } });
}
