import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../app.ts';
import { requireRole } from '../auth/guard.ts';
import { parseOr400 } from '../http/errors.ts';
import { ok } from '../http/openapi.ts';
import { appMailer } from './mailer.ts';
import { listOutbox } from './outbox.ts';

const outboxQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  recipient: z.string().trim().max(254).optional(),
}).strict();
const outbox = z.object({
  /** smtp: mail is sent, nothing is kept here. */
  transport: z.enum(['smtp', 'outbox']),
  items: z.array(z.object({
    id: z.number().int(), to: z.string(), subject: z.string(), text: z.string(), language: z.string(), template: z.string(), createdAt: z.string(),
  })),
  total: z.number().int(),
});

/**
 * The outbox of e-mail kept when no SMTP server is configured, readable by the SysAdmin (the platform
 * administrator) so that registration, approval and password reset work in an offline demo.
 */
export function registerMailRoutes(app: FastifyInstance, deps: AppDeps) {
  const mailer = appMailer(app, deps);
  app.get('/api/v1/mail/outbox', { schema: { querystring: outboxQuery, tags: ['mail'], summary: 'E-mail kept in the outbox, newest first (SysAdmin)', response: ok(outbox) } }, async (request) => {
    requireRole(request, ['SysAdmin']);
    const query = parseOr400(outboxQuery, request.query, request);
    if (mailer.transport === 'smtp') return { transport: 'smtp' as const, items: [], total: 0 };
    const { items, total } = await listOutbox(deps.db, query);
    return { transport: 'outbox' as const, items: items.map((m) => ({ ...m, id: Number(m.id), createdAt: new Date(m.createdAt).toISOString() })), total };
  });
}
