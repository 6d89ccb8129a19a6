import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalyticInput, NotebookInput, RunAction, RunState } from '@geria/domain';
import type { ApiAnswer } from '../../../api/answers.ts';
import { api } from '../../../lib/api.ts';

/** The answers of the analytics endpoints, as the server's OpenAPI document declares them (domain's analytics/answers.ts). */
export type Notebook = ApiAnswer<'getNotebooks'>['notebooks'][number];
type NotebookDetail = ApiAnswer<'getNotebooksById'>;
export type AnalyticItem = NotebookDetail['analytics'][number];
type Run = ApiAnswer<'getAnalyticsRunsById'>;
type PatientResult = ApiAnswer<'getAnalyticsPatientByPatientIdAnalyticByAnalyticId'>;
/** The resume plot's patient result is an intrinsic-capacity participant (a k-means analytic's would be its point). */
type ResumePlot = Omit<PatientResult, 'data'> & { data: Extract<PatientResult['data'], { first: unknown }> | null };

const notebooksKey = ['notebooks'] as const;
const runKey = (id: string) => ['analytics-run', id] as const;
const ACTIVE: readonly RunState[] = ['Queued', 'Running'];

export const useNotebooks = () => useQuery({
  queryKey: notebooksKey,
  queryFn: ({ signal }) => api.get<ApiAnswer<'getNotebooks'>>('/notebooks', { signal }).then((r) => r.notebooks),
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
  (id ? api.put<ApiAnswer<'putNotebooksById'>>(`/notebooks/${id}`, input) : api.post<ApiAnswer<'postNotebooks', 201>>('/notebooks', input)));
export const useDeleteNotebook = () => useInvalidating((id: string) => api.delete<void>(`/notebooks/${id}`));
export const useCreateAnalytic = () => useInvalidating(({ notebookId, analytic }: { notebookId: string; analytic: AnalyticInput }) =>
  api.post<ApiAnswer<'postNotebooksByIdAnalytics', 201>>(`/notebooks/${notebookId}/analytics`, { analytic }));
export const useDeleteAnalytic = () => useInvalidating((id: string) => api.delete<void>(`/analytics/definitions/${id}`));
export const useNewRun = () => useInvalidating((analyticId: string) => api.post<ApiAnswer<'postAnalyticsDefinitionsByIdRuns', 201>>(`/analytics/definitions/${analyticId}/runs`, {}));
export const useRunAction = () => useInvalidating(({ id, action }: { id: string; action: RunAction }) => api.post<ApiAnswer<'postAnalyticsRunsByIdByAction'>>(`/analytics/runs/${id}/${action}`, {}));
export const useDeleteRun = () => useInvalidating((id: string) => api.delete<void>(`/analytics/runs/${id}`));

export const useIntrinsicCapacity = () => useQuery({
  queryKey: ['analytics-ic'],
  queryFn: ({ signal }) => api.get<ApiAnswer<'getAnalyticsIc'>>('/analytics/ic', { signal }),
});

export const useResumePlot = (patientId: string | null) => useQuery({
  queryKey: ['analytics-ic', patientId],
  queryFn: ({ signal }) => api.get<ResumePlot>(`/analytics/patient/${patientId}/analytic/ic_patient_info_resumeplot`, { signal }),
  enabled: patientId !== null,
});
