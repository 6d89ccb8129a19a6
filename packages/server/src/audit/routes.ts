import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AUDIT_ROLES } from '@geria/domain';
import { requireRole } from '../auth/guard.ts';
import { parseOr400 } from '../http/errors.ts';
import { mediaAnswer, ok } from '../http/openapi.ts';
import { cell } from '../participants/csv.ts';
import type { AppDeps } from '../app.ts';
import { auditQuery, auditScope } from './query.ts';

const CSV_MAX_ROWS = 10_000;

const filters = {
  entityType: z.string().max(64).optional(),
  entityId: z.string().max(128).optional(),
  actor: z.string().max(200).optional(),
  action: z.string().max(100).optional(),
  participantId: z.string().max(64).optional(),
  organisation: z.string().max(32).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
};
const listQuery = z.object({
  ...filters,
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z.coerce.number().int().positive().optional(),
}).strict();
const csvQuery = z.object(filters).strict();
const auditPage = z.object({
  items: z.array(z.object({
    id: z.number().int(), at: z.string(), actor: z.string(), actor_organisation: z.string().nullable(), action: z.string(), entity_type: z.string(),
    entity_id: z.string().nullable(), before: z.unknown(), after: z.unknown(), details: z.unknown(), participant_id: z.string().nullable(),
  })),
});

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/**
 * The audit trail, newest first (Auditor: the whole study; SysAdmin: their organisation), with
 * filters by user, participant, action, resource and date range, and the same as CSV.
 */
export function registerAuditRoutes(app: FastifyInstance, { db }: AppDeps) {
  app.get('/api/v1/audit', { schema: { querystring: listQuery, tags: ['audit'], summary: 'Audit trail, newest first, filtered; page with `before` (the last id seen)', response: ok(auditPage) } }, async (request) => {
    const user = requireRole(request, AUDIT_ROLES);
    const q = parseOr400(listQuery, request.query, request);
    const items = await auditQuery(db.kysely, auditScope(user.roles, user.organisation, q.organisation), q).execute();
    return { items: items.map((i) => ({ ...i, id: Number(i.id), at: new Date(i.at).toISOString() })) };
  });

  app.get('/api/v1/audit/export.csv', { schema: { querystring: csvQuery, tags: ['audit'], summary: `The filtered audit trail as CSV (at most ${CSV_MAX_ROWS} rows, newest first)`, response: mediaAnswer('text/csv', 'The audit trail as CSV') } }, async (request, reply) => {
    const user = requireRole(request, AUDIT_ROLES);
    const q = parseOr400(csvQuery, request.query, request);
    const rows = await auditQuery(db.kysely, auditScope(user.roles, user.organisation, q.organisation), { ...q, limit: CSV_MAX_ROWS }).execute();
    const header = ['id', 'at', 'actor', 'organisation', 'action', 'entity_type', 'entity_id', 'before', 'after', 'details'];
    const lines = rows.map((r) => [
      String(r.id), new Date(r.at).toISOString(), r.actor, r.actor_organisation, r.action, r.entity_type, r.entity_id, json(r.before), json(r.after), json(r.details),
    ].map(cell).join(','));
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="audit-trail.csv"')
      .send(`\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`);
  });
}
