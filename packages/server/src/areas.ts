import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './app.ts';
import { registerAuditRoutes } from './audit/routes.ts';
import { registerMailRoutes } from './mail/routes.ts';
import { registerAccountRoutes } from './accounts/routes.ts';
import { registerFhirRoutes } from './fhir/routes.ts';
import { registerParticipantArea } from './participants/register.ts';
import { registerAssessmentRoutes } from './assessments/routes.ts';
import { registerQuestionnaireRoutes } from './questionnaires/routes.ts';
import { registerInboxRoutes } from './inbox/routes.ts';
import { registerStatsRoutes } from './stats/routes.ts';
import { registerAdverseEventRoutes } from './adverse-events/routes.ts';
import { registerGdprRoutes } from './gdpr/routes.ts';
import { registerMeasurementRoutes } from './measurements/routes.ts';
import { registerInterventionRoutes } from './interventions/routes.ts';
import { registerAnalyticsRoutes } from './analytics/routes.ts';
import { registerIntegrationClientRoutes } from './integrations/routes.ts';
import { registerSummaryRoutes } from './summary/routes.ts';
import { registerExportRoutes } from './exports/routes.ts';

/**
 * The route modules of each area (participants, FHIR, accounts ...). Each area exports one
 * `register(app, deps)` from its routes.ts and adds it here.
 */
export type AreaRoutes = (app: FastifyInstance, deps: AppDeps) => void | Promise<void>;

export const areaRoutes: AreaRoutes[] = [
  registerAuditRoutes,
  registerMailRoutes,
  registerAccountRoutes,
  registerFhirRoutes,
  registerParticipantArea,
  registerAssessmentRoutes,
  registerQuestionnaireRoutes,
  registerInboxRoutes,
  registerStatsRoutes,
  registerAdverseEventRoutes,
  registerGdprRoutes,
  registerMeasurementRoutes,
  registerInterventionRoutes,
  registerAnalyticsRoutes,
  registerIntegrationClientRoutes,
  registerSummaryRoutes,
  registerExportRoutes,
];
