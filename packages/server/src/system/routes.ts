import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import { checkDb, type Db } from '../db/connection.ts';
import { requireUser } from '../auth/guard.ts';
import { AppError } from '../http/errors.ts';
import { ok } from '../http/openapi.ts';
import { clientConfigSchema, healthSchema, readinessSchema, sessionUserSchema } from './answers.ts';

/** What the web app needs to reach its identity provider (also written into the page, see app.ts). */
export const clientConfig = (config: Config): z.infer<typeof clientConfigSchema> => ({
  issuer: config.issuer,
  clientId: config.OIDC_CLIENT_ID,
  scope: 'openid profile email offline_access',
  defaultLanguage: config.DEFAULT_LANGUAGE,
});

/** Health, the SPA's runtime configuration and the signed-in user. */
export function registerSystemRoutes(app: FastifyInstance, config: Config, db: Db) {
  app.get('/api/v1/health', { schema: { tags: ['system'], summary: 'Liveness and database check', security: [], response: ok(healthSchema) } }, async (): Promise<z.infer<typeof healthSchema>> => {
    const ok = await checkDb(db).catch(() => false);
    if (!ok) throw new AppError(503, 'errors.internal');
    return { status: 'ok', database: db.kind };
  });

  // Readiness: false (503) from SIGTERM on (main.ts), while liveness above still answers.
  app.decorate('draining', false);
  app.get('/api/v1/ready', { schema: { tags: ['system'], summary: 'Readiness: 503 once the process is shutting down or its database does not answer', security: [], response: ok(readinessSchema) } }, async (): Promise<z.infer<typeof readinessSchema>> => {
    if (app.draining || !(await checkDb(db).catch(() => false))) throw new AppError(503, 'errors.unavailable');
    return { status: 'ready' };
  });

  app.get('/api/v1/config', { schema: { tags: ['system'], summary: 'Runtime configuration of the web app', security: [], response: ok(clientConfigSchema) } }, async () => clientConfig(config));

  app.get('/api/v1/me', { schema: { tags: ['system'], summary: 'The signed-in user as the token describes them', response: ok(sessionUserSchema) } }, async (request): Promise<z.infer<typeof sessionUserSchema>> =>
    requireUser(request));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on SIGTERM: readiness answers 503 from then on. */
    draining: boolean;
  }
}
