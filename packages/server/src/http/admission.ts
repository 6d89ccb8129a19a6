import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Admission of API requests in arrival order, at most `limit` at once. Without it, 200 requests in
 * flight share 20 database connections query by query: a request that needs three statements
 * queues three times behind everyone who arrived after it, so its latency grows with its number of
 * statements times the crowd (p95 of seconds while p50 stayed low). Admitted first, it finishes
 * first; the others wait in one FIFO line, before any work (token check included) is spent on them.
 * On embedded PGlite (one connection) this is what keeps the queue fair instead of timing out.
 *
 * Streams (the inbox's server-sent events) never take a place: they stay open for hours.
 */
export interface Gate {
  /** Resolves when the response may be worked on; its place is given back when `res` closes. */
  enter(res: ServerResponse): Promise<void>;
  readonly running: number;
  readonly waiting: number;
}

export function createGate(limit: number): Gate {
  let running = 0;
  // A Set keeps insertion order: the head is the longest waiting.
  const line = new Set<() => void>();
  let scheduled = false;
  const admit = () => {
    scheduled = false;
    for (const start of line) {
      if (running >= limit) return;
      line.delete(start);
      start();
    }
  };
  /**
   * Admission always happens in a turn of its own (setImmediate), never in the callback that read a
   * request or ended one. Otherwise, on embedded PGlite, whose queries run synchronously, a request
   * that ends admits the next one in the same microtask drain, which runs it to its end and admits the
   * next, and so on: the event loop went back to the network only when the line was empty (turns of
   * 0.6 s under load). Node accepts about one new connection per turn, so at 200 connections some
   * clients waited 5–10 s before their first request was even read, and timed out. Turns are now one
   * or two requests long, every connection is accepted within a second or two, and requests read in
   * the same turn all join the line before any of them starts.
   */
  const wake = () => {
    if (scheduled || running >= limit || line.size === 0) return;
    scheduled = true;
    setImmediate(admit);
  };
  return {
    enter: (res) => new Promise<void>((resolve) => {
      // Already closed (the client left before this hook ran): 'close' will not come again, so the
      // request must not take a place it would never give back.
      if (res.destroyed) {
        resolve();
        return;
      }
      let admitted = false;
      const start = () => { admitted = true; running++; resolve(); };
      // 'close' follows the end of every response, and a client's disconnect while it waits or runs.
      res.once('close', () => {
        if (admitted) {
          running--;
          wake();
        } else {
          // Gone while waiting: leave the line; the request's own lifecycle ends on the closed socket.
          line.delete(start);
          resolve();
        }
      });
      line.add(start);
      wake();
    }),
    get running() { return running; },
    get waiting() { return line.size; },
  };
}

const ADMITTED = /^\/(api|fhir|scim2)(\/|\?|$)/;
// The health check answers at once (a load balancer asks it under load), streams stay open for hours.
const UNGATED = /^\/api\/v1\/(health|inbox\/stream)(\?|$)/;

// Decided by the path alone: a header the client chooses (Accept: text/event-stream) must not jump the line.
const admitted = (request: FastifyRequest) => ADMITTED.test(request.url) && !UNGATED.test(request.url);

/** Registers the gate as the first onRequest hook of /api, /fhir and /scim2 requests. */
export function registerAdmission(app: FastifyInstance, limit: number): Gate {
  const gate = createGate(limit);
  app.addHook('onRequest', async (request, reply) => {
    if (!admitted(request)) return;
    await gate.enter(reply.raw);
    // Its client left while it waited: nobody to answer, so the work is not done at all (a burst of
    // disconnects would otherwise run all at once, ahead of the clients still waiting).
    if (reply.raw.destroyed) reply.hijack();
  });
  return gate;
}
