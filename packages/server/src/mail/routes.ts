import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../app.ts';
import { requireRole } from '../auth/guard.ts';
import { parseOr400 } from '../http/errors.ts';
import { appMailer } from './mailer.ts';
import { listOutbox } from './outbox.ts';

const outboxQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  recipient: z.string().trim().max(254).optional(),
}).strict();

/**
 * The outbox of e-mail kept when no SMTP server is configured, readable by the SysAdmin (the platform
 * administrator) so that registration, approval and password reset work in an offline demo.
 */
export function registerMailRoutes(app: FastifyInstance, deps: AppDeps) {
  const mailer = appMailer(app, deps);
  app.get('/api/v1/mail/outbox', { schema: { querystring: outboxQuery, tags: ['mail'], summary: 'E-mail kept in the outbox, newest first (SysAdmin)' } }, async (request) => {
    requireRole(request, ['SysAdmin']);
    const query = parseOr400(outboxQuery, request.query, request);
    if (mailer.transport === 'smtp') return { transport: 'smtp', items: [], total: 0 };
    return { transport: 'outbox', ...(await listOutbox(deps.db, query)) };
  });
}
