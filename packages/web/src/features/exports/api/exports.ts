import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DatasetParamsInput } from '@geria/domain/exports/params.ts';
import type { ApiAnswer } from '../../../api/answers.ts';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { appSession } from '../../../lib/auth/app-session.ts';
import { downloadBlob } from '../../../lib/download.ts';

export type DatasetExport = ApiAnswer<'getExportsById'>;

const key = ['dataset-exports'] as const;
const active = (e: DatasetExport) => e.state === 'queued' || e.state === 'running';

/** The organisation's exports; polled every second while one is queued or running (its progress bar moves). */
export function useDatasetExports() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<ApiAnswer<'getExports'>>('/exports', { signal }).then((r) => r.exports),
    refetchInterval: (query) => (query.state.data?.some(active) ? 1000 : false),
  });
}

function useExportWrite<I>(call: (input: I) => Promise<DatasetExport>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => client.invalidateQueries({ queryKey: key }) });
}

export const useStartExport = () => useExportWrite((params: DatasetParamsInput) => api.post<DatasetExport>('/exports', params));
export const useCancelExport = () => useExportWrite((id: string) => api.post<DatasetExport>(`/exports/${id}/cancel`, {}));

/** The zip goes around the JSON client, with the same bearer token. */
export async function downloadExport(e: DatasetExport) {
  const response = await fetch(`/api/v1/exports/${e.id}/download`, { headers: { Authorization: `Bearer ${appSession.token() ?? ''}` } });
  if (!response.ok) throw ApiError.fromResponse(response.status, await response.json().catch(() => null), response.statusText);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `geria-dataset-${e.id}.zip`;
  downloadBlob(await response.blob(), name);
}
