import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GDPR_EFFECT, type GdprRequestInput, type GdprRight, type GdprStatus } from '@geria/domain';
import { invalidateParticipant } from '../../../lib/affects.ts';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { appSession } from '../../../lib/auth/app-session.ts';
import { downloadBlob } from '../../../lib/download.ts';
import type { ApiAnswer } from '../../../api/answers.ts';

type GdprRequest = ApiAnswer<'postGDPRRequest', 201>;
/** `participantName` is given to the roles that read participants only. */
export type GdprRequestDetail = ApiAnswer<'getGDPRRequestById'>;
export interface ListFilter { status?: GdprStatus; right?: number; participantId?: string; page: number; pageSize: number }

const key = ['gdpr'] as const;

export function useGdprRequests(f: ListFilter) {
  return useQuery({
    queryKey: [...key, 'list', f],
    queryFn: ({ signal }) => api.get<ApiAnswer<'getGDPRRequests'>>('/GDPRRequests', {
      query: { status: f.status, right: f.right, participantId: f.participantId, limit: f.pageSize, offset: f.page * f.pageSize }, signal,
    }),
    placeholderData: keepPreviousData,
  });
}

export function useGdprRequest(id: string) {
  return useQuery({ queryKey: [...key, 'one', id], queryFn: ({ signal }) => api.get<GdprRequestDetail>(`/GDPRRequest/${id}`, { signal }) });
}

function useGdprWrite<I, O>(call: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => client.invalidateQueries({ queryKey: key }) });
}

export const useCreateRequest = () => useGdprWrite((input: GdprRequestInput) => api.post<GdprRequest>('/GDPRRequest', input));
export const useEditRequest = (id: string) =>
  useGdprWrite((input: Omit<GdprRequestInput, 'participantId'>) => api.put<ApiAnswer<'putGDPRRequestById'>>(`/GDPRRequest/${id}`, input));
export const useMoveRequest = (id: string) => useGdprWrite((status: GdprStatus) => api.post<ApiAnswer<'postGDPRRequestByIdStatus'>>(`/GDPRRequest/${id}/status`, { status }));
/**
 * Carrying out a right, confirmed by the participant's name or study code for an erasure; it changes
 * the participant (flags, linked editors) or erases them: every screen showing them follows.
 */
export function useExecuteRight(request: Pick<GdprRequest, 'id' | 'participantId' | 'rightName'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (confirmation: string) => api.post<ApiAnswer<'postGDPRRequestByIdExecute'>>(`/GDPRRequest/${request.id}/execute`, { confirm: true, ...(confirmation && { confirmation }) }),
    onSettled: () => Promise.all([
      client.invalidateQueries({ queryKey: key }),
      invalidateParticipant(client, { patient: request.participantId, erased: GDPR_EFFECT[request.rightName as GdprRight] === 'erase' }),
    ]),
  });
}

/** Reads the file as base64 (the API takes JSON) and attaches it. */
export const useUploadFile = (id: string) => useGdprWrite(async (file: File) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return api.post<ApiAnswer<'postGDPRRequestFileById', 201>>(`/GDPRRequestFile/${id}`, { fileName: file.name, mimeType: file.type || 'application/octet-stream', content: btoa(binary) });
});

/** Binary downloads go around the JSON client, with the same bearer token. */
export async function downloadFile(requestId: string, file: GdprRequestDetail['files'][number]) {
  const response = await fetch(`/api/v1/GDPRRequestFile/${requestId}/${file.id}`, { headers: { Authorization: `Bearer ${appSession.token() ?? ''}` } });
  if (!response.ok) throw ApiError.fromResponse(response.status, await response.json().catch(() => null), response.statusText);
  downloadBlob(await response.blob(), file.fileName);
}
