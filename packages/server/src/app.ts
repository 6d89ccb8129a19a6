import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/connection.ts';
import { AppError, registerErrorHandling } from './http/errors.ts';
import { registerAuthentication } from './auth/guard.ts';
import { createTokenVerifier } from './auth/verify.ts';
import { loadIssuerSecrets, type IssuerSecrets } from './auth/secrets.ts';
import { createProvider } from './auth/provider.ts';
import { mountProvider, registerInteractionRoutes } from './auth/interactions.ts';
import { registerSystemRoutes } from './system/routes.ts';
import { areaRoutes } from './areas.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  secrets?: IssuerSecrets;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/**
 * Builds the whole server: security headers, the embedded identity provider at /auth, token
 * verification, the API under /api/v1, the FHIR API under /fhir, OpenAPI at /api/docs, and the
 * built web app with history-mode fallback.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    trustProxy: true,
    bodyLimit: 20 * 1024 * 1024,
    return503OnClosing: true,
  });
  app.decorate('defaultLanguage', config.DEFAULT_LANGUAGE);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(config.embeddedIssuer ? [] : [new URL(config.issuer).origin])],
        formAction: ["'self'", ...(config.embeddedIssuer ? [] : [new URL(config.issuer).origin])],
        frameAncestors: ["'none'"],
      },
    },
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Geria API', version: '1.0.0', description: 'Clinical research dashboard API. Errors: { error: { code, message, details } }.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const secrets = deps.secrets ?? (config.embeddedIssuer ? await loadIssuerSecrets(db) : undefined);
  registerAuthentication(app, await createTokenVerifier(config, secrets));
  if (config.embeddedIssuer && secrets) {
    const provider = createProvider(config, db, secrets);
    registerInteractionRoutes(app, provider, db);
    await mountProvider(app, provider);
  }

  registerSystemRoutes(app, config, db);
  for (const register of areaRoutes) await register(app, deps);

  await serveWebApp(app, config.WEB_DIST ?? DEFAULT_WEB_DIST);
  return app;
}

/** The built SPA, and index.html for every other GET so that history-mode routes reload. API paths answer JSON 404. */
async function serveWebApp(app: FastifyInstance, webDist: string) {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (/^\/(api|fhir|auth)(\/|\?|$)/.test(url) || request.method !== 'GET' || !hasWeb) {
      throw new AppError(404, 'errors.notFound');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    defaultLanguage: import('@geria/domain').Language;
  }
}
