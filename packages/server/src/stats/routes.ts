import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  homePilot, homeStatisticsSchema, organisationByAbbr, PATIENT_ALERTS_MAX_PAGE, PATIENT_ALERTS_PAGE, patientAlertPageSchema, seesClinicalAggregates, seesPatientAlerts,
  STATISTICS_TABS, statisticsTabsFor, tabStatisticsSchema,
} from '@geria/domain';
import type { AppDeps } from '../app.ts';
import { requireRole } from '../auth/guard.ts';
import { forbidden, notFound, parseOr400 } from '../http/errors.ts';
import { ok } from '../http/openapi.ts';
import { homeStatistics, PATIENT_ALERTS_PATH, patientAlertPage, STATISTICS_REFRESHED, statisticsCache, type StatsScope } from './service.ts';
import { listenWhileServing } from '../db/listen-while-serving.ts';

const tabParams = z.object({ tab: z.enum(STATISTICS_TABS) });
const tabQuery = z.object({ refresh: z.enum(['true', 'false']).default('false') }).strict();
const alertsQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(PATIENT_ALERTS_MAX_PAGE).default(PATIENT_ALERTS_PAGE),
}).strict();
const pilotParams = z.object({ pilotId: z.coerce.number().int().positive() });
const analyticsQuery = z.object({ analyticsId: z.string().optional(), organizationId: z.string().optional(), tag: z.string().optional() }).strict();
/** SPEC §7's analytics shape: one analytic, Home's, whose result is every tab's numbers. */
const pilotStatistics = z.object({
  data: z.object({
    analytics: z.array(z.object({
      analyticsId: z.literal('home_statistics'), pilotId: z.number().int(), organizationId: z.number().int(), computedAt: z.string(), result: homeStatisticsSchema,
    })),
  }),
});

/** The caller's Home scope (SPEC §6): their organisation's participants in its first non-test pilot. */
function scopeOf(request: FastifyRequest) {
  const user = requireRole(request, 'any');
  const organisation = organisationByAbbr(user.organisation ?? '');
  const pilot = homePilot(user.organisation);
  if (!organisation || !pilot) throw forbidden();
  return { user, scope: { organisation: organisation.abbr, orgid: organisation.orgid, pilot: pilot.pilotid } satisfies StatsScope };
}

/** Home statistics (SPEC §2, §7): aggregates of the caller's home pilot by SQL, cached for the polling interval. */
export function registerStatsRoutes(app: FastifyInstance, { db }: AppDeps) {
  const cache = statisticsCache();
  listenWhileServing(app, db, STATISTICS_REFRESHED, cache.refreshedElsewhere, cache.clear);
  const tags = ['statistics'];

  app.get('/api/v1/statistics/:tab', {
    schema: { params: tabParams, querystring: tabQuery, tags, summary: 'One Home tab\'s aggregates of the caller\'s home pilot; refresh=true recomputes instead of the cached numbers', response: ok(tabStatisticsSchema) },
  }, async (request): Promise<z.infer<typeof tabStatisticsSchema>> => {
    const { user, scope } = scopeOf(request);
    const { tab } = parseOr400(tabParams, request.params, request);
    const { refresh } = parseOr400(tabQuery, request.query, request);
    if (!statisticsTabsFor(user.roles).includes(tab)) throw forbidden();
    return cache.get(db, tab, scope, user.roles, refresh === 'true');
  });

  // The whole list of the overview's patient alerts, page by page (the overview answers the first page and `next`).
  app.get(PATIENT_ALERTS_PATH, {
    schema: { querystring: alertsQuery, tags, summary: 'The patient alerts of the caller\'s home pilot by name, a page at a time, with their total and the next page\'s link', response: ok(patientAlertPageSchema) },
  }, async (request): Promise<z.infer<typeof patientAlertPageSchema>> => {
    const { user, scope } = scopeOf(request);
    const { offset, limit } = parseOr400(alertsQuery, request.query, request);
    if (!statisticsTabsFor(user.roles).includes('overview') || !seesClinicalAggregates(user.roles) || !seesPatientAlerts(user.roles)) throw forbidden();
    return patientAlertPage(db, scope, offset, limit);
  });

  // SPEC §7 analytics shape: the Home charts read data.analytics[0].result, one analytic of every tab's numbers.
  app.get('/api/v1/analytics/pilot/:pilotId/all', {
    schema: { params: pilotParams, querystring: analyticsQuery, tags: ['analytics'], summary: 'The Home statistics of a pilot in the analytics shape (result of analytics[0])', response: ok(pilotStatistics) },
  }, async (request): Promise<z.infer<typeof pilotStatistics>> => {
    const { user, scope } = scopeOf(request);
    const { pilotId } = parseOr400(pilotParams, request.params, request);
    parseOr400(analyticsQuery, request.query, request);
    if (!statisticsTabsFor(user.roles).includes('health')) throw forbidden();
    if (pilotId !== scope.pilot) throw notFound();
    const now = new Date();
    return {
      data: {
        analytics: [{
          analyticsId: 'home_statistics', pilotId, organizationId: scope.orgid, computedAt: now.toISOString(),
          result: await homeStatistics(db, scope, now),
        }],
      },
    };
  });
}
