import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Role } from '@geria/domain';
import { requestLanguage } from '../http/errors.ts';
import type { AccountDeps } from './registration.ts';
import type { Administrator } from './scope.ts';
import { administeredUser, applyUserChange } from './service.ts';
import { withAccountConflicts } from './conflicts.ts';
import { project, type Projection } from './scim-attributes.ts';
import { sendScim } from './scim-errors.ts';
import type { ScimFilter } from './scim-filter.ts';
import { groupMatches } from './scim-group-query.ts';
import { groupPatch, readPatch, ScimError } from './scim-input.ts';
import { projectionFromUrl, queryFromSearch, queryFromUrl, type ScimQuery, type ScimSearch } from './scim-list.ts';
import { ALL_GROUPS, groupById, listResponse, SCHEMA, scimGroup } from './scim-resources.ts';
import { managedUser, type Executor } from './view.ts';

const groupMembers = (db: Executor, role: Role) => db.selectFrom('app_user').select(['id', 'username'])
  .where(sql<boolean>`${role} = any(roles)`).orderBy(sql`lower(username)`).execute();

const namesMembers = (filter: ScimFilter | undefined): boolean => {
  if (!filter) return false;
  switch (filter.op) {
    case 'and': case 'or': return namesMembers(filter.left) || namesMembers(filter.right);
    case 'not': return namesMembers(filter.filter);
    default: return filter.path.attribute === 'members';
  }
};

// Members are read only when the answer shows them or the filter asks about them: a role can have many.
const showsMembers = (projection: Projection) => 'members' in project({ id: '', schemas: [], members: [] }, projection, SCHEMA.group);

/**
 * SCIM Groups: the six study roles (fixed: members change, groups are neither created nor deleted).
 * Giving or taking a role goes through the accounts service, one transaction for the whole request.
 */
export function registerScimGroupRoutes(scim: FastifyInstance, deps: AccountDeps, sysAdmin: (request: FastifyRequest) => Administrator): ScimSearch {
  const base = deps.publicUrl;
  const tags = { tags: ['scim'] };
  const group = (request: FastifyRequest) => {
    const id = (request.params as { id: string }).id;
    const role = groupById(id);
    if (!role) throw new ScimError(404, undefined, `Group ${id} not found`);
    return role;
  };
  const resource = async (role: Role, projection: Projection, members?: { id: string; username: string }[]) =>
    project(scimGroup(role, showsMembers(projection) ? members ?? await groupMembers(deps.db.kysely, role) : undefined, base), projection, SCHEMA.group);

  const search: ScimSearch = async (query) => {
    const needed = namesMembers(query.filter);
    const groups = await Promise.all(ALL_GROUPS.map(async (role) => ({ role, members: needed ? await groupMembers(deps.db.kysely, role) : [] })));
    const matching = query.filter ? groups.filter((g) => groupMatches(query.filter!, g)) : groups;
    const page = matching.slice(query.startIndex - 1, query.startIndex - 1 + query.count);
    return { resources: await Promise.all(page.map((g) => resource(g.role, query.projection, needed ? g.members : undefined))), total: matching.length };
  };
  const list = async (reply: FastifyReply, query: ScimQuery) => {
    const { resources, total } = await search(query);
    return sendScim(reply, 200, listResponse(resources, total, query.startIndex));
  };

  scim.get('/scim2/Groups', { schema: { ...tags, summary: 'SCIM: the study roles as groups' } }, async (request, reply) => {
    sysAdmin(request);
    return list(reply, queryFromUrl(request.query));
  });

  scim.post('/scim2/Groups/.search', { schema: { ...tags, summary: 'SCIM: search the study roles with a SearchRequest body' } }, async (request, reply) => {
    sysAdmin(request);
    return list(reply, queryFromSearch(request.body));
  });

  scim.get('/scim2/Groups/:id', { schema: { ...tags, summary: 'SCIM: one study role and its members' } }, async (request, reply) => {
    sysAdmin(request);
    return sendScim(reply, 200, await resource(group(request), projectionFromUrl(request.query)));
  });

  /** Gives or takes the role from users, all in one transaction, each change audited and checked. */
  const setMembers = async (request: FastifyRequest, reply: FastifyReply, role: Role, plan: { add: string[]; remove: string[]; replace?: string[] }) => {
    const admin = sysAdmin(request);
    const projection = projectionFromUrl(request.query);
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
    return sendScim(reply, 200, await resource(role, projection));
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
  return search;
}
