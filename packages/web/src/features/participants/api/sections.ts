import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateParticipant } from '../../../lib/affects.ts';
import { api } from '../../../lib/api.ts';
import { participantKeys } from './participants.ts';

/**
 * A section of the patient record (devices, external ids, medications, supplements, audiograms,
 * demographics) at `/participant/{id}/{path}`: its list and its create / modify / delete calls.
 */
export function useSection<T>(participantId: string, path: string) {
  return useQuery({
    queryKey: participantKeys.section(participantId, path),
    queryFn: ({ signal }) => api.get<T>(`/participant/${participantId}/${path}`, { signal }),
  });
}

export type SectionWrite<I> = { kind: 'create'; input: I } | { kind: 'update'; id: string; input: I } | { kind: 'delete'; id: string };

export function useSectionWrite<I>(participantId: string, path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (write: SectionWrite<I>) => {
      const base = `/participant/${participantId}/${path}`;
      if (write.kind === 'create') return api.post(base, write.input);
      if (write.kind === 'update') return api.put(`${base}/${write.id}`, write.input);
      return api.delete(`${base}/${write.id}`);
    },
    // The record's last update and the list change with every section write.
    onSettled: () => invalidateParticipant(client, { patient: participantId }),
  });
}

export function useDemographicsSave(participantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: unknown) => api.put(`/participant/${participantId}/demographics`, input),
    onSuccess: () => invalidateParticipant(client, { patient: participantId }),
  });
}
