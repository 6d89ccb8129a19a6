import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { translate } from '@geria/domain';
import { managedUserChangeSchema } from '@geria/domain/rules/registration.ts';
import { AppError, requestLanguage } from '../http/errors.ts';
import type { AccountDeps } from './registration.ts';
import type { Administrator } from './scope.ts';
import { applyUserChange, createUser, deleteUser, getUser, type UserChange } from './service.ts';
import { withAccountConflicts } from './conflicts.ts';
import { project, type Projection } from './scim-attributes.ts';
import { sendScim } from './scim-errors.ts';
import { readPatch, ScimError, userFields, userPatchFields, type UserFields } from './scim-input.ts';
import { projectionFromUrl, queryFromSearch, queryFromUrl, type ScimQuery, type ScimSearch } from './scim-list.ts';
import { listResponse, SCHEMA, scimUser } from './scim-resources.ts';
import { userFilterCondition } from './scim-user-query.ts';
import { managedUser, type ManagedUser } from './view.ts';

/** Fields of a SCIM User as a change of the account; `active` true also unlocks, false disables. */
function toChange(fields: UserFields): UserChange {
  const raw = {
    ...(fields.firstName !== undefined && { firstName: fields.firstName }),
    ...(fields.lastName !== undefined && { lastName: fields.lastName }),
    ...(fields.email !== undefined && { email: fields.email }),
    ...(fields.organisation !== undefined && { organisation: fields.organisation }),
    ...(fields.active === true && { locked: false, disabled: false }),
    ...(fields.active === false && { disabled: true }),
  };
  const parsed = managedUserChangeSchema.safeParse(raw);
  if (!parsed.success) throw new ScimError(400, 'invalidValue', parsed.error.issues.map((i) => `${i.path.join('.')}: ${translate('en', i.message)}`).join('; '));
  return { ...parsed.data, ...(fields.externalId !== undefined && { externalId: fields.externalId }) };
}

/** SCIM Users: Geria's accounts, every change through the accounts service (its rules, its audit). Answers the Users' search, for the root search. */
export function registerScimUserRoutes(scim: FastifyInstance, deps: AccountDeps, sysAdmin: (request: FastifyRequest) => Administrator): ScimSearch {
  const base = deps.publicUrl;
  const tags = { tags: ['scim'] };
  const userId = (request: FastifyRequest) => (request.params as { id: string }).id;
  const user = async (admin: Administrator, id: string) => {
    try {
      return await getUser(deps.db, admin, id);
    } catch (error) {
      throw error instanceof AppError && error.statusCode === 404 ? new ScimError(404, undefined, `User ${id} not found`) : error;
    }
  };
  const resource = (u: ManagedUser, projection: Projection) => project(scimUser(u, base), projection, SCHEMA.user);

  const search: ScimSearch = async (query) => {
    let rows = deps.db.kysely.selectFrom('app_user');
    if (query.filter) rows = rows.where(userFilterCondition(query.filter));
    const [page, count] = await Promise.all([
      query.count === 0 ? [] : rows.selectAll().orderBy(sql`lower(username)`).orderBy('id').limit(query.count).offset(query.startIndex - 1).execute(),
      rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { resources: page.map((r) => resource(managedUser(r), query.projection)), total: Number(count.total) };
  };
  const list = async (reply: FastifyReply, query: ScimQuery) => {
    const { resources, total } = await search(query);
    return sendScim(reply, 200, listResponse(resources, total, query.startIndex));
  };

  scim.get('/scim2/Users', { schema: { ...tags, summary: 'SCIM: list users (filter, startIndex, count, attributes, excludedAttributes)' } }, async (request, reply) => {
    sysAdmin(request);
    return list(reply, queryFromUrl(request.query));
  });

  scim.post('/scim2/Users/.search', { schema: { ...tags, summary: 'SCIM: search users with a SearchRequest body' } }, async (request, reply) => {
    sysAdmin(request);
    return list(reply, queryFromSearch(request.body));
  });

  scim.get('/scim2/Users/:id', { schema: { ...tags, summary: 'SCIM: one user' } }, async (request, reply) =>
    sendScim(reply, 200, resource(await user(sysAdmin(request), userId(request)), projectionFromUrl(request.query))));

  scim.post('/scim2/Users', { schema: { ...tags, summary: 'SCIM: provision a user' } }, async (request, reply) => {
    const admin = sysAdmin(request);
    const projection = projectionFromUrl(request.query);
    const fields = userFields(request.body);
    if (!fields.username || !fields.firstName || !fields.lastName || !fields.email) {
      throw new ScimError(400, 'invalidValue', 'userName, name.givenName, name.familyName and emails are required');
    }
    const change = toChange({ ...fields, organisation: fields.organisation ?? admin.user.organisation ?? undefined });
    if (!change.organisation) throw new ScimError(400, 'invalidValue', `${SCHEMA.enterprise}:organization is required`);
    const created = await createUser(deps.db, admin, {
      username: fields.username, firstName: change.firstName!, lastName: change.lastName!, email: change.email!,
      organisation: change.organisation, roles: [], language: fields.language ?? 'en', disabled: fields.active === false, password: fields.password,
      ...(fields.externalId && { externalId: fields.externalId }),
    }, requestLanguage(request));
    return sendScim(reply.header('location', `${base}/scim2/Users/${created.id}`), 201, resource(created, projection));
  });

  const change = async (request: FastifyRequest, reply: FastifyReply, fields: UserFields) => {
    const admin = sysAdmin(request);
    const projection = projectionFromUrl(request.query);
    const current = await user(admin, userId(request));
    if (fields.username !== undefined && fields.username.toLowerCase() !== current.username.toLowerCase()) {
      throw new ScimError(400, 'mutability', 'userName cannot be changed');
    }
    const lang = requestLanguage(request);
    const updated = await withAccountConflicts(lang, () => deps.db.kysely.transaction().execute((trx) => applyUserChange(trx, admin, current.id, toChange(fields), lang)));
    return sendScim(reply, 200, resource(updated, projection));
  };

  scim.put('/scim2/Users/:id', { schema: { ...tags, summary: 'SCIM: replace a user' } }, async (request, reply) => {
    const fields = userFields(request.body);
    if (!fields.firstName || !fields.lastName || !fields.email) throw new ScimError(400, 'invalidValue', 'name.givenName, name.familyName and emails are required');
    // A replacement without externalId clears it (RFC 7644 §3.5.1).
    return change(request, reply, { ...fields, externalId: fields.externalId ?? null });
  });

  scim.patch('/scim2/Users/:id', { schema: { ...tags, summary: 'SCIM: patch a user' } }, async (request, reply) =>
    change(request, reply, userPatchFields(readPatch(request.body))));

  scim.delete('/scim2/Users/:id', { schema: { ...tags, summary: 'SCIM: de-provision a user' } }, async (request, reply) => {
    const admin = sysAdmin(request);
    await user(admin, userId(request));
    await deleteUser(deps.db, admin, userId(request));
    return reply.status(204).send();
  });
  return search;
}
