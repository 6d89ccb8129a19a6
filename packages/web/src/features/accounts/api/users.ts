import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  approvalTasksSchema, managedUserPageSchema as userPageSchema, managedUserSchema, type ManagedUserChange,
} from '@geria/domain/rules/registration.ts';
import { api } from '../../../lib/api.ts';
import { approvalApi } from './clients.ts';

export type ManagedUser = z.infer<typeof managedUserSchema>;
export type ApprovalTask = z.infer<typeof approvalTasksSchema>['items'][number];

const outboxSchema = z.object({
  transport: z.enum(['outbox', 'smtp']),
  total: z.number(),
  items: z.array(z.object({ id: z.number(), to: z.string(), subject: z.string(), text: z.string(), language: z.string(), createdAt: z.string() })),
});

export const SORTABLE_USER_FIELDS = ['username', 'firstName', 'lastName', 'email', 'organisation', 'createdAt'] as const;
export type UserSortField = (typeof SORTABLE_USER_FIELDS)[number];

export interface UserListQuery {
  page: number;
  pageSize: number;
  sort: UserSortField;
  order: 'asc' | 'desc';
  search: string;
}

const USERS_KEY = ['accounts', 'users'] as const;
const TASKS_KEY = ['accounts', 'approval-tasks'] as const;

/** One page of end users, paged, sorted and searched by the server. */
export function useUsers(query: UserListQuery) {
  return useQuery({
    queryKey: [...USERS_KEY, query],
    queryFn: ({ signal }) => api.get('/users', { query: { ...query, search: query.search || undefined }, schema: userPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useApprovalTasks() {
  return useQuery({ queryKey: TASKS_KEY, queryFn: ({ signal }) => approvalApi.get('/approval-tasks', { schema: approvalTasksSchema, signal }) });
}

export function useOutbox(page: number, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: ['accounts', 'outbox', page, pageSize],
    queryFn: ({ signal }) => api.get('/mail/outbox', { query: { page, pageSize }, schema: outboxSchema, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** After any change of an account, the lists are read again. */
function useRefreshAccounts() {
  const client = useQueryClient();
  return () => Promise.all([
    client.invalidateQueries({ queryKey: USERS_KEY }),
    client.invalidateQueries({ queryKey: TASKS_KEY }),
    client.invalidateQueries({ queryKey: ['accounts', 'outbox'] }),
  ]);
}

export function useUpdateUser() {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ManagedUserChange }) =>
      api.patch(`/users/${encodeURIComponent(id)}`, change, { schema: z.object({ user: managedUserSchema }) }),
    onSuccess: refresh,
  });
}

export function useApprove() {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: (taskId: string) => approvalApi.post(`/approval-tasks/${encodeURIComponent(taskId)}/approve`, undefined, { schema: z.object({ user: managedUserSchema }) }),
    onSuccess: refresh,
  });
}

export function useReject() {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: ({ taskId, reason }: { taskId: string; reason: string }) =>
      approvalApi.post(`/approval-tasks/${encodeURIComponent(taskId)}/reject`, { reason }),
    onSuccess: refresh,
  });
}
