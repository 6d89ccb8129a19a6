import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiAnswer } from '../../../api/answers.ts';
import { api } from '../../../lib/api.ts';

export type InboxPage = ApiAnswer<'getInbox'>;
export type InboxItem = InboxPage['items'][number];

const inboxKey = ['inbox'] as const;

export function useInbox(params: { page: number; pageSize: number; unreadOnly: boolean }) {
  return useQuery({
    queryKey: [...inboxKey, params],
    queryFn: ({ signal }) => api.get<InboxPage>('/inbox', { query: { page: params.page, pageSize: params.pageSize, unread: String(params.unreadOnly) }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<void>(`/inbox/${id}/read`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: inboxKey }),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ApiAnswer<'postInboxReadAll'>>('/inbox/read-all', {}),
    onSuccess: () => client.invalidateQueries({ queryKey: inboxKey }),
  });
}
