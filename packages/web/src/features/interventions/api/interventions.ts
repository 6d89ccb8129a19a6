import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InterventionRuleInput } from '@geria/domain';
import type { ApiAnswer } from '../../../api/answers.ts';
import { api } from '../../../lib/api.ts';

export type StoredRule = ApiAnswer<'getInterventionsRulesById'>;
/** `lastReply`: the mail server's last reply to an e-mail; `failed`: refused for good, or for longer than its retry window. */
export type Delivery = ApiAnswer<'getInterventionsLogs'>['items'][number]['deliveries'][number];
export type FiringItem = ApiAnswer<'getInterventionsLogs'>['items'][number];
export type SentNotification = ApiAnswer<'getInterventionsNotifications'>['items'][number];

const key = ['interventions'] as const;

export function useRules(participantId?: string) {
  return useQuery({
    queryKey: [...key, 'rules', participantId ?? null],
    queryFn: ({ signal }) => api.get<ApiAnswer<'getInterventionsRules'>>('/interventions/rules', { query: participantId ? { participant: participantId } : {}, signal }),
  });
}

export function useRule(id: string | null) {
  return useQuery({
    queryKey: [...key, 'rule', id],
    queryFn: ({ signal }) => api.get<StoredRule>(`/interventions/rules/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useSaveRule(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rule: InterventionRuleInput) => (id ? api.put<ApiAnswer<'putInterventionsRulesById'>>(`/interventions/rules/${id}`, rule) : api.post<ApiAnswer<'postInterventionsRules', 201>>('/interventions/rules', rule)),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/interventions/rules/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useFirings(params: { page: number; pageSize: number; participantId?: string }) {
  return useQuery({
    queryKey: [...key, 'logs', params],
    queryFn: ({ signal }) => api.get<ApiAnswer<'getInterventionsLogs'>>('/interventions/logs', {
      query: { page: params.page, pageSize: params.pageSize, ...(params.participantId ? { participant: params.participantId } : {}) }, signal,
    }),
    placeholderData: keepPreviousData,
  });
}

export function useSentNotifications(params: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...key, 'notifications', params],
    queryFn: ({ signal }) => api.get<ApiAnswer<'getInterventionsNotifications'>>('/interventions/notifications', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}
