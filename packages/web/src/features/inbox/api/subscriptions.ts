import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { ApiAnswer } from '../../../api/answers.ts';

export type SubscriptionItem = ApiAnswer<'getInboxSubscriptions'>['items'][number];

const key = ['inbox', 'subscriptions'] as const;

export function useSubscriptions() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<ApiAnswer<'getInboxSubscriptions'>>('/inbox/subscriptions', { signal }),
  });
}

export function useAnswerSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ participantId, ...answer }: { participantId: string; accepted: boolean; notifications?: boolean }) =>
      api.put(`/inbox/subscriptions/${participantId}`, answer),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
