import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  approvalTasksSchema, managedUserChangeSchema, managedUserPageSchema, managedUserSchema, outcomeSchema, registrationOutcomeSchema, registrationSchema,
  rejectionSchema, userChangeOutcomeSchema, userRolesSchema,
} from '@geria/domain/rules/registration.ts';
import type { AppDeps } from '../app.ts';
import { requireUser } from '../auth/guard.ts';
import { AppError, parseOr400, requestLanguage } from '../http/errors.ts';
import { created, ok } from '../http/openapi.ts';
import { appMailer } from '../mail/mailer.ts';
import { requestPasswordReset, resetPassword, verifyEmail } from './recovery.ts';
import { approve, listApprovalTasks, register, reject, type AccountDeps } from './registration.ts';
import { administrator } from './scope.ts';
import { getUser, listUsers, updateUser, userRoles, USER_SORT_FIELDS } from './service.ts';
import { registerScimRoutes } from './scim.ts';

const userListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.enum(Object.keys(USER_SORT_FIELDS) as [keyof typeof USER_SORT_FIELDS]).default('username'),
  order: z.enum(['asc', 'desc']).default('asc'),
  search: z.string().trim().max(200).optional().transform((s) => s || undefined),
  organisation: z.string().trim().max(32).optional().transform((s) => s || undefined),
}).strict();

const idParams = z.object({ id: z.string().max(64) });
const forgotBody = z.object({ email: z.string().trim().max(254).pipe(z.email({ message: 'validation.email' })) }).strict();
const resetBody = z.object({ token: z.string().min(1).max(200), password: z.string().max(1000), passwordConfirmation: z.string().max(1000) }).strict();
const verifyQuery = z.object({ token: z.string().max(200).default('') });
const rolesQuery = z.object({ organisation: z.string().trim().max(32).optional() }).strict();

// Public endpoints that create accounts or send e-mail are slowed down per client address.
const LIMIT_WINDOW = '15 minutes';
const publicLimit = (max: number) => ({ config: { rateLimit: { max, timeWindow: LIMIT_WINDOW } } });
// Reset requests also per e-mail address asked about, so one mailbox cannot be flooded (the key
// needs the parsed body): a client gets 10 links for one address and asks about 20 addresses at most.
const RESETS_PER_CLIENT = 20;
const RESETS_PER_MAILBOX = 10;
const byAddressAsked = (request: FastifyRequest) =>
  `${request.ip}:${String((request.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase()}`;

const FLAGS = ['locked', 'disabled', 'unverified'] as const;

/**
 * Runs an administrator's change; a failure that is not a known refusal is reported with the spec's
 * message for that kind of change (SPEC §8) instead of a bare internal error.
 */
async function reported<T>(failureCode: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(500, failureCode, {}, undefined);
  }
}

/**
 * Accounts (issue 3): public registration and password recovery, the administrators' end-users list,
 * edit and approval tasks, the roles lookup of SPEC §7, and SCIM 2.0 provisioning.
 */
