import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.ts';
import { registerDeviceRoutes } from '../devices/routes.ts';
import { registerIdentityRoutes } from '../identities/routes.ts';
import { participantRoutes } from './routes.ts';
import { registerPilotRoutes } from './pilot-routes.ts';
import { fhirParticipantHooks } from './fhir-link.ts';
import { registerClinicalRoutes } from './clinical-routes.ts';

/** The participants area: the participant service, clinical sections, devices, external ids and pilots. */
export function registerParticipantArea(app: FastifyInstance, deps: AppDeps) {
  participantRoutes(app, deps, { hooks: fhirParticipantHooks });
  registerDeviceRoutes(app, deps);
  registerIdentityRoutes(app, deps);
  registerClinicalRoutes(app, deps);
  registerPilotRoutes(app);
}
