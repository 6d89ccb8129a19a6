import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  appNotificationsSchema, INTERVENTION_ROLES, interventionDeliveryPageSchema, interventionFiringPageSchema, interventionRuleSchema, interventionRuleViewSchema,
  organisationByAbbr,
} from '@geria/domain';
import type { AppDeps } from '../app.ts';
import { requireRole } from '../auth/guard.ts';
import { requireIntegrationPermission } from '../auth/integration-clients.ts';
import { forbidden, notFound, parseOr400 } from '../http/errors.ts';
import { created, noContent, ok } from '../http/openapi.ts';
import { registerFhirWriteHook } from '../fhir/write-hooks.ts';
import { appMailer } from '../mail/mailer.ts';
import { startInterventionSchedule } from './schedule.ts';
import { evaluateObservationWrites } from './evaluate.ts';
import {
  createRule, deleteRule, fetchAppNotifications, getRule, listDeliveries, listFirings, listRules, updateRule, type RuleCaller,
} from './service.ts';

const idParams = z.object({ id: z.uuid() });
const page = { page: z.coerce.number().int().min(0).default(0), pageSize: z.coerce.number().int().min(1).max(100).default(25) };
const rulesQuery = z.object({ participant: z.uuid().optional() }).strict();
const logQuery = z.object({ ...page, participant: z.uuid().optional(), rule: z.uuid().optional() }).strict();
const deliveriesQuery = z.object(page).strict();
const appQuery = z.object({
  after: z.iso.datetime({ offset: true }).optional(), participant: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
}).strict();

function caller(request: FastifyRequest): RuleCaller {
  const user = requireRole(request, INTERVENTION_ROLES);
  const organisation = organisationByAbbr(user.organisation);
  if (!organisation) throw forbidden();
  return { username: user.username, organisation };
}

/** Medical interventions (SPEC §2 /interventions/*, §3 "Intervention"): rules, firing log, deliveries, app feed. */
export function registerInterventionRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const tags = ['interventions'];
  registerFhirWriteHook(evaluateObservationWrites);
  startInterventionSchedule(app, db, appMailer(app, deps));

  app.get('/api/v1/interventions/rules', { schema: { querystring: rulesQuery, tags, summary: 'The organisation\'s intervention rules; with `participant`, those that can concern that participant', response: ok(z.object({ items: z.array(interventionRuleViewSchema) })) } }, async (request) => {
    const q = parseOr400(rulesQuery, request.query, request);
    return { items: await listRules(db, caller(request), q.participant) };
  });
  app.get('/api/v1/interventions/rules/:id', { schema: { params: idParams, tags, summary: 'One rule', response: ok(interventionRuleViewSchema) } }, async (request) => {
    return getRule(db, caller(request), parseOr400(idParams, request.params, request).id);
  });
  app.post('/api/v1/interventions/rules', { schema: { body: interventionRuleSchema, tags, summary: 'Creates a rule', response: created(interventionRuleViewSchema) } }, async (request, reply) => {
    const who = caller(request);
    const rule = await createRule(db, who, parseOr400(interventionRuleSchema, request.body, request));
    return reply.status(201).send(rule);
  });
  app.put('/api/v1/interventions/rules/:id', { schema: { params: idParams, body: interventionRuleSchema, tags, summary: 'Replaces a rule', response: ok(interventionRuleViewSchema) } }, async (request) => {
    const who = caller(request);
    const { id } = parseOr400(idParams, request.params, request);
    return updateRule(db, who, id, parseOr400(interventionRuleSchema, request.body, request));
  });
  app.delete('/api/v1/interventions/rules/:id', { schema: { params: idParams, tags, summary: 'Deletes a rule with its log', response: noContent } }, async (request, reply) => {
    const who = caller(request);
    await deleteRule(db, who, parseOr400(idParams, request.params, request).id);
    return reply.status(204).send();
  });
  app.get('/api/v1/interventions/logs', { schema: { querystring: logQuery, tags, summary: 'Firings of the organisation\'s rules, newest first, with their deliveries', response: ok(interventionFiringPageSchema) } }, async (request) => {
    const who = caller(request);
    const q = parseOr400(logQuery, request.query, request);
    if (q.participant) {
      const found = await db.kysely.selectFrom('participant').select('id').where('id', '=', q.participant).where('organisation', '=', who.organisation.abbr).executeTakeFirst();
      if (!found) throw notFound();
    }
    return listFirings(db, who, { page: q.page, pageSize: q.pageSize, participantId: q.participant, ruleId: q.rule });
  });
  app.get('/api/v1/interventions/notifications', { schema: { querystring: deliveriesQuery, tags, summary: 'Notifications sent (app, inbox, e-mail), newest first, with their status and attempts', response: ok(interventionDeliveryPageSchema) } }, async (request) => {
    const who = caller(request);
    return listDeliveries(db, who, parseOr400(deliveriesQuery, request.query, request));
  });
  app.get('/api/v1/interventions/app-notifications', { schema: { querystring: appQuery, tags, summary: 'For the participants\' app only (an integration client with the `interventions.app-notifications` permission; every person is refused): app notifications after a time, oldest first; fetching marks them delivered', response: ok(appNotificationsSchema) } }, async (request) => {
    const client = requireIntegrationPermission(request, 'interventions.app-notifications');
    const who: RuleCaller = { username: client.clientId, organisation: client.organisation };
    const q = parseOr400(appQuery, request.query, request);
    return fetchAppNotifications(db, who, { after: q.after ? new Date(q.after) : undefined, participantId: q.participant, limit: q.limit });
  });
}
