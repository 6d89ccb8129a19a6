import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/connection.ts';
import { AppError } from './errors.ts';

/** The metrics the areas feed (the inbox its streams); kept whether or not /metrics is served. */
export interface AppMetrics {
  streamsOpen: Gauge;
}

const sameToken = (given: string, wanted: string) => {
  const [a, b] = [Buffer.from(given), Buffer.from(wanted)];
  return a.length === b.length && timingSafeEqual(a, b);
};

/** A POST to /fhir by an integration client that may ingest device data: an upload, stored or refused. */
const isIngest = (request: FastifyRequest) =>
  request.method === 'POST' && (request.routeOptions.url ?? '').startsWith('/fhir') && Boolean(request.integrationClient?.permissions.includes('devices.ingest'));

/**
 * Prometheus metrics (prom-client), one registry per app: requests by route template (count and
 * latency), the database pool (in use, waiting), jobs (analytics runs and intervention e-mails,
 * queued and running), open inbox streams, device-data uploads stored and refused, and the process's
 * defaults (CPU, memory, event-loop lag). `/metrics` is served only when METRICS_TOKEN is set, and
 * only to `Authorization: Bearer <METRICS_TOKEN>`: the scraper has it, the public does not.
 */
export function registerMetrics(app: FastifyInstance, db: Db, token: string | undefined) {
  const registry = new Registry();
  const requests = new Counter({ name: 'geria_http_requests_total', help: 'HTTP requests answered, by method, route template and status', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const latency = new Histogram({
    name: 'geria_http_request_duration_seconds', help: 'Time to answer, by method and route template', labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers: [registry],
  });
  const ingest = new Counter({ name: 'geria_ingest_total', help: 'Device-data uploads of integration clients (POST /fhir), stored or refused', labelNames: ['outcome'], registers: [registry] });
  const streamsOpen = new Gauge({ name: 'geria_sse_streams_open', help: 'Inbox event streams open on this process', registers: [registry] });
  new Gauge({
    name: 'geria_db_pool_connections', help: 'Database connections of the requests\' pool: in use, idle, and requests waiting for one', labelNames: ['state'], registers: [registry],
    collect() {
      const stats = db.poolStats?.();
      if (!stats) return;
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'geria_jobs', help: 'Jobs in the database (every process\'s): analytics runs queued and running, intervention e-mails due', labelNames: ['kind', 'state'], registers: [registry],
    async collect() {
      const { rows } = await sql<{ kind: string; state: string; n: number }>`
        select 'analytics' as kind, lower(state) as state, count(*)::int as n from analytic_run where state in ('Queued', 'Running') group by state
        union all
        select 'email', 'due', count(*)::int from intervention_delivery where status = 'pending' and channel = 'email' and next_attempt_at <= now()`.execute(db.kysely);
      this.reset();
      for (const state of ['queued', 'running']) this.set({ kind: 'analytics', state }, 0);
      for (const row of rows) this.set({ kind: row.kind, state: row.state }, Number(row.n));
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: reply.statusCode });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (isIngest(request)) ingest.inc({ outcome: reply.statusCode < 400 ? 'stored' : 'refused' });
  });
  app.decorate('metrics', { streamsOpen } satisfies AppMetrics);

  if (!token) return;
  // The process's own (CPU, memory, event-loop lag) only when served: they keep a timer running.
  collectDefaultMetrics({ register: registry, prefix: 'geria_' });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!sameToken(request.headers.authorization ?? '', `Bearer ${token}`)) throw new AppError(401, 'errors.unauthorized');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}
