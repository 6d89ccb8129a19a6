import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalysisResult, AnalyticInput, IcParticipant, IcProfile, NotebookInput, RunAction, RunState } from '@geria/domain';
import { api } from '../../../lib/api.ts';

export interface Notebook { id: string; name: string; description: string; owner: string; createdAt: string; updatedAt: string; analytics?: number }
export interface RunSummary { id: string; state: RunState; progress: number; requested: RunAction | null; queuedAt: string; startedAt: string | null; finishedAt: string | null; error: RunError | null }
export interface RunError { code: string; values?: Record<string, unknown> }
export interface Run extends RunSummary { analyticId: string; parameters: AnalyticInput; result: AnalysisResult | null; participants: number | null }
export interface AnalyticItem { id: string; notebookId: string; name: string; description: string; tags: string[]; definition: Omit<AnalyticInput, 'name'>; owner: string; createdAt: string; runs: RunSummary[] }
export interface NotebookDetail extends Omit<Notebook, 'analytics'> { analytics: AnalyticItem[] }
export interface IcResult { n: number; averages: IcProfile; participants: IcParticipant[] }

const notebooksKey = ['notebooks'] as const;
const runKey = (id: string) => ['analytics-run', id] as const;
const ACTIVE: readonly RunState[] = ['Queued', 'Running'];

export const useNotebooks = () => useQuery({
  queryKey: notebooksKey,
  queryFn: ({ signal }) => api.get<{ notebooks: Notebook[] }>('/notebooks', { signal }).then((r) => r.notebooks),
});

/** A notebook with its analytics; polled while one of its runs is queued or running (live progress). */
export const useNotebook = (id: string) => useQuery({
  queryKey: [...notebooksKey, id],
  queryFn: ({ signal }) => api.get<NotebookDetail>(`/notebooks/${id}`, { signal }),
  refetchInterval: (query) => (query.state.data?.analytics.some((a) => a.runs.some((r) => ACTIVE.includes(r.state))) ? 1000 : false),
});

export const useRun = (id: string | null) => useQuery({
  queryKey: runKey(id ?? ''),
  queryFn: ({ signal }) => api.get<Run>(`/analytics/runs/${id}`, { signal }),
  enabled: id !== null,
  refetchInterval: (query) => (query.state.data && ACTIVE.includes(query.state.data.state) ? 1000 : false),
});

function useInvalidating<V, R>(fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: notebooksKey }), client.invalidateQueries({ queryKey: ['analytics-run'] })]),
  });
}

export const useSaveNotebook = () => useInvalidating(({ id, input }: { id?: string; input: NotebookInput }) =>
  (id ? api.put<Notebook>(`/notebooks/${id}`, input) : api.post<Notebook>('/notebooks', input)));
export const useDeleteNotebook = () => useInvalidating((id: string) => api.delete<void>(`/notebooks/${id}`));
export const useCreateAnalytic = () => useInvalidating(({ notebookId, analytic }: { notebookId: string; analytic: AnalyticInput }) =>
  api.post<AnalyticItem>(`/notebooks/${notebookId}/analytics`, { analytic }));
export const useDeleteAnalytic = () => useInvalidating((id: string) => api.delete<void>(`/analytics/definitions/${id}`));
export const useNewRun = () => useInvalidating((analyticId: string) => api.post<Run>(`/analytics/definitions/${analyticId}/runs`, {}));
export const useRunAction = () => useInvalidating(({ id, action }: { id: string; action: RunAction }) => api.post<Run>(`/analytics/runs/${id}/${action}`, {}));
export const useDeleteRun = () => useInvalidating((id: string) => api.delete<void>(`/analytics/runs/${id}`));

export const useIntrinsicCapacity = () => useQuery({
  queryKey: ['analytics-ic'],
  queryFn: ({ signal }) => api.get<IcResult>('/analytics/ic', { signal }),
});

export const useResumePlot = (patientId: string | null) => useQuery({
  queryKey: ['analytics-ic', patientId],
  queryFn: ({ signal }) => api.get<{ excluded: boolean; data: IcParticipant | null }>(`/analytics/patient/${patientId}/analytic/ic_patient_info_resumeplot`, { signal }),
  enabled: patientId !== null,
});
