import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireRole } from '../auth/guard.ts';
import { parseOr400 } from '../http/errors.ts';
import type { AppDeps } from '../app.ts';

const AUDIT_ROLES = ['SysAdmin', 'Auditor'] as const;

const auditQuery = z.object({
  entityType: z.string().max(64).optional(),
  entityId: z.string().max(128).optional(),
  actor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z.coerce.number().int().positive().optional(),
}).strict();

/** The audit trail, newest first, for the people who oversee the study (SysAdmin, Auditor), of their organisation. */
export function registerAuditRoutes(app: FastifyInstance, { db }: AppDeps) {
  app.get('/api/v1/audit', { schema: { querystring: auditQuery, tags: ['audit'], summary: 'Audit trail of the organisation, newest first' } }, async (request) => {
    const user = requireRole(request, AUDIT_ROLES);
    const q = parseOr400(auditQuery, request.query, request);
    let query = db.kysely.selectFrom('audit_event').selectAll().where('actor_organisation', '=', user.organisation)
      .orderBy('id', 'desc').limit(q.limit);
    if (q.entityType) query = query.where('entity_type', '=', q.entityType);
    if (q.entityId) query = query.where('entity_id', '=', q.entityId);
    if (q.actor) query = query.where('actor', '=', q.actor);
    if (q.before) query = query.where('id', '<', q.before);
    return { items: await query.execute() };
  });
}
