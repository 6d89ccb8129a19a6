import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { identityInputSchema } from '@geria/domain/rules/participants-record.ts';
import type { AppDeps } from '../app.ts';
import { parseOr400 } from '../http/errors.ts';
import { patientWriter, techReader } from '../participants/access.ts';
import { createIdentity, deleteIdentity, listIdentities, updateIdentity } from './service.ts';

const participantParams = z.object({ id: z.string() });
const identityParams = z.object({ id: z.string(), identityId: z.string() });

/** The participant's external ids (SPEC §3 "Identity"); Tech support reads them. */
export function registerIdentityRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['identities'];
  app.get('/api/v1/participant/:id/identity', { schema: { tags, summary: 'The participant\'s external ids' } }, async (request) =>
    listIdentities(db, techReader(request), parseOr400(participantParams, request.params, request).id));

  app.post('/api/v1/participant/:id/identity', { schema: { tags, summary: 'Adds an external id; 409 when one is already active on the scope or the id is taken' } }, async (request, reply) => {
    const caller = patientWriter(request);
    const { id } = parseOr400(participantParams, request.params, request);
    return reply.status(201).send(await createIdentity(db, caller, id, parseOr400(identityInputSchema, request.body, request)));
  });

  app.put('/api/v1/participant/:id/identity/:identityId', { schema: { tags, summary: 'Modifies an external id; 409 when it would be a second active one on the scope' } }, async (request) => {
    const caller = patientWriter(request);
    const { id, identityId } = parseOr400(identityParams, request.params, request);
    return updateIdentity(db, caller, id, identityId, parseOr400(identityInputSchema, request.body, request));
  });

  app.delete('/api/v1/participant/:id/identity/:identityId', { schema: { tags, summary: 'Removes an external id' } }, async (request, reply) => {
    const caller = patientWriter(request);
    const { id, identityId } = parseOr400(identityParams, request.params, request);
    await deleteIdentity(db, caller, id, identityId);
    return reply.status(204).send();
  });
}
