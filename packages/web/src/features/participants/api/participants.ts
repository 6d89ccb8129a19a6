import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ParticipantInput, ParticipantSort } from '@geria/domain/rules/participants-record.ts';
import { invalidateParticipant } from '../../../lib/affects.ts';
import { api } from '../../../lib/api.ts';
import type { ApiAnswer } from '../../../api/answers.ts';

export interface ListParams { page: number; pageSize: number; sort: ParticipantSort; order: 'asc' | 'desc'; search: string; status: number | null }

/** A participant's study record as the server answers it (its full read adds the devices and external ids). */
export type ParticipantRecord = ApiAnswer<'putParticipantById'>;

export const participantKeys = {
  list: (org: string, params: ListParams) => ['participants', 'list', org, params] as const,
  record: (id: string) => ['participants', 'record', id] as const,
  section: (id: string, section: string) => ['participants', 'record', id, section] as const,
};

const listQuery = (p: Omit<ListParams, 'page' | 'pageSize'>) => ({
  sort: p.sort, order: p.order, search: p.search || undefined, status: p.status ?? undefined,
});

export function useParticipants(org: string, params: ListParams) {
  return useQuery({
    queryKey: participantKeys.list(org, params),
    queryFn: ({ signal }) => api.get<ApiAnswer<'getParticipantsOrganisationByOrg'>>(`/participants/organisation/${encodeURIComponent(org)}`, {
      query: { page: params.page, pageSize: params.pageSize, ...listQuery(params) }, signal,
    }),
    placeholderData: keepPreviousData,
  });
}

/** The current view as the server's CSV, saved through a download link. */
export async function downloadParticipantsCsv(org: string, params: Omit<ListParams, 'page' | 'pageSize'>) {
  const csv = await api.get<string>(`/participants/organisation/${encodeURIComponent(org)}/export`, { query: listQuery(params) });
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: `participants-${org}-${new Date().toISOString().slice(0, 10)}.csv` });
  link.click();
  URL.revokeObjectURL(url);
}

export function useParticipant(id: string) {
  return useQuery({ queryKey: participantKeys.record(id), queryFn: ({ signal }) => api.get<ApiAnswer<'getParticipantById'>>(`/participant/${id}`, { signal }) });
}

export function usePilots() {
  return useQuery({ queryKey: ['pilots'], queryFn: () => api.get<ApiAnswer<'getPilot'>>('/pilot'), staleTime: Infinity });
}

export function useSaveParticipant(id?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ParticipantInput) => (id ? api.put<ParticipantRecord>(`/participant/${id}`, input) : api.post<ApiAnswer<'postParticipant', 201>>('/participant', input)),
    // The birth date or age feeds the working state (Assessments' gates), hence the whole patient.
    onSuccess: (saved) => invalidateParticipant(client, { patient: saved.id }),
  });
}

export function useDeleteParticipant(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(`/participant/${id}`),
    onSuccess: () => invalidateParticipant(client, { patient: id, erased: true }),
  });
}

export function useChangeRecruitment(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ value, ...body }: { value: number; reason?: string; dropOffDate?: string }) => api.post<ApiAnswer<'postParticipantByIdRecruitementByValue'>>(`/participant/${id}/recruitement/${value}`, body),
    onSuccess: () => invalidateParticipant(client, { patient: id }),
  });
}
