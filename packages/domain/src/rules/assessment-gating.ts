import { z } from 'zod';
import { BALANCE_ASSESSMENT_AT_COUNT } from '../reference/constants.ts';
import { balanceInputsSchema, emptyBalanceInputs } from './balance-eligibility.ts';
import { failed, passed, type RuleCheck } from './rule-message.ts';
import { recruitmentStatusSchema, TERMINAL_STATUSES } from './recruitment.ts';

export const assessmentFactsSchema = z.object({
  status: recruitmentStatusSchema,
  assessmentCount: z.number().int().min(0),
  birthDatePresent: z.boolean(),
  agePresent: z.boolean(),
});
export type AssessmentFacts = z.infer<typeof assessmentFactsSchema>;

/**
 * May a new assessment be created (SPEC §4, §5). Decided: a participation that ended (excluded,
 * withdrawn, completed) takes no new assessment; both the birth date and the age must be recorded
 * ("Birth date and age must be set first"), the birth date asked for first.
 */
export function canCreateAssessment(facts: AssessmentFacts): RuleCheck {
  if (TERMINAL_STATUSES.includes(facts.status))
    return failed({ code: 'rules.assessment.participationEnded', params: { status: facts.status } });
  if (!facts.birthDatePresent) return failed({ code: 'rules.assessment.birthDateRequired' });
  if (!facts.agePresent) return failed({ code: 'rules.assessment.ageRequired' });
  if (facts.status === 'pending' && facts.assessmentCount >= 1) return failed({ code: 'rules.assessment.pendingHasAssessment' });
  return passed;
}

/** The assessments page opens once either the birth date or the age is recorded. */
export function canOpenAssessmentsPage(facts: Pick<AssessmentFacts, 'birthDatePresent' | 'agePresent'>): RuleCheck {
  return facts.birthDatePresent || facts.agePresent ? passed : failed({ code: 'rules.assessment.recordBirthdayOrAge' });
}

/** A patient without profiling status must first compile the first assessment. */
export function checkProfiling(profilingPresent: boolean): RuleCheck {
  return profilingPresent ? passed : failed({ code: 'rules.assessment.profilingMissing' });
}

export function canStartBalanceAssessment(assessmentCount: number): RuleCheck {
  return assessmentCount === BALANCE_ASSESSMENT_AT_COUNT
    ? passed
    : failed({ code: 'rules.assessment.balanceOnlyFirst', params: { count: assessmentCount } });
}

/**
 * The PSFS activities are nominated in the first assessment; later assessments rate them, so a
 * PSFS can be submitted in the first assessment or once it exists there.
 */
export function canSubmitPsfs(facts: { currentAssessmentNumber: number; psfsInFirstAssessment: boolean }): RuleCheck {
  return facts.currentAssessmentNumber === 1 || facts.psfsInFirstAssessment
    ? passed
    : failed({ code: 'rules.assessment.psfsNotCreated' });
}

/** The seven condition tabs, in the order of the profiling booleans (SPEC §3). */
export const TAB_STATUS_KEYS = [
  'hearing_loss_tab_status', 'cardiovascular_tab_status', 'frailty_tab_status', 'cognitive_disorders_tab_status',
  'mental_disorders_tab_status', 'balance_disorders_tab_status', 'back_pain_tab_status',
] as const;
export type TabStatusKey = (typeof TAB_STATUS_KEYS)[number];
export type TabStatuses = Record<TabStatusKey, boolean>;

/** Six or seven profiling booleans; the seventh (back pain) is optional and then off. */
export const profilingSchema = z.array(z.boolean()).min(6).max(TAB_STATUS_KEYS.length);

export function tabStatusesFromProfiling(profiling: readonly boolean[]): TabStatuses {
  return Object.fromEntries(TAB_STATUS_KEYS.map((key, index) => [key, profiling[index] === true])) as TabStatuses;
}

const tabStatusShape = Object.fromEntries(TAB_STATUS_KEYS.map((key) => [key, z.boolean()])) as Record<TabStatusKey, z.ZodBoolean>;

export const LOADING_FLAGS = ['patientData', 'assessmentData', 'analyticData', 'clinicalData', 'patientTechPageData'] as const;

/** What the dashboard holds about the open patient (SPEC §3 "Patient working state"). */
export const patientWorkingStateSchema = z.object({
  status: recruitmentStatusSchema.nullable(),
  dexterity: z.number().int().min(1).max(6).nullable(),
  moca: z.number().int().min(0).max(30).nullable(),
  numberOfAssessments: z.number().int().min(0).nullable(),
  currentAssessmentNumber: z.number().int().min(1).nullable(),
  assessmentOpen: z.boolean(),
  birthdayPresent: z.boolean(),
  agePresent: z.boolean(),
  heartFailureReduced: z.boolean(),
  ...tabStatusShape,
  loading: z.object(Object.fromEntries(LOADING_FLAGS.map((flag) => [flag, z.boolean()])) as Record<(typeof LOADING_FLAGS)[number], z.ZodBoolean>),
  balance: balanceInputsSchema,
});
export type PatientWorkingState = z.infer<typeof patientWorkingStateSchema>;

/** The reset state: every scalar null, every flag false. */
export function emptyWorkingState(): PatientWorkingState {
  return {
    status: null, dexterity: null, moca: null, numberOfAssessments: null, currentAssessmentNumber: null,
    assessmentOpen: false, birthdayPresent: false, agePresent: false, heartFailureReduced: false,
    ...tabStatusesFromProfiling([]),
    loading: { patientData: false, assessmentData: false, analyticData: false, clinicalData: false, patientTechPageData: false },
    balance: emptyBalanceInputs(),
  };
}
