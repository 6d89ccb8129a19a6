import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STATISTICS_POLLING_MS, type CigaretteBand, type StatisticsTab } from '@geria/domain';
import { api } from '../../../lib/api.ts';

export interface Count { key: string; n: number }
export interface Box { number: number; n: number; min: number; q1: number; median: number; q3: number; max: number }
export interface Pair { x: string; y: string; n: number; r: number | null; points: { x: number; y: number; n: number }[] }
export interface Comorbidity { a: string; b?: string | null; n: number; moca: number | null; mocaN: number; eq: number | null; eqN: number }
export interface PatientAlertRow { participantId: string; name: string; alerts: string[] }
/** A page of the patient alerts by name: the overview carries the first, `next` links the following one (null at the end). */
export interface PatientAlertPage { total: number; offset: number; limit: number; rows: PatientAlertRow[]; next: string | null }

interface Computed { computedAt: string }
export interface OverviewStats extends Computed {
  participantsByStatus: Count[];
  assessments: number;
  activeUsers: number;
  questionnaireResponses: number;
  resourcesByType: Count[];
  lastSevenDays: { day: string; observations: number; conditions: number; responses: number }[];
  clinical: {
    smoking: Count[]; cigarettes: { gender: string; band: CigaretteBand; n: number }[]; bmi: Count[]; physicalActivity: Count[]; diseases: (Count & { percent: number })[];
    profiled: number; questionnaireResults: Count[];
  } | null;
  patientAlerts: PatientAlertPage | null;
}
export interface DemographicsStats extends Computed {
  gender: Count[]; ageBands: Count[]; smokingByGender: { gender: string; smoking: string; n: number }[];
  comorbidities: Comorbidity[]; comorbidityPairs: Comorbidity[];
}
export interface PostureDayStats { day: string; participants: number; goodHours: number; poorHours: number }
export interface DevicesStats extends Computed {
  devicesByType: Count[]; devicesByStatus: Count[];
  /** The Citizen Hub's posture over the last 7 days; null for roles without clinical aggregates. */
  posture: { participants: number; days: PostureDayStats[] } | null;
}
export interface HealthStats extends Computed {
  boxPlots: { name: string; byAssessment: Box[] }[];
  distributions: { name: string; values: { value: number; band: string | null; n: number }[] }[];
  mocaBands: Count[];
}
export interface PairsStats extends Computed { pairs: Pair[] }
export interface TabStats {
  overview: OverviewStats; demographics: DemographicsStats; devices: DevicesStats; health: HealthStats; correlation: PairsStats; falls: PairsStats;
}

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

export interface AnalyticsAlert { participantId: string; participantName: string; analyticId: string; analyticName: string; message: string; completedAt: string }

/** The analytics area's alerts; an absent analytics service (404) is no alerts. */
export const useAnalyticsAlerts = () => useQuery({
  queryKey: ['analytics', 'alerts'],
  queryFn: async ({ signal }) => {
    try {
      return (await api.get<{ alerts: AnalyticsAlert[] }>('/analytics/alerts', { signal })).alerts;
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
