import type { FastifyInstance } from 'fastify';
import { organisationByAbbr } from '@geria/domain';
import type { AppDeps } from '../app.ts';
import { requireRole } from '../auth/guard.ts';
import { forbidden } from '../http/errors.ts';
import { overview } from './service.ts';

/** Home statistics: aggregates of the caller's organisation, for every signed-in role (what each sees differs). */
export function registerStatsRoutes(app: FastifyInstance, { db }: AppDeps) {
  app.get('/api/v1/statistics/overview', { schema: { tags: ['statistics'], summary: 'Home overview of the organisation: participants, assessments, devices, demographics' } }, async (request) => {
    const user = requireRole(request, 'any');
    const organisation = organisationByAbbr(user.organisation ?? '');
    if (!organisation) throw forbidden();
    return overview(db, organisation, user.roles);
  });
}