export function registerAccountRoutes(app: FastifyInstance, appDeps: AppDeps) {
  const deps: AccountDeps = { db: appDeps.db, mailer: appMailer(app, appDeps), publicUrl: appDeps.config.publicUrl };

  app.post('/api/v1/registration', { ...publicLimit(20), schema: { body: registrationSchema, tags: ['accounts'], summary: 'Register: a locked account waiting for approval', security: [], response: created(registrationOutcomeSchema) } }, async (request, reply) => {
    const input = parseOr400(registrationSchema, request.body, request);
    await reported('accounts.registration.failed', () => register(deps, input, requestLanguage(request)));
    return reply.status(201).send({ status: 'pending' as const, code: 'accounts.registration.success', username: input.username });
  });

  const resetsForMailbox = app.createRateLimit({ max: RESETS_PER_MAILBOX, timeWindow: LIMIT_WINDOW, keyGenerator: byAddressAsked });
  app.post('/api/v1/password/forgot', {
    ...publicLimit(RESETS_PER_CLIENT),
    preHandler: async (request, reply) => {
      const limit = await resetsForMailbox(request);
      if (limit.isAllowed || !limit.isExceeded) return;
      reply.header('retry-after', limit.ttlInSeconds);
      throw new AppError(429, 'errors.rateLimited');
    },
    schema: { body: forgotBody, tags: ['accounts'], summary: 'E-mail a single-use password reset link', security: [], response: { 202: outcomeSchema } } }, async (request, reply) => {
    const { email } = parseOr400(forgotBody, request.body, request);
    await requestPasswordReset(deps, email);
    return reply.status(202).send({ code: 'accounts.reset.sent' });
  });

  app.post('/api/v1/password/reset', { ...publicLimit(20), schema: { body: resetBody, tags: ['accounts'], summary: 'Choose a new password with a reset link', security: [], response: ok(outcomeSchema) } }, async (request) => {
    const input = parseOr400(resetBody, request.body, request);
    await resetPassword(deps, input, requestLanguage(request));
    return { code: 'accounts.reset.done' };
  });

  // The link of the validation e-mail: it confirms the address, then the public Registration page
  // reports the outcome and continues to sign-in (the route table has no page of its own for it).
  app.get('/api/v1/account/verify-email', { ...publicLimit(30), schema: { querystring: verifyQuery, tags: ['accounts'], summary: 'Confirm an e-mail address (link of the validation e-mail)', security: [], response: { 303: z.null().describe('To the Registration page, with emailVerified=true or false') } } }, async (request, reply) => {
    const { token } = parseOr400(verifyQuery, request.query, request);
    const verified = token ? await verifyEmail(deps, token) : false;
    return reply.redirect(`/registration?emailVerified=${verified ? 'true' : 'false'}`, 303);
  });

  app.get('/api/v1/users', { schema: { querystring: userListQuery, tags: ['accounts'], summary: 'End users administered by the caller: paged, sorted, searched', response: ok(managedUserPageSchema) } }, async (request) => {
    const admin = administrator(request);
    return listUsers(deps.db, admin, parseOr400(userListQuery, request.query, request));
  });

  app.get('/api/v1/users/:id', { schema: { params: idParams, tags: ['accounts'], summary: 'One end user', response: ok(managedUserSchema) } }, async (request) => {
    const admin = administrator(request);
    return getUser(deps.db, admin, parseOr400(idParams, request.params, request).id);
  });

  app.patch('/api/v1/users/:id', { schema: { body: managedUserChangeSchema, params: idParams, tags: ['accounts'], summary: 'Change an end user: names, e-mail, organisation, roles, flags', response: ok(userChangeOutcomeSchema) } }, async (request) => {
    const admin = administrator(request);
    const { id } = parseOr400(idParams, request.params, request);
    const change = parseOr400(managedUserChangeSchema, request.body, request);
    const onlyFlags = Object.keys(change).every((key) => (FLAGS as readonly string[]).includes(key));
    const user = await reported(onlyFlags ? 'accounts.status.failed' : 'accounts.update.failed',
      () => updateUser(deps.db, admin, id, change, requestLanguage(request)));
    return { code: 'accounts.update.success', user };
  });

  app.get('/api/users/v1/me/approval-tasks', { schema: { tags: ['accounts'], summary: 'Registrations waiting for the caller to approve or reject', response: ok(approvalTasksSchema) } }, async (request) => {
    const items = await listApprovalTasks(deps.db, administrator(request));
    return { items, total: items.length };
  });

  app.post('/api/users/v1/me/approval-tasks/:id/approve', { schema: { params: idParams, tags: ['accounts'], summary: 'Approve a registration: unlock and send the validation e-mail', response: ok(userChangeOutcomeSchema) } }, async (request) => {
    const admin = administrator(request);
    const { id } = parseOr400(idParams, request.params, request);
    const user = await reported('accounts.update.failed', () => approve(deps, admin, id));
    return { code: 'accounts.update.success', reminder: 'accounts.update.roleReminder', user };
  });

  app.post('/api/users/v1/me/approval-tasks/:id/reject', { schema: { body: rejectionSchema, params: idParams, tags: ['accounts'], summary: 'Reject a registration with a reason told to the applicant', response: ok(outcomeSchema) } }, async (request) => {
    const admin = administrator(request);
    const { id } = parseOr400(idParams, request.params, request);
    const { reason } = parseOr400(rejectionSchema, request.body, request);
    await reported('accounts.update.failed', () => reject(deps, admin, id, reason));
    return { code: 'accounts.approval.rejected' };
  });

  app.get('/api/v1/user/roles/:user', { schema: { querystring: rolesQuery, tags: ['accounts'], summary: 'Roles of a user, optionally within an organisation', response: ok(userRolesSchema) } }, async (request) => {
    const caller = requireUser(request);
    const { user } = request.params as { user: string };
    const { organisation } = parseOr400(rolesQuery, request.query, request);
    return userRoles(deps.db, caller, user, organisation);
  });

  registerScimRoutes(app, deps);
}
