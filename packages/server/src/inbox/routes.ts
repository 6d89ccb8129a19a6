import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { INBOX_ROLES } from '@geria/domain';
import { careManagerSchema } from '@geria/domain/rules/field-rules.ts';
import { ruleMessageSchema } from '@geria/domain/rules/rule-message.ts';
import type { AppDeps } from '../app.ts';
import { requireRole } from '../auth/guard.ts';
import { parseOr400 } from '../http/errors.ts';
import { noContent, ok } from '../http/openapi.ts';
import { listInbox, markAllRead, markRead } from './service.ts';
import { answerSubscription, listSubscriptions } from './subscriptions.ts';
import { registerInboxStream } from './live.ts';

const inboxQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  unread: z.enum(['true', 'false']).default('false'),
}).strict();
const notificationParams = z.object({ id: z.uuid() });
const subscriptionParams = z.object({ participantId: z.uuid() });
const subscriptionAnswer = z.object({ accepted: z.boolean(), notifications: z.boolean().optional() }).strict();

const inboxPage = z.object({
  items: z.array(z.object({
    id: z.string(), participantId: z.string(), participantName: z.string().nullable(), message: ruleMessageSchema, createdAt: z.string(), readAt: z.string().nullable(),
  })),
  total: z.number().int(),
  unread: z.number().int(),
});
const subscriptions = z.object({
  items: z.array(z.object({ participantId: z.string(), name: z.string(), accepted: z.boolean(), notifications: z.boolean() })),
  pending: z.number().int(),
});
/** The user's care-manager entry after the answer; null once declined. */
const subscriptionAnswered = z.object({ subscription: careManagerSchema.nullable() });

/** The inbox (SPEC §2 /inbox): the signed-in user's own notifications, INBOX_ROLES only. */
export function registerInboxRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['inbox'];
  const reader = (request: Parameters<typeof requireRole>[0]) => requireRole(request, INBOX_ROLES);
  registerInboxStream(app, db, reader);

  app.get('/api/v1/inbox', { schema: { querystring: inboxQuery, tags, summary: 'The signed-in user\'s notifications, newest first, with the unread count', response: ok(inboxPage) } }, async (request) => {
    const user = reader(request);
    const q = parseOr400(inboxQuery, request.query, request);
    return listInbox(db, user, { page: q.page, pageSize: q.pageSize, unreadOnly: q.unread === 'true' });
  });

  app.post('/api/v1/inbox/:id/read', { schema: { params: notificationParams, tags, summary: 'Marks one of the user\'s notifications read', response: noContent } }, async (request, reply) => {
    const user = reader(request);
    await markRead(db, user, parseOr400(notificationParams, request.params, request).id);
    return reply.status(204).send();
  });

  app.post('/api/v1/inbox/read-all', { schema: { tags, summary: 'Marks all the user\'s notifications read', response: ok(z.object({ marked: z.number().int() })) } }, async (request) => {
    const user = reader(request);
    return { marked: await markAllRead(db, user) };
  });

  app.get('/api/v1/inbox/subscriptions', { schema: { tags, summary: 'Participants whose care-centre manager the user is, pending requests first', response: ok(subscriptions) } }, async (request) => {
    return listSubscriptions(db, reader(request));
  });

  app.put('/api/v1/inbox/subscriptions/:participantId', { schema: { params: subscriptionParams, body: subscriptionAnswer, tags, summary: 'Accepts (with notifications on or off) or declines being a participant\'s care-centre manager', response: ok(subscriptionAnswered) } }, async (request) => {
    const user = reader(request);
    const { participantId } = parseOr400(subscriptionParams, request.params, request);
    return { subscription: await answerSubscription(db, user, participantId, parseOr400(subscriptionAnswer, request.body, request)) };
  });
}
