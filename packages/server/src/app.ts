import { existsSync, readFileSync } from 'node:fs';
import zlib from 'node:zlib';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { registerRequestLog } from './http/request-log.ts';
import { registerMetrics } from './http/metrics.ts';
import { registerAdmission } from './http/admission.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { databaseRateLimitStore } from './http/rate-limit-store.ts';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/connection.ts';
import { AppError, registerErrorHandling } from './http/errors.ts';
import { answerSerializer, registerOpenApiConventions } from './http/openapi.ts';
import { registerGuardedJson } from './http/json-body.ts';
import { registerAuthentication } from './auth/guard.ts';
import { registerReadAudit } from './audit/reads.ts';
import { createTokenVerifier } from './auth/verify.ts';
import { accountCheck, listenForEndedAccounts } from './auth/account-state.ts';
import { grantCheck, listenForEndedGrants } from './auth/grant-state.ts';
import { registerUserinfo } from './auth/userinfo.ts';
import { integrationClientCheck } from './auth/integration-clients.ts';
import { loadIssuerSecrets, type IssuerSecrets } from './auth/secrets.ts';
import { appOrigins, createProvider } from './auth/provider.ts';
import { mountProvider, registerInteractionRoutes } from './auth/interactions.ts';
import { clientConfig, registerSystemRoutes } from './system/routes.ts';
import { webPages } from './system/web-page.ts';
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
    trustProxy: config.trustedProxies.length ? config.trustedProxies : false,
    bodyLimit: 20 * 1024 * 1024,
    // A request read while closing came on a connection accepted before: a load balancer sent it
    // here and, if it is a write, cannot pass it on to another process after a 503 (it may have been
    // done). It is served, with Connection: close (closing.test.ts).
    return503OnClosing: false,
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerRequestLog(app);
  registerMetrics(app, db, config.METRICS_TOKEN);
  // More requests in flight than the cores can serve only makes them share the CPU with PostgreSQL's
  // backends: at 200 connections on 2 cores, 4 in flight kept the throughput of 20 (~730 req/s) and
  // cut p99 from 590 to 360 ms. A PostgreSQL on other machines may want more (REQUESTS_IN_FLIGHT).
  registerAdmission(app, config.REQUESTS_IN_FLIGHT ?? (db.kind === 'pg' ? Math.min(config.PG_POOL_MAX, 2 * availableParallelism()) : 2));
  app.decorate('defaultLanguage', config.DEFAULT_LANGUAGE);
  // Route schemas document the API (OpenAPI); handlers validate with the same zod schemas through
  // parseOr400, once, so every refusal has the same field-by-field shape in the caller's language.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(answerSerializer(Boolean(process.env.VITEST)));
  registerErrorHandling(app);
  registerGuardedJson(app);

  registerSecurityHeaders(app, {
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
        // Only an https site may ask browsers to upgrade: on plain http it breaks every redirect.
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
  });
  // Brotli or gzip for JSON answers (what the browser accepts); the web app's files are compressed at
  // build time. Answers under 4 KB (a record, a working state) stay as they are: a few hundred bytes
  // saved cannot change when they arrive, while setting up the encoder was 15 % of a working
  // state's event-loop time under load. Fastest levels: brotli's default (11) costs more CPU per
  // API answer than the query behind it, and quality 4 still cost 0.15 ms per answer for answers
  // 10 % smaller than quality 1's.
  await app.register(compress, {
    // Every JSON answer is compressed in one call (no zlib stream, its thread-pool hops and chunked
    // writes): the default switches to streams from 4 KB on a small machine, where PostgreSQL and the
    // event loop already share the cores.
    global: true, threshold: 4096, syncThreshold: 256 * 1024, encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } }, zlibOptions: { level: 1 },
  });
  // Counted in the database, so that processes behind a load balancer share each client's count.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) });
  registerOpenApiConventions(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Geria API', version: '1.0.0', description: 'Clinical research dashboard API. Errors: { error: { code, message, details } }.' },
      tags: [
        { name: 'auth', description: `OpenID Connect provider at /auth (authorization code + PKCE, refresh and client-credentials grants): discovery at ${config.issuer}/.well-known/openid-configuration lists its endpoints (auth, token, jwks, userinfo, revocation, end session). Only the sign-in interaction below is Geria's own.` },
        { name: 'fhir', description: 'FHIR R4 at /fhir (JSON): bodies and answers are FHIR resources, errors an OperationOutcome; /fhir/metadata is the CapabilityStatement.' },
      ],
      // A user's or an integration client's access token from the issuer (bearer; `oidc` names where to get one),
      // or an integration client of kind apikey with its key in the `apikey` header (auth/guard.ts). The
      // sign-in interaction (/auth/interaction) is the browser's, held by the provider's signed cookie.
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          oidc: { type: 'openIdConnect', openIdConnectUrl: `${config.issuer}/.well-known/openid-configuration` },
          apikey: { type: 'apiKey', in: 'header', name: 'apikey' },
          interactionCookie: { type: 'apiKey', in: 'cookie', name: '_interaction' },
        },
      },
      security: [{ bearer: [] }, { oidc: [] }, { apikey: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const secrets = deps.secrets ?? (config.embeddedIssuer ? await loadIssuerSecrets(db) : undefined);
  const verify = await createTokenVerifier(config, secrets);
  // The embedded issuer's sessions are ours: accounts and grants are asked of the database (auth/account-state.ts, auth/grant-state.ts).
  const sessionChecks = config.embeddedIssuer ? { isActive: accountCheck(db), grantStands: grantCheck(db) } : undefined;
  registerAuthentication(app, verify, { ...sessionChecks, clients: integrationClientCheck(db) });
  registerReadAudit(app, db);
  if (config.embeddedIssuer) {
    listenForEndedAccounts(app, db);
    listenForEndedGrants(app, db);
  }
  if (sessionChecks && secrets) {
    const provider = createProvider(config, db, secrets, verify);
    registerUserinfo(app, db, verify, sessionChecks);
    await registerInteractionRoutes(app, provider, db, { loginScript: webEntry(config.WEB_DIST ?? DEFAULT_WEB_DIST, LOGIN_PAGE_ENTRY) });
    await mountProvider(app, provider, config.publicUrl, appOrigins(config));
  }

  registerSystemRoutes(app, config, db);
  for (const register of areaRoutes) await register(app, deps);

  await serveWebApp(app, config.WEB_DIST ?? DEFAULT_WEB_DIST, config.publicUrl, clientConfig(config));
  return app;
}

/** The web app's entry that enhances the server-rendered sign-in page (packages/web/vite.config.ts). */
const LOGIN_PAGE_ENTRY = 'src/login/login-page.ts';

/** The built file of a web entry, from the build's manifest (dist/.vite/manifest.json); undefined without a build. */
export function webEntry(webDist: string, source: string): string | undefined {
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file?: string; isEntry?: boolean }>;
  const file = manifest[source]?.file;
  return file ? `/${file}` : undefined;
}

