import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.ts';
import { registerDeviceRoutes } from '../devices/routes.ts';
import { registerIdentityRoutes } from '../identities/routes.ts';
import { participantRoutes } from './routes.ts';
import { registerPilotRoutes } from './pilot-routes.ts';
import { fhirParticipantHooks } from './fhir-link.ts';
import { registerClinicalRoutes } from './clinical-routes.ts';
import { appMailer } from '../mail/mailer.ts';
import { mailSubscriptionRequests } from '../inbox/request-mail.ts';

/** The participants area: the participant service, clinical sections, devices, external ids and pilots. */
export function registerParticipantArea(app: FastifyInstance, deps: AppDeps) {
  const mail = { db: deps.db, mailer: appMailer(app, deps), publicUrl: deps.config.publicUrl, log: app.log };
  participantRoutes(app, deps, {
    hooks: {
      ...fhirParticipantHooks,
      requested: (caller, id, managers) =>
        mailSubscriptionRequests(mail, { requester: caller.user.username, organisation: caller.organisation.abbr, participantId: id, managers }),
    },
  });
  registerDeviceRoutes(app, deps);
  registerIdentityRoutes(app, deps);
  registerClinicalRoutes(app, deps);
  registerPilotRoutes(app);
}
