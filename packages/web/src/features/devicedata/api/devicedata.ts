import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HomeRoom } from '@geria/domain';
import type { ApiAnswer } from '../../../api/answers.ts';
import { api } from '../../../lib/api.ts';

export type Series = ApiAnswer<'getParticipantByIdMeasurements'>['series'][number];
export type DayPoint = Series['points'][number];
export type LatestValue = ApiAnswer<'getParticipantByIdMeasurementsLatest'>[number];
export type Intraday = ApiAnswer<'getParticipantByIdMeasurementsIntraday'>;

export type DeviceReport = ApiAnswer<'getParticipantByIdMeasurementsReports'>['reports'][number];
export type ReportValue = DeviceReport['values'][number];
export type SessionSummary = ApiAnswer<'getParticipantByIdBalanceSessions'>['sessions'][number];
export type SessionDetail = ApiAnswer<'getParticipantByIdBalanceSessionsBySessionId'>;

/** Each measurement per day over [from, to]; `keys` narrows to some measurements, `room` to one room's readings. */
export const useSeries = (participantId: string, from: string, to: string, keys?: readonly string[], room?: HomeRoom) =>
  useQuery({
    queryKey: ['devicedata', 'series', participantId, from, to, keys?.join(',') ?? '', room ?? ''],
    queryFn: ({ signal }) => api.get<ApiAnswer<'getParticipantByIdMeasurements'>>(`/participant/${participantId}/measurements`, {
      query: { from, to, keys: keys?.join(','), room }, signal,
    }),
    placeholderData: keepPreviousData,
  });

/** The types of the participant's registered devices (which measurements to chart). */
export const useDeviceTypes = (participantId: string) =>
  useQuery({
    queryKey: ['devicedata', 'devices', participantId],
    queryFn: async ({ signal }) => (await api.get<ApiAnswer<'getParticipantByIdDevice'>>(`/participant/${participantId}/device`, { signal })).map((d) => d.type),
  });

export const useLatest = (participantId: string) =>
  useQuery({
    queryKey: ['devicedata', 'latest', participantId],
    queryFn: ({ signal }) => api.get<ApiAnswer<'getParticipantByIdMeasurementsLatest'>>(`/participant/${participantId}/measurements/latest`, { signal }),
  });

export const useIntraday = (participantId: string, day: string | null) =>
  useQuery({
    queryKey: ['devicedata', 'intraday', participantId, day],
    queryFn: ({ signal }) => api.get<Intraday>(`/participant/${participantId}/measurements/intraday`, { query: { day: day! }, signal }),
    enabled: !!day,
  });

/** The health-data platform's reports over [from, to], newest first. */
export const useReports = (participantId: string, from: string, to: string) =>
  useQuery({
    queryKey: ['devicedata', 'reports', participantId, from, to],
    queryFn: ({ signal }) => api.get<ApiAnswer<'getParticipantByIdMeasurementsReports'>>(`/participant/${participantId}/measurements/reports`, { query: { from, to }, signal }),
  });

/** The balance-training app's sessions and training sessions over [from, to], newest first. */
export const useBalanceSessions = (participantId: string, from: string, to: string) =>
  useQuery({
    queryKey: ['devicedata', 'sessions', participantId, from, to],
    queryFn: ({ signal }) => api.get<ApiAnswer<'getParticipantByIdBalanceSessions'>>(`/participant/${participantId}/balance-sessions`, { query: { from, to }, signal }),
  });

/** One session with its exercises and score (the session's synergies). */
export const useBalanceSession = (participantId: string, sessionId: string | null) =>
  useQuery({
    queryKey: ['devicedata', 'session', participantId, sessionId],
    queryFn: ({ signal }) => api.get<SessionDetail>(`/participant/${participantId}/balance-sessions/${sessionId}`, { signal }),
    enabled: !!sessionId,
  });

/** A UTC day as YYYY-MM-DD, `daysBefore` days before today. */
export const isoDay = (daysBefore = 0, from = new Date()) => new Date(from.getTime() - daysBefore * 86_400_000).toISOString().slice(0, 10);

export type PostureDay = ApiAnswer<'getParticipantByIdMeasurementsPosture'>['days'][number];

/** Hours of good and poor posture per day over [from, to] (the Citizen Hub app's), oldest first. */
export const usePosture = (participantId: string, from: string, to: string) =>
  useQuery({
    queryKey: ['devicedata', 'posture', participantId, from, to],
    queryFn: ({ signal }) => api.get<ApiAnswer<'getParticipantByIdMeasurementsPosture'>>(`/participant/${participantId}/measurements/posture`, { query: { from, to }, signal }),
  });

export type HoloBalanceSession = ApiAnswer<'getParticipantByIdHolobalanceSessions'>['sessions'][number];
export type HoloBalanceComponentReading = HoloBalanceSession['components'][number];

/** The HOLOBalance platform's sessions over [from, to], newest first, each with its score and components. */
export const useHoloBalanceSessions = (participantId: string, from: string, to: string) =>
  useQuery({
    queryKey: ['devicedata', 'holobalance', participantId, from, to],
    queryFn: ({ signal }) => api.get<ApiAnswer<'getParticipantByIdHolobalanceSessions'>>(`/participant/${participantId}/holobalance-sessions`, { query: { from, to }, signal }),
  });

export type PostureHour = ApiAnswer<'getParticipantByIdMeasurementsPostureHours'>['hours'][number];

/** One day's hourly posture profile: seconds of good and poor posture in each clock hour (null: no sample). */
export const usePostureHours = (participantId: string, day: string | null) =>
  useQuery({
    queryKey: ['devicedata', 'postureHours', participantId, day],
    queryFn: ({ signal }) => api.get<ApiAnswer<'getParticipantByIdMeasurementsPostureHours'>>(`/participant/${participantId}/measurements/posture/hours`, { query: { day: day! }, signal }),
    enabled: !!day,
  });
