import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  analyticItemSchema, ANALYTICS_RESULT_ROLES, analyticSchema, analyticsAlertsSchema, analyticsResultsSchema, IC_ROLES, intrinsicCapacityResultSchema,
  NOTEBOOK_ROLES, notebookAnswerSchema, notebookDetailSchema, notebookListSchema, notebookSchema, patientAnalyticSchema, RUN_ACTIONS, runSchema,
  runSnapshotSchema, translate,
} from '@geria/domain';
import type { AppDeps } from '../app.ts';
import { requireRole } from '../auth/guard.ts';
import { parseOr400, requestLanguage } from '../http/errors.ts';
import { created, noContent, ok } from '../http/openapi.ts';
import * as service from './service.ts';
import { allResults, alerts, intrinsicCapacity, patientResult } from './reports.ts';

const idParams = z.object({ id: z.uuid() });
const runActionParams = z.object({ id: z.uuid(), action: z.enum(RUN_ACTIONS) });
const createAnalyticBody = z.object({ analytic: z.unknown(), run: z.boolean().default(true) });
const allQuery = z.object({ analyticsId: z.uuid().optional(), organizationId: z.coerce.number().int().optional(), tag: z.string().max(40).optional() }).strict();
const patientParams = z.object({ patientId: z.uuid(), analyticId: z.string().min(1).max(80) });
const patientQuery = z.object({
  analyticsType: z.string().max(40).optional(), session: z.string().max(80).optional(), tag: z.string().max(40).optional(), timeframe: z.string().max(40).optional(),
}).strict();

