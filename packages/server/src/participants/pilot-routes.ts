import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pilotSchema } from '@geria/domain/rules/participants-record.ts';
import { ok } from '../http/openapi.ts';
import { techReader } from './access.ts';

/** `/pilot`: the pilots a participant of the caller's organisation may belong to (SPEC §6). */
export function registerPilotRoutes(app: FastifyInstance) {
  app.get('/api/v1/pilot', { schema: { tags: ['participants'], summary: 'Pilots of the caller\'s organisation', response: ok(z.array(pilotSchema)) } }, async (request): Promise<z.infer<typeof pilotSchema>[]> =>
    techReader(request).organisation.pilotids);
}
