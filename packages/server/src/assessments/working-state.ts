import {
  allowedTransitions, canCreateAssessment, canOpenAssessmentsPage, canStartBalanceAssessment, canSubmitPsfs, checkProfiling,
  emptyWorkingState, exclusionFindings, studyAlerts, tabStatusesFromProfiling, type BalanceInputs, type FhirObservation,
  type PatientWorkingState, type RecruitmentFacts,
} from '@geria/domain';
import { exclusionRisks } from '@geria/domain/rules/assessment-recruitment-decision.ts';
import { profilingBooleans } from '@geria/domain/rules/assessment-profiling.ts';
import type { PatientFacts } from './patient-facts.ts';

const booleanOf = (observation: FhirObservation | undefined) => observation?.valueBoolean ?? null;

/**
 * The balance-algorithm inputs: the confirmed balance assessment when there is one, otherwise what
 * the record already says (falls, medications, short FES-I, the physical tests) for the wizard to start from.
 */
export function balanceInputs(facts: PatientFacts): BalanceInputs {
  if (facts.balance) return facts.balance.result.inputs;
  return {
    numberOfFalls: facts.observations.get('fallsLastYear')?.valueInteger ?? null,
    hasFearOfFalling: null,
    hasMoreThanFourMedications: facts.medications.polypharmacy,
    hasPsychoactiveDrugs: facts.medications.psychoactive,
    numberOfBalanceDisorders: null,
    shortFESScore: facts.latest.get('sfesi') ?? null,
    rombergTestAbnormal: booleanOf(facts.observations.get('rombergAbnormal')),
    timedUpAndGoAbnormal: booleanOf(facts.observations.get('timedUpAndGoAbnormal')),
  };
}

const score = (facts: PatientFacts, instrument: string) => facts.latest.get(instrument) ?? null;

export function recruitmentFacts(facts: PatientFacts): RecruitmentFacts {
  return { dexterity: score(facts, 'dexterity'), moca: score(facts, 'moca'), birthDatePresent: facts.birthDate !== null };
}

/** The study alerts and exclusion risks of the latest scores. */
export function screening(facts: PatientFacts) {
  const base = recruitmentFacts(facts);
  const alerts = studyAlerts({ gds15: score(facts, 'gds15'), iadl: score(facts, 'iadl'), efs: score(facts, 'efs'), moca: base.moca });
  // What the decision dialog can offer: the statuses reachable once it has asked for a reason and a drop-off date.
  const offered = allowedTransitions(facts.status, { ...base, reason: 'given in the dialog', dropOffDate: new Date().toISOString().slice(0, 10) });
  return { findings: exclusionFindings(base), alerts, risks: exclusionRisks(base, alerts), allowedTransitions: offered };
}

/** May another assessment be created (SPEC §4, §5). */
export const creationCheck = (facts: PatientFacts) => canCreateAssessment({
  status: facts.status, assessmentCount: facts.assessments.length, birthDatePresent: facts.birthDate !== null, agePresent: facts.age !== null,
});

/** SPEC §3 "Patient working state", with the gates the patient pages explain. `encounterId` is the open assessment. */
export function workingState(facts: PatientFacts, encounterId?: string) {
  const current = encounterId ? facts.assessments.find((a) => a.id === encounterId) : undefined;
  const state: PatientWorkingState = {
    ...emptyWorkingState(),
    status: facts.status,
    dexterity: score(facts, 'dexterity'),
    moca: score(facts, 'moca'),
    numberOfAssessments: facts.assessments.length,
    currentAssessmentNumber: current?.number ?? null,
    assessmentOpen: current !== undefined,
    birthdayPresent: facts.birthDate !== null,
    agePresent: facts.age !== null,
    heartFailureReduced: facts.heartFailureReduced,
    ...tabStatusesFromProfiling(facts.profiling ? profilingBooleans(facts.profiling.input) : []),
    balance: balanceInputs(facts),
  };
  const first = facts.assessments[0];
  return {
    state,
    profiling: facts.profiling?.input ?? null,
    screening: screening(facts),
    gates: {
      createAssessment: creationCheck(facts),
      openAssessments: canOpenAssessmentsPage({ birthDatePresent: state.birthdayPresent, agePresent: state.agePresent }),
      profiling: checkProfiling(facts.profiling !== null),
      balance: canStartBalanceAssessment(facts.assessments.length),
      psfs: canSubmitPsfs({
        currentAssessmentNumber: current?.number ?? facts.assessments.length + 1,
        psfsInFirstAssessment: facts.responses.some((r) => r.instrument === 'psfs' && first !== undefined && r.encounterId === first.id),
      }),
    },
    lastDecision: facts.lastDecision,
    balanceAssessment: facts.balance ? { eligible: facts.balance.result.eligible, reasons: facts.balance.result.reasons, symptoms: facts.balance.result.symptoms } : null,
  };
}
export type WorkingStateView = ReturnType<typeof workingState>;