const API_PATH = /^\/(api|fhir|auth|scim2|metrics)(\/|\?|$)/;

/**
 * The built SPA, and index.html for every other GET so that history-mode routes reload. API paths
 * answer JSON 404. Hashed assets never change, so browsers keep them a year; index.html is always
 * revalidated. A page opened under another host name than PUBLIC_URL's (127.0.0.1 for localhost) is
 * sent to PUBLIC_URL, where the sign-in's cookies and redirects live. The page carries the web app's
 * configuration (what `/api/v1/config` answers), sparing the app a round trip before it can start, and
 * names the chunks its route needs (system/web-page.ts).
 */
async function serveWebApp(app: FastifyInstance, webDist: string, publicUrl: string, webConfig: object) {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    const pageFor = webPages(webDist, webConfig);
    await app.register(fastifyStatic, {
      // The build writes .br and .gz beside each asset (packages/web/vite.config.ts): sent as they are.
      root: webDist, wildcard: false, index: false, cacheControl: false, preCompressed: true,
      setHeaders: (res, file) => res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
    const origin = new URL(publicUrl);
    app.addHook('onRequest', async (request, reply) => {
      if (!['GET', 'HEAD'].includes(request.method) || API_PATH.test(request.url) || request.host === origin.host) return;
      return reply.redirect(`${publicUrl}${request.url}`, 308);
    });
    // A route rather than the not-found handler, so that compression applies to the page too.
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      if (API_PATH.test(request.url)) throw new AppError(404, 'errors.notFound');
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(pageFor(request.url));
    });
  }
  app.setNotFoundHandler(() => {
    throw new AppError(404, 'errors.notFound');
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    defaultLanguage: import('@geria/domain').Language;
  }
}
