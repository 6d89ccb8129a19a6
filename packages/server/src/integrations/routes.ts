import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  INTEGRATION_CLIENT_ADMIN_ROLES, integrationClientChangeSchema, integrationClientInputSchema, integrationClientListSchema, ROTATION_GRACE_HOURS,
} from '@geria/domain';
import type { AppDeps } from '../app.ts';
import { requireRole } from '../auth/guard.ts';
import { forbidden, parseOr400 } from '../http/errors.ts';
import { created, noContent, ok } from '../http/openapi.ts';
import { changeClient, createClient, deleteClient, listIntegrationClients, type ClientManager } from './service.ts';

const tags = ['integration-clients'];
const idParams = z.object({ id: z.string().min(1).max(100) });

/** A SysAdmin signed in as a person: a machine credential never manages clients, whatever its role. */
function manager(request: FastifyRequest): ClientManager {
  const user = requireRole(request, INTEGRATION_CLIENT_ADMIN_ROLES);
  if (request.integrationClient) throw forbidden();
  return { actor: user.username, actorOrganisation: user.organisation };
}

/**
 * Integration clients (issue 34), managed by SysAdmin for every organisation: each acts with one
 * role inside one organisation, with an OAuth secret or an API key that the answer of its creation
 * or rotation shows once.
 */
export function registerIntegrationClientRoutes(app: FastifyInstance, { db }: AppDeps) {
  app.get('/api/v1/integration-clients', { schema: { tags, summary: 'Every integration client, with its last use and its requests per day over the last 7 days (UTC)', response: ok(integrationClientListSchema) } }, async (request) => {
    manager(request);
    return { items: await listIntegrationClients(db) };
  });

  app.post('/api/v1/integration-clients', { schema: { body: integrationClientInputSchema, tags, summary: 'Register a client; the answer (201) carries its secret, or for kind apikey its API key, this once: only a hash is kept', response: created(integrationClientChangeSchema) } }, async (request, reply) => {
    const who = manager(request);
    const input = parseOr400(integrationClientInputSchema, request.body, request);
    return reply.status(201).send(await createClient(db, who, input));
  });

  app.post('/api/v1/integration-clients/:id/rotate', { schema: { params: idParams, tags, summary: `A new secret or API key, answered this once; the previous one keeps working for ${ROTATION_GRACE_HOURS} hours (previousSecretValidUntil)`, response: ok(integrationClientChangeSchema) } }, async (request) => {
    const who = manager(request);
    return changeClient(db, who, parseOr400(idParams, request.params, request).id, 'rotate');
  });

  for (const change of ['disable', 'enable'] as const) {
    app.post(`/api/v1/integration-clients/:id/${change}`, { schema: { params: idParams, tags, summary: change === 'disable' ? 'Disable a client: its next request is refused (401), whatever token it holds' : 'Enable a disabled client again', response: ok(integrationClientChangeSchema) } }, async (request) => {
      const who = manager(request);
      return changeClient(db, who, parseOr400(idParams, request.params, request).id, change);
    });
  }

  app.delete('/api/v1/integration-clients/:id', { schema: { params: idParams, tags, summary: 'Delete a client: refused at once; its audit records stay', response: noContent } }, async (request, reply) => {
    const who = manager(request);
    await deleteClient(db, who, parseOr400(idParams, request.params, request).id);
    return reply.status(204).send();
  });
}
