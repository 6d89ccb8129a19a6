import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuTicks, demoCalls, demoToken, type Call } from './load-calls.ts';

/**
 * Several server processes on one PostgreSQL behind nginx (issue 38), with the repository's sample
 * configuration (deploy/nginx.conf, its ports and paths replaced):
 * 1. req/s and server CPU per answer at 200 connections with 1, 2 and 3 processes;
 * 2. a rolling restart under 100 connections of reads and questionnaire saves: each process in turn
 *    SIGTERM'd and started again; every request must succeed and every acknowledged save read back;
 * 3. `kill -9` of one process under the same load: what fails (only requests that process held),
 *    and again every acknowledged save read back.
 * Needs DATABASE_URL (a PostgreSQL server: a database geria_rolling_<pid> is made there and dropped
 * after) and Debian's nginx (NGINX, default /usr/sbin/nginx). The processes run the sources through
 * tsx. RUN_SECONDS (default 15) sets each throughput run.
 */
const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';
const seconds = Number(process.env.RUN_SECONDS ?? 15);
const admin = process.env.DATABASE_URL;
if (!admin) {
  console.log('rolling-restart: skipped, it needs DATABASE_URL (several processes share a PostgreSQL server)');
  process.exit(0);
}
const database = `geria_rolling_${process.pid}`;
const databaseUrl = Object.assign(new URL(admin), { pathname: `/${database}` }).toString();
const BALANCER_PORT = 4950;
const PROCESS_PORTS = [4951, 4952, 4953];
const base = `http://127.0.0.1:${BALANCER_PORT}`;
const work = await mkdtemp(path.join(tmpdir(), 'geria-rolling-'));

const envOf = (port: number): NodeJS.ProcessEnv => ({
  ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: path.join(work, `data-${port}`),
  LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1', SHUTDOWN_DRAIN_SECONDS: '1', PG_POOL_MAX: '6', DEMO_PARTICIPANTS: '300',
});