/** Analytics and notebooks (SPEC §2 /notebooks, /ic; §4 Analytics run; §7 Analytics). */
export function registerAnalyticsRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['analytics'];
  const expert = (request: FastifyRequest) => requireRole(request, NOTEBOOK_ROLES);

  app.get('/api/v1/notebooks', { schema: { tags, summary: 'The organisation\'s notebooks with their number of analytics', response: ok(notebookListSchema) } }, async (request): Promise<z.infer<typeof notebookListSchema>> =>
    ({ notebooks: await service.listNotebooks(db, expert(request)) }));
  app.post('/api/v1/notebooks', { schema: { body: notebookSchema, tags, summary: 'Creates a notebook', response: created(notebookAnswerSchema) } }, async (request, reply) => {
    const user = expert(request);
    return reply.status(201).send(await service.createNotebook(db, user, parseOr400(notebookSchema, request.body, request)));
  });
  app.get('/api/v1/notebooks/:id', { schema: { params: idParams, tags, summary: 'A notebook with its analytics and their runs', response: ok(notebookDetailSchema) } }, async (request): Promise<z.infer<typeof notebookDetailSchema>> => {
    const user = expert(request);
    const { id } = parseOr400(idParams, request.params, request);
    return { ...(await service.getNotebook(db, user, id)), analytics: await service.listAnalytics(db, user, id) };
  });
  app.put('/api/v1/notebooks/:id', { schema: { params: idParams, body: notebookSchema, tags, summary: 'Renames or describes a notebook', response: ok(notebookAnswerSchema) } }, async (request): Promise<z.infer<typeof notebookAnswerSchema>> => {
    const user = expert(request);
    return service.updateNotebook(db, user, parseOr400(idParams, request.params, request).id, parseOr400(notebookSchema, request.body, request));
  });
  app.delete('/api/v1/notebooks/:id', { schema: { params: idParams, tags, summary: 'Deletes a notebook with its analytics and runs (409 while one runs)', response: noContent } }, async (request, reply) => {
    await service.deleteNotebook(db, expert(request), parseOr400(idParams, request.params, request).id);
    return reply.status(204).send();
  });

  app.post('/api/v1/notebooks/:id/analytics', { schema: { params: idParams, body: createAnalyticBody, tags, summary: 'Creates an analytic (wizard review) and queues its first run unless run is false', response: created(analyticItemSchema) } }, async (request, reply) => {
    const user = expert(request);
    const { id } = parseOr400(idParams, request.params, request);
    const body = parseOr400(createAnalyticBody, request.body, request);
    return reply.status(201).send(await service.createAnalytic(db, user, id, parseOr400(analyticSchema, body.analytic, request), body.run));
  });
  app.get('/api/v1/analytics/definitions/:id', { schema: { params: idParams, tags, summary: 'An analytic with its runs', response: ok(analyticItemSchema) } }, async (request): Promise<z.infer<typeof analyticItemSchema>> =>
    service.getAnalytic(db, expert(request), parseOr400(idParams, request.params, request).id));
  app.put('/api/v1/analytics/definitions/:id', { schema: { params: idParams, body: analyticSchema, tags, summary: 'Changes an analytic (its next runs use the new definition)', response: ok(analyticItemSchema) } }, async (request): Promise<z.infer<typeof analyticItemSchema>> => {
    const user = expert(request);
    return service.updateAnalytic(db, user, parseOr400(idParams, request.params, request).id, parseOr400(analyticSchema, request.body, request));
  });
  app.delete('/api/v1/analytics/definitions/:id', { schema: { params: idParams, tags, summary: 'Deletes an analytic and its runs (409 while one runs)', response: noContent } }, async (request, reply) => {
    await service.deleteAnalytic(db, expert(request), parseOr400(idParams, request.params, request).id);
    return reply.status(204).send();
  });

  app.post('/api/v1/analytics/definitions/:id/runs', { schema: { params: idParams, tags, summary: 'Queues a new run of the analytic', response: created(runSchema) } }, async (request, reply) => {
    const user = expert(request);
    return reply.status(201).send(await service.createRun(db, user, parseOr400(idParams, request.params, request).id));
  });
  app.get('/api/v1/analytics/runs/:id', { schema: { params: idParams, tags, summary: 'A run: state, progress, parameters and result', response: ok(runSchema) } }, async (request): Promise<z.infer<typeof runSchema>> =>
    service.getRun(db, expert(request), parseOr400(idParams, request.params, request).id));
  app.get('/api/v1/analytics/runs/:id/snapshot', { schema: { params: idParams, tags, summary: 'The exact input rows of a run', response: ok(runSnapshotSchema) } }, async (request): Promise<z.infer<typeof runSnapshotSchema>> =>
    ({ rows: await service.getRunSnapshot(db, expert(request), parseOr400(idParams, request.params, request).id) }));
  app.post('/api/v1/analytics/runs/:id/:action', { schema: { params: runActionParams, tags, summary: 'Lifecycle action: stop, interrupt, restart or reset (409 when the state does not allow it)', response: ok(runSchema) } }, async (request): Promise<z.infer<typeof runSchema>> => {
    const user = expert(request);
    const { id, action } = parseOr400(runActionParams, request.params, request);
    return service.actOnRun(db, user, id, action);
  });
  app.delete('/api/v1/analytics/runs/:id', { schema: { params: idParams, tags, summary: 'Deletes a run (409 while it runs)', response: noContent } }, async (request, reply) => {
    await service.deleteRun(db, expert(request), parseOr400(idParams, request.params, request).id);
    return reply.status(204).send();
  });

  app.get('/api/v1/analytics/all', { schema: { querystring: allQuery, tags, summary: 'Latest completed results of the organisation\'s analytics (SPEC §7)', response: ok(analyticsResultsSchema) } }, async (request): Promise<z.infer<typeof analyticsResultsSchema>> => {
    const user = requireRole(request, ANALYTICS_RESULT_ROLES);
    return allResults(db, user, parseOr400(allQuery, request.query, request));
  });
  app.get('/api/v1/analytics/alerts', { schema: { tags, summary: 'Participants flagged by completed analytics, for the Home card', response: ok(analyticsAlertsSchema) } }, async (request): Promise<z.infer<typeof analyticsAlertsSchema>> => {
    const user = requireRole(request, ANALYTICS_RESULT_ROLES);
    const lang = requestLanguage(request);
    const found = await alerts(db, user);
    return {
      alerts: found.alerts.map(({ domains, message, ...a }) => ({
        ...a, domains, message: translate(lang, message, { domains: domains.map((d) => translate(lang, `analytics.domains.${d}`)).join(', ') }),
      })),
    };
  });
  app.get('/api/v1/analytics/ic', { schema: { tags, summary: 'Intrinsic capacity of the organisation\'s participants: first and latest profiles, declines', response: ok(intrinsicCapacityResultSchema) } }, async (request): Promise<z.infer<typeof intrinsicCapacityResultSchema>> =>
    intrinsicCapacity(db, requireRole(request, IC_ROLES)));
  app.get('/api/v1/analytics/patient/:patientId/analytic/:analyticId', { schema: { params: patientParams, querystring: patientQuery, tags, summary: 'One patient\'s result of an analytic (ic_patient_info_resumeplot: the intrinsic-capacity resume plot)', response: ok(patientAnalyticSchema) } }, async (request): Promise<z.infer<typeof patientAnalyticSchema>> => {
    const user = requireRole(request, ANALYTICS_RESULT_ROLES);
    const { patientId, analyticId } = parseOr400(patientParams, request.params, request);
    parseOr400(patientQuery, request.query, request);
    return patientResult(db, user, patientId, analyticId);
  });
}
