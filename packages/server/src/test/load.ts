import { request } from 'node:http';
import autocannon from 'autocannon';

/** One API call of the main screens, as the load benches and the load balancer's test fire it. */
export interface Call { name: string; method: 'GET' | 'POST'; path: () => string; body?: () => string }

/**
 * The calls of the screens staff use most, on random participants of MIL-GER (the demo site, and the
 * tests' organisation): the reads (patient list, record, assessments, working state, a FHIR search)
 * and the questionnaire save, whose answer (201) carries the saved response's id.
 */
export async function staffCalls(base: string, token: string): Promise<{ participants: number; reads: Call[]; save: Call }> {
  const list = await (await fetch(`${base}/api/v1/participants/organisation/MIL-GER?page=0&pageSize=100`, { headers: { authorization: `Bearer ${token}` } })).json() as { items: { id: string }[] };
  const ids = list.items.map((p) => p.id);
  const anyId = () => ids[Math.floor(Math.random() * ids.length)];
  const PHQ9 = Object.fromEntries([1, 2, 0, 1, 2, 0, 1, 0, 0].map((v, i) => [`phq9-${i + 1}`, v]));
  return {
    participants: ids.length,
    reads: [
      { name: 'patient list page', method: 'GET', path: () => `/api/v1/participants/organisation/MIL-GER?page=${Math.floor(Math.random() * 5)}&pageSize=25` },
      { name: 'participant record', method: 'GET', path: () => `/api/v1/participant/${anyId()}` },
      { name: 'assessments', method: 'GET', path: () => `/api/v1/participants/${anyId()}/assessments` },
      { name: 'working state', method: 'GET', path: () => `/api/v1/participants/${anyId()}/working-state` },
      { name: 'FHIR Observation search', method: 'GET', path: () => `/fhir/Observation?subject=Patient/${anyId()}&_count=20` },
    ],
    save: {
      name: 'questionnaire save', method: 'POST', path: () => `/api/v1/patients/${anyId()}/questionnaire-responses`,
      body: () => JSON.stringify({ instrumentId: 'phq9', answers: PHQ9 }),
    },
  };
}

export interface LoadOutcome {
  /** Answers received (any status). */
  requests: number;
  reqPerSec: number;
  /** Socket errors, timeouts and answers other than 2xx. */
  failed: number;
  /** Of those, the answers other than 2xx to reads (GET). */
  failedReads: number;
  /** What failed, e.g. "2×502" ("none"). */
  detail: string;
  /** The ids of the saves answered 201. */
  acknowledgedSaves: string[];
}

export interface Load {
  /** The balancer's (or a process's) address. */
  base: string;
  calls: Call[];
  /** Bearer tokens, one picked at random for each request. */
  tokens: string[];
  connections: number;
  /** For so many seconds, or until this promise settles (either way: its rejection is its owner's to report). */
  until: Promise<unknown> | number;
  /** Requests per second in all (a steady load), instead of as many as the connections get answered. */
  rate?: number;
  /**
   * Each request on a connection of its own (a client without keep-alive) instead of autocannon's
   * kept connections. A client reusing a connection that nginx closes at that moment (a reload)
   * sees its request fail before any answer and must send it again (RFC 9112 §9.3.1, as browsers
   * do); autocannon does not, so a reload would count failures that no browser shows.
   */
  connectionPerRequest?: boolean;
}

/** Counts the answers; keeps the ids of the acknowledged saves. */
function tally() {
  const statuses = new Map<number, number>();
  const acknowledgedSaves: string[] = [];
  let failedReads = 0;
  return {
    answered(call: { method: string }, status: number, body: string) {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (call.method === 'POST' && status === 201) acknowledgedSaves.push((JSON.parse(body) as { id: string }).id);
      if (call.method === 'GET' && status >= 300) failedReads++;
    },
    outcome(seconds: number, errors: number, timeouts: number): LoadOutcome {
      const requests = [...statuses.values()].reduce((a, b) => a + b, 0);
      const refused = [...statuses].filter(([s]) => s >= 300);
      return {
        requests, reqPerSec: Math.round(requests / Math.max(seconds, 1)),
        failed: errors + timeouts + refused.reduce((sum, [, n]) => sum + n, 0), failedReads,
        detail: [errors && `${errors} socket`, timeouts && `${timeouts} timeout`, ...refused.map(([s, n]) => `${n}×${s}`)].filter(Boolean).join(', ') || 'none',
        acknowledgedSaves,
      };
    },
  };
}

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
const untilDone = (until: Promise<unknown> | number) =>
  (typeof until === 'number' ? new Promise((resolve) => setTimeout(resolve, until * 1000)) : until).then(() => undefined, () => undefined);

