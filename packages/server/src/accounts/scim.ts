import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import { translate, type Role } from '@geria/domain';
import { managedUserChangeSchema, type ManagedUserChange } from '@geria/domain/rules/registration.ts';
import { requireRole } from '../auth/guard.ts';
import { AppError, requestLanguage, type FieldProblem } from '../http/errors.ts';
import { guardedJsonParser } from '../http/json-body.ts';
import type { AccountDeps } from './registration.ts';
import type { Administrator } from './scope.ts';
import { administeredUser, applyUserChange, createUser, deleteUser, getUser } from './service.ts';
import { withAccountConflicts } from './conflicts.ts';
import { parseScimFilter, ScimFilterError, type ScimComparison } from './scim-filter.ts';
import { groupPatch, readPatch, ScimError, userFields, userPatchFields, type UserFields } from './scim-input.ts';
import {
  ALL_GROUPS, groupById, listResponse, SCHEMA, SCIM_CONTENT_TYPE, scimGroup, scimUser, serviceProviderConfig,
} from './scim-resources.ts';
import { managedUser, type Executor } from './view.ts';

const MAX_COUNT = 200;
const listQuery = z.object({
  filter: z.string().max(1000).optional(),
  startIndex: z.coerce.number().int().catch(1).default(1).transform((n) => Math.max(1, n)),
  count: z.coerce.number().int().catch(100).default(100).transform((n) => Math.min(MAX_COUNT, Math.max(0, n))),
  excludedAttributes: z.string().optional(),
});

const USER_COLUMNS: Record<string, string> = {
  id: 'id', username: 'username', 'emails.value': 'email', emails: 'email',
  'name.givenname': 'given_name', 'name.familyname': 'family_name',
};

const LIKE = { co: (v: string) => `%${v}%`, sw: (v: string) => `${v}%`, ew: (v: string) => `%${v}` } as const;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A SCIM comparison as SQL on app_user; `active` means neither locked nor disabled. */
function userCondition(c: ScimComparison): RawBuilder<SqlBool> {
  if (c.attribute === 'active') {
    const active = sql<SqlBool>`(not locked and not disabled)`;
    if (c.operator === 'pr') return sql<SqlBool>`true`;
    if (typeof c.value !== 'boolean' || (c.operator !== 'eq' && c.operator !== 'ne')) throw new ScimFilterError('active compares with eq or ne and true or false');
    return c.value === (c.operator === 'eq') ? active : sql<SqlBool>`not ${active}`;
  }
  const column = USER_COLUMNS[c.attribute];
  if (!column) throw new ScimFilterError(`attribute "${c.attribute}" cannot be filtered on`);
  const ref = sql`lower(${sql.ref(column)}::text)`;
  if (c.operator === 'pr') return sql<SqlBool>`${sql.ref(column)} is not null`;
  if (typeof c.value !== 'string') throw new ScimFilterError(`"${c.attribute}" compares with a string`);
  const value = c.value.toLowerCase();
  if (c.operator === 'eq') return sql<SqlBool>`${ref} = ${value}`;
  if (c.operator === 'ne') return sql<SqlBool>`${ref} <> ${value}`;
  return sql<SqlBool>`${ref} like ${LIKE[c.operator](escapeLike(value))}`;
}

function matchesGroup(role: Role, c: ScimComparison): boolean {
  if (c.attribute !== 'displayname' && c.attribute !== 'id') throw new ScimFilterError(`attribute "${c.attribute}" cannot be filtered on`);
  if (c.operator === 'pr') return true;
  const name = role.toLowerCase();
  const value = String(c.value ?? '').toLowerCase();
  return { eq: name === value, ne: name !== value, co: name.includes(value), sw: name.startsWith(value), ew: name.endsWith(value) }[c.operator];
}

const groupMembers = (db: Executor, role: Role) => db.selectFrom('app_user').select(['id', 'username'])
  .where(sql<boolean>`${role} = any(roles)`).orderBy(sql`lower(username)`).execute();

/** Fields of a SCIM User as a change of the account; `active` true also unlocks, false disables. */
function toChange(fields: UserFields): ManagedUserChange {
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
  return parsed.data;
}

function sendScim(reply: FastifyReply, status: number, body: unknown) {
  return reply.status(status).type(SCIM_CONTENT_TYPE).send(body);
}

function scimErrorBody(status: number, scimType: string | undefined, detail: string) {
  return { schemas: [SCHEMA.error], status: String(status), ...(scimType && { scimType }), detail };
}

const APP_ERROR_TYPES: Record<number, string | undefined> = { 400: 'invalidValue', 409: 'uniqueness', 422: 'mutability' };

