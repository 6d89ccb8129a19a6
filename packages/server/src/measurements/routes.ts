import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  BALANCE_SESSION_KINDS, DEVICE_REPORT_KINDS, HOLOBALANCE_COMPONENT_KEYS, HOME_ROOM_NAMES, MEASUREMENTS, type BalanceSessionKind, type DeviceReportKind, type HomeRoom,
} from '@geria/domain';
import { deviceSchema } from '@geria/domain/rules/participants-record.ts';
import type { AppDeps } from '../app.ts';
import { registerFhirWriteHook } from '../fhir/write-hooks.ts';
import { badRequest, parseOr400 } from '../http/errors.ts';
import { ok } from '../http/openapi.ts';
import { patientWriter, techReader } from '../participants/access.ts';
import { balanceSession, balanceSessions } from './balance.ts';
import { holoBalanceSessions } from './holobalance.ts';
import { checkPostureObservations, ingestDeviceObservations } from './ingest.ts';
import { deviceReports, ingestDeviceReports } from './reports.ts';
import { dailySeries, deviceTransmissions, intradayHeartRate, latestValues, postureByDay, postureHoursOfDay } from './service.ts';

const params = z.object({ id: z.string() });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((d) => Number.isFinite(Date.parse(`${d}T00:00:00Z`)), 'validation.invalid');
const MAX_RANGE_DAYS = 3 * 366;
const seriesQuery = z.object({
  from: day, to: day,
  keys: z.string().optional().transform((v) => (v ? v.split(',') : undefined))
    .refine((keys) => !keys || keys.every((k) => MEASUREMENTS.some((m) => m.key === k)), 'validation.invalid'),
  room: z.enum(HOME_ROOM_NAMES as [string, ...string[]]).optional(),
});
const rangeQuery = z.object({ from: day, to: day });
const reportsQuery = rangeQuery.extend({ kind: z.enum(DEVICE_REPORT_KINDS as [string, ...string[]]).optional() });
const sessionParams = params.extend({ sessionId: z.string().min(1).max(64) });
const intradayQuery = z.object({ day });
const transmissionsQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(30), to: day.optional() });
const tags = ['measurements'];

const measured = { key: z.string(), unit: z.string(), source: z.string() };
const seriesAnswer = z.object({
  from: z.string(), to: z.string(), room: z.string().optional(),
  series: z.array(z.object({ ...measured, points: z.array(z.object({ day: z.string(), avg: z.number(), min: z.number(), max: z.number(), n: z.number().int() })) })),
});
const reportsAnswer = z.object({
  from: z.string(), to: z.string(),
  reports: z.array(z.object({ id: z.string(), kind: z.enum(DEVICE_REPORT_KINDS), at: z.string(), values: z.array(z.object({ key: z.string(), unit: z.string(), value: z.number() })) })),
});
const postureAnswer = z.object({ days: z.array(z.object({ day: z.string(), good: z.number(), poor: z.number() })) });
const latestAnswer = z.array(z.object({ ...measured, at: z.string(), value: z.number(), previous: z.number().nullable() }));
const intradayAnswer = z.object({ day: z.string(), unit: z.string(), points: z.array(z.object({ at: z.string(), value: z.number() })) });
const sessionFields = {
  id: z.string(), kind: z.enum(Object.keys(BALANCE_SESSION_KINDS) as [BalanceSessionKind, ...BalanceSessionKind[]]),
  start: z.string(), end: z.string().nullable(), durationMinutes: z.number(), score: z.number().nullable(),
};
const balanceSessionSummary = z.object({ ...sessionFields, exercises: z.number().int().describe('How many exercises') });
const balanceSessionsAnswer = z.object({ from: z.string(), to: z.string(), sessions: z.array(balanceSessionSummary), trainingSessions: z.array(balanceSessionSummary) });
const balanceSessionAnswer = z.object({ ...sessionFields, exercises: z.array(z.string()), hasAnalytics: z.boolean() });
const holoBalanceAnswer = z.object({
  from: z.string(), to: z.string(),
  sessions: z.array(z.object({
    id: z.string(), start: z.string(), end: z.string(), durationMinutes: z.number(), score: z.number().nullable(),
    components: z.array(z.object({
      key: z.enum(HOLOBALANCE_COMPONENT_KEYS), unit: z.string().nullable(), samples: z.array(z.number().nullable()),
      mean: z.number().nullable(), max: z.number().nullable(),
    })),
  })),
});
const postureHoursAnswer = z.object({
  day: z.string(), unit: z.literal('s'),
  hours: z.array(z.object({ hour: z.number().int().min(0).max(23), good: z.number().nullable(), poor: z.number().nullable() })),
});
const transmissionsAnswer = z.object({
  from: z.string(), to: z.string(),
  devices: z.array(deviceSchema.extend({ days: z.array(z.object({ day: z.string(), observations: z.number().int() })) })),
});

/**
 * Device data (SPEC §2 clinical data, measurements, tech support): ingestion is the FHIR write
 * hook; the reads are per-participant aggregates. Clinical values are for PATIENT_ROLES only; Tech
 * reads transmission counts.
 */
