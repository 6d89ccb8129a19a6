import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { emptyWorkingState } from '@geria/domain';
import type { ProfilingInput } from '@geria/domain/rules/assessment-profiling.ts';
import type { ClinicalFieldsInput } from '@geria/domain/rules/assessment-clinical-fields.ts';
import type { BalanceAssessmentInput } from '@geria/domain/rules/assessment-balance.ts';
import type { RecruitmentDecisionInput } from '@geria/domain/rules/assessment-recruitment-decision.ts';
import type { ConditionsInput } from '@geria/domain/rules/assessment-conditions.ts';
import type { Answers } from '@geria/domain';
import { invalidateParticipant } from '../../../lib/affects.ts';
import type { ApiAnswer } from '../../../api/answers.ts';
import { api } from '../../../lib/api.ts';

export type WorkingStateView = ApiAnswer<'getParticipantsByIdWorkingState'>;
export type AssessmentView = ApiAnswer<'getParticipantsByIdAssessments'>['items'][number];
export type TabView = AssessmentView['tabs'][number];
export type AssessmentDetail = ApiAnswer<'getParticipantsByIdAssessmentsByEncounterId'>;
export type ClinicalFieldsView = ApiAnswer<'getParticipantsByIdAssessmentsByEncounterIdClinicalFields'>;

/** Everything about one patient's assessments sits under one key, so leaving the patient drops it all. */
export const assessmentKeys = {
  patient: (patientId: string) => ['assessments', patientId] as const,
  state: (patientId: string, encounterId?: string) => ['assessments', patientId, 'working-state', encounterId ?? null] as const,
  list: (patientId: string) => ['assessments', patientId, 'list'] as const,
  one: (patientId: string, encounterId: string) => ['assessments', patientId, 'one', encounterId] as const,
  clinical: (patientId: string, encounterId: string) => ['assessments', patientId, 'clinical', encounterId] as const,
  conditions: (patientId: string) => ['assessments', patientId, 'conditions'] as const,
};

const base = (patientId: string) => `/participants/${encodeURIComponent(patientId)}`;

/** The empty working state of SPEC §3, shown while nothing is loaded and after leaving the patient. */
export const EMPTY_STATE: WorkingStateView['state'] = emptyWorkingState();

/** The patient working state (SPEC §3), from the server's rules; `encounterId` is the open assessment. */
export function useWorkingState(patientId: string, encounterId?: string) {
  return useQuery({
    queryKey: assessmentKeys.state(patientId, encounterId),
    queryFn: ({ signal }) => api.get<WorkingStateView>(`${base(patientId)}/working-state`, { query: { encounter: encounterId }, signal }),
  });
}

export function useAssessments(patientId: string) {
  return useQuery({
    queryKey: assessmentKeys.list(patientId),
    queryFn: ({ signal }) => api.get<ApiAnswer<'getParticipantsByIdAssessments'>>(`${base(patientId)}/assessments`, { signal }),
  });
}

export function useAssessment(patientId: string, encounterId: string) {
  return useQuery({
    queryKey: assessmentKeys.one(patientId, encounterId),
    queryFn: ({ signal }) => api.get<AssessmentDetail>(`${base(patientId)}/assessments/${encodeURIComponent(encounterId)}`, { signal }),
  });
}

/** A write that changes what the patient's pages show: everything of the patient is fetched again. */
function usePatientMutation<I, O>(patientId: string, mutationFn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateParticipant(client, { patient: patientId }) });
}

export const useCreateAssessment = (patientId: string) =>
  usePatientMutation(patientId, () => api.post<AssessmentView>(`${base(patientId)}/assessments`, {}));

export const useSaveProfiling = (patientId: string, encounterId: string) =>
  usePatientMutation(patientId, (input: ProfilingInput) => api.put<WorkingStateView>(`${base(patientId)}/assessments/${encounterId}/profiling`, input));

export function useClinicalFields(patientId: string, encounterId: string) {
  return useQuery({
    queryKey: assessmentKeys.clinical(patientId, encounterId),
    queryFn: ({ signal }) => api.get<ClinicalFieldsView>(`${base(patientId)}/assessments/${encounterId}/clinical-fields`, { signal }),
  });
}

export const useSaveClinicalFields = (patientId: string, encounterId: string) =>
  usePatientMutation(patientId, (input: ClinicalFieldsInput) => api.put<ClinicalFieldsView>(`${base(patientId)}/assessments/${encounterId}/clinical-fields`, input));

export type DecisionResult = ApiAnswer<'postParticipantsByIdRecruitmentDecisions', 201>;
export function useDecideRecruitment(patientId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RecruitmentDecisionInput) => api.post<DecisionResult>(`${base(patientId)}/recruitment-decisions`, input),
    // The participant record (list, patient page) shows the status too.
    onSuccess: () => invalidateParticipant(client, { patient: patientId }),
  });
}

export const useConfirmBalance = (patientId: string) =>
  usePatientMutation(patientId, (input: BalanceAssessmentInput) =>
    api.post<ApiAnswer<'postParticipantsByIdBalanceAssessment'>>(`${base(patientId)}/balance-assessment`, input));

export const useResetBalance = (patientId: string) =>
  usePatientMutation(patientId, () => api.delete<void>(`${base(patientId)}/balance-assessment`));

/** Saves a questionnaire response in the assessment (the questionnaires API). */
export const useSaveResponse = (patientId: string, encounterId: string) =>
  usePatientMutation(patientId, (input: { instrumentId: string; answers: Answers; responseId?: string }) => input.responseId
    ? api.put(`/questionnaire-responses/${input.responseId}`, { answers: input.answers, encounterId })
    : api.post(`/patients/${encodeURIComponent(patientId)}/questionnaire-responses`, { instrumentId: input.instrumentId, answers: input.answers, encounterId }));

export type ConditionsView = ApiAnswer<'getParticipantsByIdConditions'>;

export function useConditions(patientId: string) {
  return useQuery({
    queryKey: assessmentKeys.conditions(patientId),
    queryFn: ({ signal }) => api.get<ConditionsView>(`${base(patientId)}/conditions`, { signal }),
  });
}

export const useSaveConditions = (patientId: string) =>
  usePatientMutation(patientId, (input: ConditionsInput) => api.put<ConditionsView>(`${base(patientId)}/conditions`, input));
