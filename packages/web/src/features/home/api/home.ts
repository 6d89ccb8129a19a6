import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { STATISTICS_POLLING_MS } from '@geria/domain';
import { api } from '../../../lib/api.ts';

export interface Count { key: string; n: number }
export interface Overview {
  computedAt: string;
  participantsByStatus: Count[];
  assessments: number;
  questionnaireResponses: number;
  devicesByStatus: Count[];
  devicesByType: Count[];
  gender: Count[] | null;
  ageBands: Count[] | null;
}

/** The Home overview, polled every 60 s (SPEC §9); the previous numbers stay while new ones load. */
export const useOverview = () => useQuery({
  queryKey: ['statistics', 'overview'],
  queryFn: ({ signal }) => api.get<Overview>('/statistics/overview', { signal }),
  refetchInterval: STATISTICS_POLLING_MS,
  placeholderData: keepPreviousData,
});
