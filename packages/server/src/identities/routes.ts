import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { identityInputSchema, identitySchema } from '@geria/domain/rules/participants-record.ts';
import type { AppDeps } from '../app.ts';
import { patientWriter, techReader } from '../participants/access.ts';
import { registerParticipantCollection } from '../participants/collection-routes.ts';
import { createIdentity, deleteIdentity, listIdentities, updateIdentity } from './service.ts';

/** The participant's external ids (SPEC §3 "Identity"); Tech support reads them. */
export function registerIdentityRoutes(app: FastifyInstance, { db }: AppDeps) {
  registerParticipantCollection(app, db, {
    path: 'identity',
    tags: ['identities'],
    summaries: {
      list: 'The participant\'s external ids',
      create: 'Adds an external id; 409 when one is already active on the scope or the id is taken',
      update: 'Modifies an external id; 409 when it would be a second active one on the scope',
      remove: 'Removes an external id',
    },
    reader: techReader,
    writer: patientWriter,
    body: identityInputSchema,
    answers: { list: z.array(identitySchema), item: identitySchema },
    list: listIdentities,
    create: createIdentity,
    update: updateIdentity,
    remove: deleteIdentity,
  });
}
