import type { FastifyInstance } from 'fastify';

/** Slower than this, a request is worth a line at info level. */
export const SLOW_REQUEST_MS = 500;

/**
 * One log line per request that matters instead of Fastify's two per request: under load those
 * lines (serialised on the event loop) cost more than many of the requests themselves. Server
 * errors and slow answers are logged at warn/info; every other request at debug.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    const line = { method: request.method, url: request.routeOptions.url ?? request.url, status: reply.statusCode, ms: Math.round(ms) };
    if (reply.statusCode >= 500) request.log.warn(line, 'request failed');
    else if (ms >= SLOW_REQUEST_MS) request.log.info(line, 'slow request');
    else request.log.debug(line, 'request');
  });
}
