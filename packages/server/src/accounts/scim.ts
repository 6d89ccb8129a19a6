import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireRole } from '../auth/guard.ts';
import { guardedJsonParser } from '../http/json-body.ts';
import type { AccountDeps } from './registration.ts';
import type { Administrator } from './scope.ts';
import { scimErrorHandler, sendScim } from './scim-errors.ts';
import { registerScimGroupRoutes } from './scim-groups.ts';
import { ScimError } from './scim-input.ts';
import { queryFromSearch, searchAcross } from './scim-list.ts';
import { listResponse, serviceProviderConfig } from './scim-resources.ts';
import { scimResourceTypes, scimSchemas } from './scim-schemas.ts';
import { registerScimUserRoutes } from './scim-users.ts';

type Parser = ReturnType<typeof guardedJsonParser>;
/** A SCIM body may be empty even with a content type (a DELETE, a bare .search): read as no body. */
const allowingEmpty = (parse: Parser): Parser => (request, body, done) => (String(body).trim() === '' ? done(null, undefined) : parse(request, body, done));

const pattern = (url: string) => new RegExp(`^${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+')}$`);

/**
 * SCIM 2.0 (RFC 7643/7644) for provisioning from an institution's identity system: Users are
 * accounts, Groups are the six study roles. SysAdmin only, platform-wide. Discovery
 * (ServiceProviderConfig, Schemas, ResourceTypes) describes what is served, and every answer under
 * /scim2, an unknown path (404) or method (405) included, is SCIM-shaped.
 */
export function registerScimRoutes(app: FastifyInstance, deps: AccountDeps) {
  void app.register(async (scim) => {
    const parse = allowingEmpty(guardedJsonParser(scim));
    // SCIM bodies are JSON (RFC 7644 §3.1): any other media type is a 415.
    scim.removeAllContentTypeParsers();
    scim.addContentTypeParser(['application/scim+json', 'application/json'], { parseAs: 'string' }, parse);
    scim.setErrorHandler(scimErrorHandler);
    const base = deps.publicUrl;
    const sysAdmin = (request: FastifyRequest): Administrator => ({ user: requireRole(request, ['SysAdmin']), platformWide: true });
    // The role first, before the body is parsed or checked: another caller learns nothing of what a valid request looks like.
    scim.addHook('onRequest', async (request) => { sysAdmin(request); });
    // The methods of each path, so that another method on a known path is a 405 naming them.
    const served: { url: string; match: RegExp; methods: Set<string> }[] = [];
    scim.addHook('onRoute', (route) => {
      if (route.url.includes('*') || route.url === '/scim2') return;
      const entry = served.find((s) => s.url === route.url) ?? served[served.push({ url: route.url, match: pattern(route.url), methods: new Set() }) - 1]!;
      for (const method of [route.method].flat()) entry.methods.add(method);
    });
    const tags = { tags: ['scim'] };

    scim.get('/scim2/ServiceProviderConfig', { schema: { ...tags, summary: 'SCIM service provider configuration' } }, async (request, reply) => {
      sysAdmin(request);
      return sendScim(reply, 200, serviceProviderConfig(base));
    });

    // Discovery lists are not filtered (RFC 7644 §4: a filter is answered 403).
    const unfiltered = (request: FastifyRequest) => {
      if ((request.query as { filter?: unknown }).filter !== undefined) throw new ScimError(403, undefined, 'discovery endpoints are not filtered');
    };
    const discovery = (name: string, all: (base: string) => { id: string }[]) => {
      scim.get(`/scim2/${name}`, { schema: { ...tags, summary: `SCIM discovery: ${name}` } }, async (request, reply) => {
        sysAdmin(request);
        unfiltered(request);
        const resources = all(base);
        return sendScim(reply, 200, listResponse(resources, resources.length, 1));
      });
      scim.get(`/scim2/${name}/:id`, { schema: { ...tags, summary: `SCIM discovery: one of ${name}` } }, async (request, reply) => {
        sysAdmin(request);
        const { id } = request.params as { id: string };
        const found = all(base).find((r) => r.id.toLowerCase() === id.toLowerCase());
        if (!found) throw new ScimError(404, undefined, `${name} ${id} not found`);
        return sendScim(reply, 200, found);
      });
    };
    discovery('Schemas', scimSchemas);
    discovery('ResourceTypes', scimResourceTypes);

    const searches = [registerScimUserRoutes(scim, deps, sysAdmin), registerScimGroupRoutes(scim, deps, sysAdmin)];
    scim.post('/scim2/.search', { schema: { ...tags, summary: 'SCIM: search users and groups at once with a SearchRequest body (RFC 7644 §3.4.3)' } }, async (request, reply) => {
      sysAdmin(request);
      const query = queryFromSearch(request.body);
      const { resources, total } = await searchAcross(searches, query);
      return sendScim(reply, 200, listResponse(resources, total, query.startIndex));
    });

    const unknown = async (request: FastifyRequest) => {
      const path = request.url.split('?')[0]!;
      const known = served.find((s) => s.match.test(path));
      if (known) throw new ScimError(405, undefined, `${request.method} is not allowed on ${path}`, [...known.methods].sort().join(', '));
      throw new ScimError(404, undefined, `${path} is not a SCIM endpoint`);
    };
    scim.all('/scim2', { schema: { hide: true } }, unknown);
    scim.all('/scim2/*', { schema: { hide: true } }, unknown);
  });
}
