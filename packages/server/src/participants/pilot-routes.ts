import type { FastifyInstance } from 'fastify';
import { techReader } from './access.ts';

/** `/pilot`: the pilots a participant of the caller's organisation may belong to (SPEC §6). */
export function registerPilotRoutes(app: FastifyInstance) {
  app.get('/api/v1/pilot', { schema: { tags: ['participants'], summary: 'Pilots of the caller\'s organisation' } }, async (request) =>
    techReader(request).organisation.pilotids);
}
