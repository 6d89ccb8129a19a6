import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { ApiAnswer } from '../../../api/answers.ts';
import { participantKeys } from './participants.ts';

/** The server's printable summary of one participant (GET /participant/:id/summary). */
export type ParticipantSummary = ApiAnswer<'getParticipantByIdSummary'>;

export function useParticipantSummary(id: string) {
  return useQuery({
    queryKey: participantKeys.section(id, 'summary'),
    queryFn: ({ signal }) => api.get<ParticipantSummary>(`/participant/${id}/summary`, { signal }),
  });
}
