import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.ts';
import { registerDeviceRoutes } from '../devices/routes.ts';
import { registerIdentityRoutes } from '../identities/routes.ts';
import { participantRoutes } from './routes.ts';
import { registerPilotRoutes } from './pilot-routes.ts';

/** The participants area: the participant service, devices, external ids and pilots. */
export function registerParticipantArea(app: FastifyInstance, deps: AppDeps) {
  participantRoutes(app, deps, {
    hooks: {},
    screening: async () => ({ dexterity: null, moca: null, birthDatePresent: false }),
  });
  registerDeviceRoutes(app, deps);
  registerIdentityRoutes(app, deps);
  registerPilotRoutes(app);
}