/** Fires the calls at random, each connection one request at a time; keeps the ids of the acknowledged saves. */
export async function runLoad(load: Load): Promise<LoadOutcome> {
  return load.connectionPerRequest ? withoutKeepAlive(load) : withAutocannon(load);
}

async function withAutocannon({ base, calls, tokens, connections, until, rate }: Load): Promise<LoadOutcome> {
  const counts = tally();
  const started = Date.now();
  let finished!: (result: autocannon.Result) => void;
  const done = new Promise<autocannon.Result>((resolve) => { finished = resolve; });
  const instance = autocannon({
    // As long as nginx waits for a process (its proxy_read_timeout).
    url: base, connections, duration: 3600, timeout: 60, ...(rate && { overallRate: rate }),
    requests: [{
      setupRequest: (request, context) => {
        const call = pick(calls);
        (context as { call?: Call }).call = call;
        return {
          ...request, method: call.method, path: call.path(),
          headers: { authorization: `Bearer ${pick(tokens)}`, 'content-type': 'application/json' },
          ...(call.body && { body: call.body() }),
        };
      },
      onResponse: (status, body, context) => counts.answered((context as { call: Call }).call, status, body),
    }],
  }, (_error, result) => finished(result));
  void untilDone(until).then(() => instance.stop());
  const result = await done;
  return counts.outcome((Date.now() - started) / 1000, result.errors, result.timeouts);
}

async function withoutKeepAlive({ base, calls, tokens, connections, until, rate }: Load): Promise<LoadOutcome> {
  const counts = tally();
  const started = Date.now();
  let errors = 0;
  let timeouts = 0;
  let stopped = false;
  void untilDone(until).then(() => { stopped = true; });
  const send = (call: Call) => new Promise<void>((resolve) => {
    const body = call.body?.();
    const req = request(new URL(call.path(), base), {
      method: call.method, agent: false,
      headers: { authorization: `Bearer ${pick(tokens)}`, 'content-type': 'application/json', connection: 'close', ...(body && { 'content-length': Buffer.byteLength(body) }) },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => { text += chunk; });
      res.on('end', () => { counts.answered(call, res.statusCode!, text); resolve(); });
      res.on('error', () => { errors++; resolve(); });
    });
    // As long as nginx waits for a process (its proxy_read_timeout).
    req.setTimeout(60_000, () => req.destroy(new Error('timeout')));
    req.on('error', (error) => {
      if (error.message === 'timeout') timeouts++;
      else errors++;
      resolve();
    });
    req.end(body);
  });
  // Each connection sends its next request once the last is answered and its turn (at `rate`) has come.
  const interval = rate ? (connections * 1000) / rate : 0;
  await Promise.all(Array.from({ length: connections }, async (_, i) => {
    for (let next = started + (interval * i) / connections; !stopped;) {
      const wait = next - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (stopped) break;
      next += interval;
      await send(pick(calls));
    }
  }));
  return counts.outcome((Date.now() - started) / 1000, errors, timeouts);
}

/** How many of the acknowledged saves cannot be read back through `base` (asked eight at a time). */
export async function unreadableSaves(base: string, ids: readonly string[], token: string): Promise<number> {
  const queue = [...ids];
  let lost = 0;
  await Promise.all(Array.from({ length: 8 }, async () => {
    for (let id = queue.pop(); id; id = queue.pop()) {
      const res = await fetch(`${base}/api/v1/questionnaire-responses/${id}`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) lost++;
    }
  }));
  return lost;
}
