import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { cpuTicks, demoToken, untilHealthy } from './load-calls.ts';
import { staffCalls, type Call } from '../packages/server/src/test/load.ts';

/**
 * Load: a mix of the main screens' API calls by several demo users, 50 and 200 connections, on the
 * database of DATABASE_URL (PostgreSQL) or on embedded PGlite. Starts its own compiled server (run
 * `npm run build` first) on a fresh demo study, mints the users' tokens through its admin socket,
 * and prints req/s, p50/p95/p99 and errors for the mix and for each call alone.
 * LOAD_SECONDS (default 15) sets the length of each mixed run.
 */
const PORT = 4900;
const base = `http://127.0.0.1:${PORT}`;
const seconds = Number(process.env.LOAD_SECONDS ?? 15);
const dataDir = await mkdtemp(path.join(tmpdir(), 'geria-load-'));
const env = {
  ...process.env, PORT: String(PORT), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir, LOG_LEVEL: 'warn',
  DEMO_PARTICIPANTS: process.env.DEMO_PARTICIPANTS ?? '300',
};

async function startServer(): Promise<ChildProcess> {
  const server = spawn(process.execPath, [process.env.SERVER_ENTRY ?? 'packages/server/dist/main.js'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  await untilHealthy(base);
  return server;
}

const token = (username: string) => demoToken(env, username);


function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}

async function run(title: string, calls: Call[], tokens: string[], connections: number, duration: number) {
  const cpuBefore = cpuTicks(server.pid!);
  const latencies: number[] = [];
  const byCall = new Map<string, number[]>();
  const statuses = new Map<number, number>();
  const options: autocannon.Options = {
    url: base, connections, duration,
    requests: [{
      setupRequest: (request, context) => {
        const call = calls[Math.floor(Math.random() * calls.length)];
        (context as { call?: string }).call = call.name;
        const auth = tokens[Math.floor(Math.random() * tokens.length)];
        return {
          ...request, method: call.method, path: call.path(),
          headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' },
          ...(call.body && { body: call.body() }),
        };
      },
    }],
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      // Each connection has one request out at a time, so its context still names the call answered.
      const name = (client as unknown as { requestIterator: { context: { call: string } } }).requestIterator.context.call;
      if (!byCall.has(name)) byCall.set(name, []);
      byCall.get(name)!.push(responseTime);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
  const cpuTicksUsed = cpuTicks(server.pid!) - cpuBefore;
  latencies.sort((a, b) => a - b);
  // Within a mix, which call makes the tail.
  const perCall = calls.length > 1 ? Object.fromEntries([...byCall].map(([name, values]) => {
    values.sort((a, b) => a - b);
    return [name, { n: values.length, p50: Math.round(percentile(values, 50)), p95: Math.round(percentile(values, 95)), p99: Math.round(percentile(values, 99)) }];
  })) : undefined;
  return {
    run: title, connections, reqPerSec: Math.round(result.requests.average),
    p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), max: latencies.at(-1) ?? 0,
    // The server's CPU per answer: the part of a run's numbers that the host's other load moves least.
    serverCpuMs: +((cpuTicksUsed * 10) / Math.max(1, latencies.length)).toFixed(2),
    errors: result.errors + result.timeouts + result.non2xx,
    // Which: connection errors, timeouts (10 s), and the answers that were not 2xx by status.
    detail: [result.errors && `${result.errors} socket`, result.timeouts && `${result.timeouts} timeout`,
      ...[...statuses].filter(([status]) => status >= 300).map(([status, n]) => `${n}×${status}`)].filter(Boolean).join(', '),
    ...(perCall && { perCall }),
  };
}

const server = await startServer();
try {
  const tokens = ['demo-ccm', 'demo-expert', 'demo-tester'].map(token);
  const { participants, reads: calls, save } = await staffCalls(base, tokens[0]);
  // One save in twenty requests, as a screen full of reads leads to one write.
  const mix = [...calls, ...calls, ...calls, ...calls, save];
  // Issue 17's own measurement: the list page, a record and a FHIR Observation search, reads only;
  // first on the server just started (code not yet optimised by V8, new database connections), as a
  // measurement from outside right after `npm start` would see it, and again once warm.
  const issueMix = calls.filter((c) => ['patient list page', 'participant record', 'FHIR Observation search'].includes(c.name));
  const rows = [await run('list, record, FHIR search (cold)', issueMix, tokens, 200, seconds)];
  await run('warm-up', mix, tokens, 20, 3);
  for (const connections of [50, 200]) rows.push(await run('mix', mix, tokens, connections, seconds));
  rows.push(await run('list, record, FHIR search', issueMix, tokens, 200, seconds));
  for (const call of [...calls, save]) rows.push(await run(call.name, [call], tokens, 200, Math.max(3, Math.round(seconds / 3))));
  console.table(rows);
  console.log(JSON.stringify({ name: 'load', database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite', participants, rows }, null, 2));
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await rm(dataDir, { recursive: true, force: true });
}
