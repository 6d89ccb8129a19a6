import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuTicks, demoToken, untilHealthy } from './load-calls.ts';
import { staffCalls } from '../packages/server/src/test/load.ts';

/**
 * Cost per request, the measure that survives a shared machine: for each call of the load mix, the
 * server's CPU milliseconds, PostgreSQL's backend CPU milliseconds (DATABASE_URL only) and SQL
 * statements per request, over a fixed number of requests at 20 connections. Starts the compiled
 * server with a preload that counts statements; COST_PROFILE=dir also writes a V8 CPU profile there.
 */
const PORT = 4901;
const base = `http://127.0.0.1:${PORT}`;
const N = Number(process.env.COST_REQUESTS ?? 400);
const dataDir = await mkdtemp(path.join(tmpdir(), 'geria-cost-'));
const statsFile = path.join(dataDir, 'stats.json');
const env = {
  ...process.env, PORT: String(PORT), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir, LOG_LEVEL: 'warn',
  DEMO_PARTICIPANTS: process.env.DEMO_PARTICIPANTS ?? '300', STATS_FILE: statsFile,
};
const preload = new URL('./load-cost-preload.mjs', import.meta.url).pathname;

async function startServer(): Promise<ChildProcess> {
  const prof = process.env.COST_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.COST_PROFILE] : [];
  const server = spawn(process.execPath, [...prof, '--import', preload, process.env.SERVER_ENTRY ?? 'packages/server/dist/main.js'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  await untilHealthy(base);
  return server;
}

const token = (username: string) => demoToken(env, username);

const pgPool = process.env.DATABASE_URL ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 }) : undefined;
const dbName = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL).pathname.slice(1) : '';
async function backendTicks(): Promise<Map<number, number>> {
  if (!pgPool) return new Map();
  const { rows } = await pgPool.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);
  return new Map(rows.map((r) => [r.pid, cpuTicks(r.pid)]));
}

async function serverStats(server: ChildProcess) {
  server.kill('SIGUSR2');
  await new Promise((r) => setTimeout(r, 300));
  return JSON.parse(await readFile(statsFile, 'utf8')) as { queries: number; cpuMs: number; mainMs: number; sysMs: number; texts: [string, number][] };
}

const server = await startServer();
try {
  const tokens = ['demo-ccm', 'demo-expert', 'demo-tester'].map(token);
  const { reads, save } = await staffCalls(base, tokens[0]);
  const calls = [...reads, save];
  const only = process.env.COST_ONLY?.split(',');
  const rows = [];
  for (const call of calls.filter((c) => !only || only.includes(c.name))) {
    const statuses = new Map<number, number>();
    const fire = (amount: number) => new Promise<void>((resolve, reject) => {
      const instance = autocannon({
        url: base, connections: 20, amount,
        requests: [{
          setupRequest: (request) => ({
            ...request, method: call.method, path: call.path(),
            headers: { authorization: `Bearer ${tokens[Math.floor(Math.random() * tokens.length)]}`, 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' },
            ...(call.body && { body: call.body() }),
          }),
        }],
      }, (error) => (error ? reject(error) : resolve()));
      instance.on('response', (_c, status) => statuses.set(status, (statuses.get(status) ?? 0) + 1));
    });
    await fire(40);
    statuses.clear();
    const before = await serverStats(server);
    const pgBefore = await backendTicks();
    const started = Date.now();
    await fire(N);
    const wall = Date.now() - started;
    const pgAfter = await backendTicks();
    const after = await serverStats(server);
    let pgTicks = 0;
    for (const [pid, t] of pgAfter) pgTicks += t - (pgBefore.get(pid) ?? 0);
    rows.push({
      call: call.name, requests: N, statuses: JSON.stringify(Object.fromEntries(statuses)),
      serverCpuMsPerReq: +((after.cpuMs - before.cpuMs) / N).toFixed(2),
      serverMainThreadMsPerReq: +((after.mainMs - before.mainMs) / N).toFixed(2),
      serverSysMsPerReq: +((after.sysMs - before.sysMs) / N).toFixed(2),
      pgCpuMsPerReq: pgPool ? +((pgTicks * 10) / N).toFixed(2) : null,
      queriesPerReq: pgPool ? +((after.queries - before.queries) / N).toFixed(2) : null,
      wallMsPerReq: +(wall / N).toFixed(2),
    });
    if (process.env.COUNT_TEXT) console.log(call.name, after.texts.map(([t, n]) => `${(n / N).toFixed(2)}  ${t.replace(/\s+/g, ' ')}`).join('\n'));
  }
  console.table(rows);
  console.log(JSON.stringify({ name: 'load-cost', database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite', rows }));
} finally {
  await pgPool?.end();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await rm(dataDir, { recursive: true, force: true });
}
