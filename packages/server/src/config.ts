import { z } from 'zod';
import { LANGUAGES } from '@geria/domain';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Loopback unless a deployment says otherwise (HOST=0.0.0.0): the demo accounts' passwords are public.
  HOST: z.string().default('127.0.0.1'),
  /** Public origin of the app (what browsers use); the embedded issuer is `${PUBLIC_URL}/auth`. */
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** Connections to PostgreSQL per server process (each request's transaction holds one). */
  PG_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
  /**
   * API requests worked on at once, the others wait in arrival order (http/admission.ts). Default:
   * on PostgreSQL twice the cores, at most PG_POOL_MAX; 2 on embedded PGlite (one connection).
   */
  REQUESTS_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).optional(),
  /** External OpenID Connect issuer (e.g. a Keycloak realm); when set the embedded provider is not mounted. */
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().default('geria-web'),
  OIDC_AUDIENCE: z.string().default('geria-api'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).default(900),
  DEFAULT_LANGUAGE: z.enum(LANGUAGES).default('en'),
  DEMO: z.enum(['true', 'false']).default('true'),
  DEMO_PARTICIPANTS: z.coerce.number().int().min(0).default(300),
  SMTP_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /**
   * Addresses (or CIDR ranges, comma-separated) of the reverse proxies whose X-Forwarded-* headers
   * are believed. Unset, no client can choose the address its rate limits and audit records see.
   */
  TRUST_PROXY: z.string().optional(),
  /**
   * Serves Prometheus metrics at /metrics to `Authorization: Bearer <METRICS_TOKEN>` (http/metrics.ts);
   * unset, there is no /metrics. At least 16 characters.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** After SIGTERM, how long readiness answers 503 while the process still serves (the load balancer's probe interval). */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  /** Then how long requests in flight and the job at hand may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(20),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.parse(env);
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, '');
  return {
    ...parsed,
    publicUrl,
    embeddedIssuer: !parsed.OIDC_ISSUER,
    issuer: parsed.OIDC_ISSUER ?? `${publicUrl}/auth`,
    demo: parsed.DEMO === 'true',
    trustedProxies: parsed.TRUST_PROXY?.split(',').map((a) => a.trim()).filter(Boolean) ?? [],
  };
}
