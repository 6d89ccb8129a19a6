import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STATISTICS_POLLING_MS, type PatientAlertPageAnswer, type StatisticsTab, type TabStatistics } from '@geria/domain';
import type { ApiAnswer } from '../../../api/answers.ts';
import { api } from '../../../lib/api.ts';

/** Each tab's answer (the domain's schemas, which the server declares and serializes its answers with). */
export type TabStats = TabStatistics;
export type DevicesStats = TabStats['devices'];
export type Count = TabStats['demographics']['gender'][number];
export type Box = TabStats['health']['boxPlots'][number]['byAssessment'][number];
export type Pair = TabStats['correlation']['pairs'][number];
export type Comorbidity = TabStats['demographics']['comorbidities'][number];
/** A page of the patient alerts by name: the overview carries the first, `next` links the following one (null at the end). */
export type PatientAlertPage = PatientAlertPageAnswer;

/** What a tab's panel draws: its numbers (undefined until they arrive) and whether they are still coming. */
export interface TabProps<T extends StatisticsTab> { data: TabStats[T] | undefined; isPending: boolean }

const key = (tab: StatisticsTab) => ['statistics', tab] as const;

/** One tab's numbers, polled every 60 s (SPEC §9); the previous numbers stay on screen while new ones load. */
export const useTabStatistics = <T extends StatisticsTab>(tab: T, enabled = true) => useQuery({
  queryKey: key(tab),
  queryFn: ({ signal }) => api.get<TabStats[T]>(`/statistics/${tab}`, { signal }),
  refetchInterval: STATISTICS_POLLING_MS,
  placeholderData: keepPreviousData,
  enabled,
});

/** The Update data button: the server recomputes now (bypassing its cache) and the tab shows the new numbers. */
export function useRefreshStatistics(tab: StatisticsTab) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<TabStats[typeof tab]>(`/statistics/${tab}?refresh=true`),
    onSuccess: (data) => client.setQueryData(key(tab), data),
  });
}

export type AnalyticsAlert = ApiAnswer<'getAnalyticsAlerts'>['alerts'][number];

/** The analytics area's alerts; an absent analytics service (404) is no alerts. */
export const useAnalyticsAlerts = () => useQuery({
  queryKey: ['analytics', 'alerts'],
  queryFn: async ({ signal }) => {
    try {
      return (await api.get<ApiAnswer<'getAnalyticsAlerts'>>('/analytics/alerts', { signal })).alerts;
    } catch (error) {
      if ((error as { status?: number }).status === 404) return [];
      throw error;
    }
  },
  refetchInterval: STATISTICS_POLLING_MS,
  placeholderData: keepPreviousData,
});

/**
 * The patient alerts from the overview's first page on, the following pages read on demand. Keyed by
 * the overview's computation, so a new overview (polling, Update data) starts the list again.
 */
export function usePatientAlerts(first: PatientAlertPage | undefined, computedAt: string | undefined) {
  return useInfiniteQuery({
    queryKey: ['statistics', 'patient-alerts', computedAt],
    enabled: !!first,
    initialPageParam: 0,
    initialData: first && { pages: [first], pageParams: [0] },
    queryFn: ({ pageParam, signal }) => api.get<PatientAlertPage>('/statistics/patient-alerts', { query: { offset: pageParam, limit: first!.limit }, signal }),
    getNextPageParam: (last) => (last.next ? last.offset + last.limit : undefined),
  });
}