export function registerMeasurementRoutes(app: FastifyInstance, { db }: AppDeps) {
  registerFhirWriteHook(ingestDeviceObservations);
  registerFhirWriteHook(checkPostureObservations);
  registerFhirWriteHook(ingestDeviceReports);

  /** A range of days, both ends included, of at most MAX_RANGE_DAYS. */
  const checkSpan = (from: string, to: string) => {
    const span = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    if (span < 0 || span > MAX_RANGE_DAYS) throw badRequest('errors.validation', { to: span < 0 ? 'before from' : `at most ${MAX_RANGE_DAYS} days` });
  };

  app.get('/api/v1/participant/:id/measurements', { schema: { params, querystring: seriesQuery, tags, summary: 'Each device measurement per day (avg, min, max, count) between two days inclusive', response: ok(seriesAnswer) } }, async (request) => {
    const caller = patientWriter(request);
    const { id } = parseOr400(params, request.params, request);
    const { from, to, keys, room } = parseOr400(seriesQuery, request.query, request);
    checkSpan(from, to);
    return dailySeries(db, caller, id, from, to, keys, room as HomeRoom | undefined);
  });

  app.get('/api/v1/participant/:id/measurements/reports', { schema: { params, querystring: reportsQuery, tags, summary: 'The health-data platform\'s reports (cardio, movements, weight, sleep) between two days inclusive, newest first, with their values', response: ok(reportsAnswer) } }, async (request) => {
    const caller = patientWriter(request);
    const { id } = parseOr400(params, request.params, request);
    const { from, to, kind } = parseOr400(reportsQuery, request.query, request);
    checkSpan(from, to);
    return deviceReports(db, caller, id, from, to, kind as DeviceReportKind | undefined);
  });

  app.get('/api/v1/participant/:id/measurements/posture', { schema: { params, querystring: rangeQuery, tags, summary: 'Hours of good and poor posture per day (the Citizen Hub app\'s) between two days inclusive, oldest first', response: ok(postureAnswer) } }, async (request) => {
    const caller = patientWriter(request);
    const { id } = parseOr400(params, request.params, request);
    const { from, to } = parseOr400(rangeQuery, request.query, request);
    checkSpan(from, to);
    return postureByDay(db, caller, id, from, to);
  });

  app.get('/api/v1/participant/:id/measurements/posture/hours', { schema: { params, querystring: intradayQuery, tags, summary: 'One day\'s hourly posture profile (the Citizen Hub app\'s): seconds of good and poor posture in each hour 0-23 of the app\'s local day, null where no sample', response: ok(postureHoursAnswer) } }, async (request): Promise<z.infer<typeof postureHoursAnswer>> => {
    const caller = patientWriter(request);
    const { id } = parseOr400(params, request.params, request);
    return postureHoursOfDay(db, caller, id, parseOr400(intradayQuery, request.query, request).day);
  });

  app.get('/api/v1/participant/:id/balance-sessions', { schema: { params, querystring: rangeQuery, tags, summary: 'The balance-training app\'s sessions and training sessions that began between two days inclusive, newest first', response: ok(balanceSessionsAnswer) } }, async (request): Promise<z.infer<typeof balanceSessionsAnswer>> => {
    const caller = patientWriter(request);
    const { id } = parseOr400(params, request.params, request);
    const { from, to } = parseOr400(rangeQuery, request.query, request);
    checkSpan(from, to);
    return balanceSessions(db, caller, id, from, to);
  });

  app.get('/api/v1/participant/:id/balance-sessions/:sessionId', { schema: { params: sessionParams, tags, summary: 'One balance-training session with its exercises and score', response: ok(balanceSessionAnswer) } }, async (request): Promise<z.infer<typeof balanceSessionAnswer>> => {
    const caller = patientWriter(request);
    const { id, sessionId } = parseOr400(sessionParams, request.params, request);
    return balanceSession(db, caller, id, sessionId);
  });

  app.get('/api/v1/participant/:id/holobalance-sessions', { schema: { params, querystring: rangeQuery, tags, summary: 'The HOLOBalance platform\'s exercise sessions that began between two days inclusive, newest first, with their score and components (range of movement, speed, repetitions, duration, and the symptoms disorientation, vision, dizziness, headache)', response: ok(holoBalanceAnswer) } }, async (request): Promise<z.infer<typeof holoBalanceAnswer>> => {
    const caller = patientWriter(request);
    const { id } = parseOr400(params, request.params, request);
    const { from, to } = parseOr400(rangeQuery, request.query, request);
    checkSpan(from, to);
    return holoBalanceSessions(db, caller, id, from, to);
  });

  app.get('/api/v1/participant/:id/measurements/latest', { schema: { params, tags, summary: 'Each measurement\'s latest value, its time and the previous value', response: ok(latestAnswer) } }, async (request) =>
    latestValues(db, patientWriter(request), parseOr400(params, request.params, request).id));

  app.get('/api/v1/participant/:id/measurements/intraday', { schema: { params, querystring: intradayQuery, tags, summary: 'Minute heart rate of one UTC day', response: ok(intradayAnswer) } }, async (request) => {
    const caller = patientWriter(request);
    const { id } = parseOr400(params, request.params, request);
    return intradayHeartRate(db, caller, id, parseOr400(intradayQuery, request.query, request).day);
  });

  app.get('/api/v1/participant/:id/transmissions', { schema: { params, querystring: transmissionsQuery, tags, summary: 'Tech support: each device\'s status, last use and Observations received per day over `days` days up to `to` (today)', response: ok(transmissionsAnswer) } }, async (request) => {
    const caller = techReader(request);
    const { id } = parseOr400(params, request.params, request);
    const { days, to } = parseOr400(transmissionsQuery, request.query, request);
    return deviceTransmissions(db, caller, id, days, to ? new Date(`${to}T00:00:00Z`) : new Date());
  });
}
