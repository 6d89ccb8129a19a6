import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MeasurementSource } from '@geria/domain';
import { api } from '../../../lib/api.ts';

export interface DayPoint { day: string; avg: number; min: number; max: number; n: number }
export interface Series { key: string; unit: string; source: MeasurementSource; points: DayPoint[] }
export interface LatestValue { key: string; unit: string; source: MeasurementSource; at: string; value: number; previous: number | null }
export interface Intraday { day: string; unit: string; points: { at: string; value: number }[] }

/** Each measurement per day over [from, to]; `keys` narrows to some measurements. */
export const useSeries = (participantId: string, from: string, to: string, keys?: readonly string[]) =>
  useQuery({
    queryKey: ['devicedata', 'series', participantId, from, to, keys?.join(',') ?? ''],
    queryFn: ({ signal }) => api.get<{ from: string; to: string; series: Series[] }>(`/participant/${participantId}/measurements`, {
      query: { from, to, keys: keys?.join(',') }, signal,
    }),
    placeholderData: keepPreviousData,
  });

export const useLatest = (participantId: string) =>
  useQuery({
    queryKey: ['devicedata', 'latest', participantId],
    queryFn: ({ signal }) => api.get<LatestValue[]>(`/participant/${participantId}/measurements/latest`, { signal }),
  });

export const useIntraday = (participantId: string, day: string | null) =>
  useQuery({
    queryKey: ['devicedata', 'intraday', participantId, day],
    queryFn: ({ signal }) => api.get<Intraday>(`/participant/${participantId}/measurements/intraday`, { query: { day: day! }, signal }),
    enabled: !!day,
  });

/** A UTC day as YYYY-MM-DD, `daysBefore` days before today. */
export const isoDay = (daysBefore = 0, from = new Date()) => new Date(from.getTime() - daysBefore * 86_400_000).toISOString().slice(0, 10);