/** One server process (the compiled server), resolved once it is ready. */
async function startProcess(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['packages/server/dist/main.js'], { env: envOf(port), stdio: ['ignore', 'ignore', 'inherit'] });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process on ${port} exited (${child.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/ready`)).ok) return child;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
}
const exited = (child: ChildProcess) => (child.exitCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r())));

/** nginx with deploy/nginx.conf in front of the first `count` processes; answers its stop. */
async function startBalancer(count: number): Promise<() => Promise<void>> {
  const sample = await readFile('deploy/nginx.conf', 'utf8');
  const servers = PROCESS_PORTS.slice(0, count).map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n');
  const config = sample
    .replace(/( {4}server 127\.0\.0\.1:\d+[^\n]*\n)+/, `${servers}\n`)
    .replace('listen 8080;', `listen 127.0.0.1:${BALANCER_PORT};`)
    .replace('worker_processes auto;', `worker_processes 1;\ndaemon off;\npid ${work}/nginx.pid;\nerror_log ${work}/nginx-error.log warn;`)
    .replace('http {', `http {\n  access_log off;\n${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${work}/${t};`).join('\n')}`);
  const file = path.join(work, 'nginx.conf');
  await writeFile(file, config);
  const nginx = spawn(NGINX, ['-c', file, '-p', work], { stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; ; i++) {
    try { if ((await fetch(`${base}/api/v1/health`)).ok) break; } catch { if (i > 100) throw new Error('nginx did not start'); }
    await new Promise((r) => setTimeout(r, 100));
  }
  return async () => { nginx.kill('SIGQUIT'); await exited(nginx); };
}

interface Outcome { requests: number; reqPerSec: number; failed: number; detail: string; serverCpuMs: number; acknowledgedSaves: string[] }

/** Load through the balancer until `until` resolves (or `duration` seconds): the mix, saves' ids kept. */
async function load(calls: Call[], tokens: string[], connections: number, servers: () => ChildProcess[], until: Promise<unknown> | number): Promise<Outcome> {
  const cpu = () => servers().reduce((sum, s) => sum + cpuTicks(s.pid!), 0);
  const cpuBefore = cpu();
  const acknowledgedSaves: string[] = [];
  const statuses = new Map<number, number>();
  let finished!: (result: autocannon.Result) => void;
  const done = new Promise<autocannon.Result>((resolve) => { finished = resolve; });
  const instance = autocannon({
    url: base, connections, duration: typeof until === 'number' ? until : 3600, timeout: 60,
    requests: [{
      setupRequest: (request, context) => {
        const call = calls[Math.floor(Math.random() * calls.length)]!;
        (context as { save?: boolean }).save = call.method === 'POST';
        return {
          ...request, method: call.method, path: call.path(),
          headers: { authorization: `Bearer ${tokens[Math.floor(Math.random() * tokens.length)]}`, 'content-type': 'application/json' },
          ...(call.body && { body: call.body() }),
        };
      },
      onResponse: (status, body, context) => {
        if ((context as { save?: boolean }).save && status === 201) acknowledgedSaves.push((JSON.parse(body) as { id: string }).id);
      },
    }],
  }, (_error, result) => finished(result));
  instance.on('response', (_client, status) => statuses.set(status, (statuses.get(status) ?? 0) + 1));
  if (typeof until !== 'number') void until.then(() => instance.stop());
  const result = await done;
  const answered = [...statuses.values()].reduce((a, b) => a + b, 0);
  return {
    requests: answered, reqPerSec: Math.round(result.requests.average), failed: result.errors + result.timeouts + result.non2xx,
    detail: [result.errors && `${result.errors} socket`, result.timeouts && `${result.timeouts} timeout`,
      ...[...statuses].filter(([s]) => s >= 300).map(([s, n]) => `${n}×${s}`)].filter(Boolean).join(', ') || 'none',
    serverCpuMs: +(((cpu() - cpuBefore) * 10) / Math.max(1, answered)).toFixed(2), acknowledgedSaves,
  };
}

/** The acknowledged saves that cannot be read back (through the balancer). */
async function lostSaves(ids: string[], token: string): Promise<number> {
  let lost = 0;
  for (const id of ids) {
    const res = await fetch(`${base}/api/v1/questionnaire-responses/${id}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) lost++;
  }
  return lost;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load1 = () => loadavg().map((l) => l.toFixed(2)).join(' ');

const build = spawnSync(process.execPath, ['--import', 'tsx', 'packages/server/scripts/build.ts'], { stdio: 'inherit' });
if (build.status !== 0) throw new Error('server build failed');
const client = new pg.Client({ connectionString: admin });
await client.connect();
await client.query(`create database ${database}`);
let servers: ChildProcess[] = [];
let stopBalancer: (() => Promise<void>) | undefined;
try {
  // All three at once on the empty database: one migrates and makes the demo study, the others wait.
  let started = Date.now();
  servers = await Promise.all(PROCESS_PORTS.map(startProcess));
  const firstStart = `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const tokens = ['demo-ccm', 'demo-expert', 'demo-tester'].map((u) => demoToken(envOf(PROCESS_PORTS[0]!), u));
  stopBalancer = await startBalancer(3);
  const { reads, save } = await demoCalls(base, tokens[0]!);
  // One save in twenty requests, as in bench/load.ts.
  const mix = [...reads, ...reads, ...reads, ...reads, save];
  await stopBalancer();

  const throughput = [];
  for (const count of [1, 2, 3]) {
    stopBalancer = await startBalancer(count);
    await load(mix, tokens, 20, () => servers.slice(0, count), 3);
    const run = await load(mix, tokens, 200, () => servers.slice(0, count), seconds);
    throughput.push({ processes: count, connections: 200, reqPerSec: run.reqPerSec, serverCpuMsPerRequest: run.serverCpuMs, failed: run.failed, detail: run.detail, loadAverage: load1() });
    await stopBalancer();
  }
  console.table(throughput);

  stopBalancer = await startBalancer(3);
  // Rolling restart: each process in turn stops (SIGTERM: not ready, drains, exits) and starts again.
  started = Date.now();
  const restarts = (async () => {
    await pause(3000);
    for (let i = 0; i < servers.length; i++) {
      servers[i]!.kill('SIGTERM');
      await exited(servers[i]!);
      servers[i] = await startProcess(PROCESS_PORTS[i]!);
      await pause(2000);
    }
  })();
  const rolling = await load(mix, tokens, 100, () => servers, restarts);
  const rollingLost = await lostSaves(rolling.acknowledgedSaves, tokens[0]!);
  const rollingRow = { phase: 'rolling restart', seconds: Math.round((Date.now() - started) / 1000), requests: rolling.requests, failed: rolling.failed, detail: rolling.detail, acknowledgedSaves: rolling.acknowledgedSaves.length, lostSaves: rollingLost, loadAverage: load1() };

  // kill -9 of one process under the same load, then it starts again.
  started = Date.now();
  const crash = (async () => {
    await pause(3000);
    servers[1]!.kill('SIGKILL');
    await exited(servers[1]!);
    await pause(3000);
    servers[1] = await startProcess(PROCESS_PORTS[1]!);
    await pause(2000);
  })();
  const killed = await load(mix, tokens, 100, () => servers, crash);
  const killedLost = await lostSaves(killed.acknowledgedSaves, tokens[0]!);
  const killRow = { phase: 'kill -9 of one', seconds: Math.round((Date.now() - started) / 1000), requests: killed.requests, failed: killed.failed, detail: killed.detail, acknowledgedSaves: killed.acknowledgedSaves.length, lostSaves: killedLost, loadAverage: load1() };
  console.table([rollingRow, killRow]);
  console.log(JSON.stringify({ name: 'rolling-restart', firstStartOfThree: firstStart, throughput, rolling: rollingRow, kill: killRow }, null, 2));
  if (rolling.failed || rollingLost || killedLost) process.exitCode = 1;
} finally {
  await stopBalancer?.().catch(() => undefined);
  for (const s of servers) s.kill('SIGTERM');
  await Promise.all(servers.map(exited));
  await client.query(`drop database if exists ${database} with (force)`);
  await client.end();
  await rm(work, { recursive: true, force: true });
}