/** Every failure under /scim2 in the SCIM error shape (RFC 7644 §3.12). */
function scimErrorHandler(error: FastifyError | AppError | ScimError | ScimFilterError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ScimError) return sendScim(reply, error.status, scimErrorBody(error.status, error.scimType, error.detail));
  if (error instanceof ScimFilterError) return sendScim(reply, 400, scimErrorBody(400, 'invalidFilter', error.message));
  if (error instanceof AppError) {
    const status = error.statusCode === 422 ? 400 : error.statusCode;
    const lang = requestLanguage(request);
    const fields = Array.isArray(error.details) ? (error.details as FieldProblem[]).map((d) => `${d.path}: ${d.message}`) : [];
    const detail = [translate(lang, error.code, error.params), ...fields].join(' ');
    return sendScim(reply, status, scimErrorBody(status, APP_ERROR_TYPES[error.statusCode], detail));
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) return sendScim(reply, status, scimErrorBody(status, status === 400 ? 'invalidSyntax' : undefined, error.message));
  request.log.error({ err: error }, 'unhandled SCIM error');
  return sendScim(reply, 500, scimErrorBody(500, undefined, translate('en', 'errors.internal')));
}

/**
 * SCIM 2.0 (RFC 7643/7644) for provisioning from an institution's identity system: Users are
 * accounts, Groups are the six study roles (fixed: members change, groups are neither created nor
 * deleted). SysAdmin only, platform-wide. Every change goes through the accounts service, so the
 * same rules and the audit trail apply.
 */
