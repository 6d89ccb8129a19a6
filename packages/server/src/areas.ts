import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './app.ts';
import { registerAuditRoutes } from './audit/routes.ts';

/**
 * The route modules of each area (participants, FHIR, accounts ...). Each area exports one
 * `register(app, deps)` from its routes.ts and adds it here.
 */
export type AreaRoutes = (app: FastifyInstance, deps: AppDeps) => void | Promise<void>;

export const areaRoutes: AreaRoutes[] = [
  registerAuditRoutes,
];