export function registerScimRoutes(app: FastifyInstance, deps: AccountDeps) {
  void app.register(async (scim) => {
    scim.addContentTypeParser('application/scim+json', { parseAs: 'string' }, guardedJsonParser(scim));
    scim.setErrorHandler(scimErrorHandler);
    const base = deps.publicUrl;
    const sysAdmin = (request: FastifyRequest): Administrator => ({ user: requireRole(request, ['SysAdmin']), platformWide: true });
    // The role first, before the body is parsed or checked: another caller learns nothing of what a valid request looks like.
    scim.addHook('onRequest', async (request) => { sysAdmin(request); });
    const userId = (request: FastifyRequest) => (request.params as { id: string }).id;
    const tags = { tags: ['scim'] };
    const notFound = (what: string) => new ScimError(404, undefined, `${what} not found`);
    const user = async (admin: Administrator, id: string) => {
      try {
        return await getUser(deps.db, admin, id);
      } catch (error) {
        throw error instanceof AppError && error.statusCode === 404 ? notFound(`User ${id}`) : error;
      }
    };

    scim.get('/scim2/ServiceProviderConfig', { schema: { ...tags, summary: 'SCIM service provider configuration' } }, async (request, reply) => {
      sysAdmin(request);
      return sendScim(reply, 200, serviceProviderConfig(base));
    });

    scim.get('/scim2/Users', { schema: { ...tags, summary: 'SCIM: list users (filter, startIndex, count)' } }, async (request, reply) => {
      sysAdmin(request);
      const query = listQuery.parse(request.query);
      let rows = deps.db.kysely.selectFrom('app_user');
      for (const comparison of query.filter ? parseScimFilter(query.filter) : []) rows = rows.where(userCondition(comparison));
      const [page, count] = await Promise.all([
        query.count === 0 ? [] : rows.selectAll().orderBy(sql`lower(username)`).orderBy('id').limit(query.count).offset(query.startIndex - 1).execute(),
        rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return sendScim(reply, 200, listResponse(page.map((r) => scimUser(managedUser(r), base)), Number(count.total), query.startIndex));
    });

    scim.get('/scim2/Users/:id', { schema: { ...tags, summary: 'SCIM: one user' } }, async (request, reply) =>
      sendScim(reply, 200, scimUser(await user(sysAdmin(request), userId(request)), base)));

    scim.post('/scim2/Users', { schema: { ...tags, summary: 'SCIM: provision a user' } }, async (request, reply) => {
      const admin = sysAdmin(request);
      const fields = userFields(request.body);
      if (!fields.username || !fields.firstName || !fields.lastName || !fields.email) {
        throw new ScimError(400, 'invalidValue', 'userName, name.givenName, name.familyName and emails are required');
      }
      const change = toChange({ ...fields, organisation: fields.organisation ?? admin.user.organisation ?? undefined });
      if (!change.organisation) throw new ScimError(400, 'invalidValue', `${SCHEMA.enterprise}:organization is required`);
      const created = await createUser(deps.db, admin, {
        username: fields.username, firstName: change.firstName!, lastName: change.lastName!, email: change.email!,
        organisation: change.organisation, roles: [], language: fields.language ?? 'en', disabled: fields.active === false, password: fields.password,
      }, requestLanguage(request));
      return sendScim(reply.header('location', `${base}/scim2/Users/${created.id}`), 201, scimUser(created, base));
    });

    const change = async (request: FastifyRequest, reply: FastifyReply, fields: UserFields) => {
      const admin = sysAdmin(request);
      const current = await user(admin, userId(request));
      if (fields.username !== undefined && fields.username.toLowerCase() !== current.username.toLowerCase()) {
        throw new ScimError(400, 'mutability', 'userName cannot be changed');
      }
      const lang = requestLanguage(request);
      const updated = await withAccountConflicts(lang, () => deps.db.kysely.transaction().execute((trx) => applyUserChange(trx, admin, current.id, toChange(fields), lang)));
      return sendScim(reply, 200, scimUser(updated, base));
    };

    scim.put('/scim2/Users/:id', { schema: { ...tags, summary: 'SCIM: replace a user' } }, async (request, reply) => {
      const fields = userFields(request.body);
      if (!fields.firstName || !fields.lastName || !fields.email) throw new ScimError(400, 'invalidValue', 'name.givenName, name.familyName and emails are required');
      return change(request, reply, fields);
    });

    scim.patch('/scim2/Users/:id', { schema: { ...tags, summary: 'SCIM: patch a user' } }, async (request, reply) =>
      change(request, reply, userPatchFields(readPatch(request.body))));

    scim.delete('/scim2/Users/:id', { schema: { ...tags, summary: 'SCIM: de-provision a user' } }, async (request, reply) => {
      const admin = sysAdmin(request);
      await user(admin, userId(request));
      await deleteUser(deps.db, admin, userId(request));
      return reply.status(204).send();
    });

    const withMembers = (excluded: string | undefined) => !excluded?.toLowerCase().split(',').map((s) => s.trim()).includes('members');
    const group = (request: FastifyRequest) => {
      const role = groupById(userId(request));
      if (!role) throw notFound(`Group ${userId(request)}`);
      return role;
    };

    scim.get('/scim2/Groups', { schema: { ...tags, summary: 'SCIM: the study roles as groups' } }, async (request, reply) => {
      sysAdmin(request);
      const query = listQuery.parse(request.query);
      const comparisons = query.filter ? parseScimFilter(query.filter) : [];
      const matching = ALL_GROUPS.filter((role) => comparisons.every((c) => matchesGroup(role, c)));
      const page = matching.slice(query.startIndex - 1, query.startIndex - 1 + query.count);
      const resources = await Promise.all(page.map(async (role) =>
        scimGroup(role, withMembers(query.excludedAttributes) ? await groupMembers(deps.db.kysely, role) : undefined, base)));
      return sendScim(reply, 200, listResponse(resources, matching.length, query.startIndex));
    });

    scim.get('/scim2/Groups/:id', { schema: { ...tags, summary: 'SCIM: one study role and its members' } }, async (request, reply) => {
      sysAdmin(request);
      const role = group(request);
      const { excludedAttributes } = listQuery.parse(request.query);
      return sendScim(reply, 200, scimGroup(role, withMembers(excludedAttributes) ? await groupMembers(deps.db.kysely, role) : undefined, base));
    });

    /** Gives or takes the role from users, all in one transaction, each change audited and checked. */
    const setMembers = async (request: FastifyRequest, reply: FastifyReply, role: Role, plan: { add: string[]; remove: string[]; replace?: string[] }) => {
      const admin = sysAdmin(request);
      const lang = requestLanguage(request);
      await withAccountConflicts(lang, () => deps.db.kysely.transaction().execute(async (trx) => {
        const current = (await groupMembers(trx, role)).map((m) => m.id);
        const target = new Set(plan.replace ?? current);
        plan.add.forEach((id) => target.add(id));
        plan.remove.forEach((id) => target.delete(id));
        const changed = [...new Set([...current, ...target])].filter((id) => target.has(id) !== current.includes(id));
        for (const id of changed) {
          const row = await administeredUser(trx, admin, id, true).catch(() => { throw new ScimError(400, 'invalidValue', `member ${id} is not a user`); });
          const roles = managedUser(row).roles.filter((r) => r !== role);
          await applyUserChange(trx, admin, id, { roles: target.has(id) ? [...roles, role] : roles }, lang);
        }
      }));
      return sendScim(reply, 200, scimGroup(role, await groupMembers(deps.db.kysely, role), base));
    };

    scim.patch('/scim2/Groups/:id', { schema: { ...tags, summary: 'SCIM: add or remove members of a study role' } }, async (request, reply) =>
      setMembers(request, reply, group(request), groupPatch(readPatch(request.body))));

    scim.put('/scim2/Groups/:id', { schema: { ...tags, summary: 'SCIM: replace the members of a study role' } }, async (request, reply) => {
      const role = group(request);
      const body = z.looseObject({ displayName: z.string().optional(), members: z.array(z.looseObject({ value: z.string() })).default([]) }).safeParse(request.body);
      if (!body.success) throw new ScimError(400, 'invalidValue', 'members must be a list of { value: user id }');
      if (body.data.displayName !== undefined && body.data.displayName.toLowerCase() !== role.toLowerCase()) throw new ScimError(400, 'mutability', 'the study roles cannot be renamed');
      return setMembers(request, reply, role, { add: [], remove: [], replace: body.data.members.map((m) => m.value) });
    });

    for (const method of ['POST', 'DELETE'] as const) {
      scim.route({ method, url: method === 'POST' ? '/scim2/Groups' : '/scim2/Groups/:id', schema: { ...tags, summary: 'SCIM: the six study roles are fixed' }, handler: async (request) => {
        sysAdmin(request);
        throw new ScimError(501, undefined, 'the six study roles are fixed: groups cannot be created or deleted');
      } });
    }
  });
}
