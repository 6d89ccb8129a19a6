import { loadavg } from 'node:os';
import pg from 'pg';
import { cpuTicks, demoToken } from './load-calls.ts';
import { freePort } from '../packages/server/src/test/http-client.ts';
import { nginxBinary, rollingRestart, startBalancer, type Balancer } from '../packages/server/src/test/nginx.ts';
import { runLoad, staffCalls, unreadableSaves, type Call } from '../packages/server/src/test/load.ts';
import { buildServer, startServerProcess, type ServerProcess } from '../packages/server/src/test/server-process.ts';

/**
 * Several server processes on one PostgreSQL behind nginx (issue 38), with the repository's sample
 * configuration (deploy/nginx.conf, its ports and paths replaced; packages/server/src/test/nginx.ts):
 * 1. req/s and server CPU per answer at 200 connections with 1, 2 and 3 processes;
 * 2. a rolling restart under 100 connections of reads and questionnaire saves: each process in turn
 *    taken out of nginx, SIGTERM'd, started again and put back (rollingRestart); every request must
 *    succeed and every acknowledged save read back;
 * 3. `kill -9` of one process under the same load: what fails (only requests that process held),
 *    and again every acknowledged save read back.
 * Needs DATABASE_URL (a PostgreSQL server: a database geria_rolling_<pid> is made there and dropped
 * after) and Debian's nginx (NGINX, default /usr/sbin/nginx). The processes run a build of the server,
 * as `npm start` does. RUN_SECONDS (default 15) sets each throughput run. The correctness part also runs
 * as a test, with less load: packages/server/src/system/behind-nginx.test.ts.
 */
const seconds = Number(process.env.RUN_SECONDS ?? 15);
const admin = process.env.DATABASE_URL;
if (!admin || !nginxBinary()) {
  console.log('rolling-restart: skipped, it needs DATABASE_URL (several processes share a PostgreSQL server) and nginx (NGINX, default /usr/sbin/nginx)');
  process.exit(0);
}
const database = `geria_rolling_${process.pid}`;
const databaseUrl = Object.assign(new URL(admin), { pathname: `/${database}` }).toString();
const balancerPort = await freePort();
const env = {
  PUBLIC_URL: `http://127.0.0.1:${balancerPort}`, DEMO: 'true', DEMO_PARTICIPANTS: '300',
  TRUST_PROXY: '127.0.0.1', SHUTDOWN_DRAIN_SECONDS: '1', PG_POOL_MAX: '6',
};

interface Outcome { requests: number; reqPerSec: number; failed: number; detail: string; serverCpuMs: number; acknowledgedSaves: string[] }

/** runLoad through the balancer, with the CPU the serving processes used per answer. */
async function load(base: string, calls: Call[], tokens: string[], connections: number, servers: () => ServerProcess[], until: Promise<unknown> | number, connectionPerRequest = false): Promise<Outcome> {
  const cpu = () => servers().reduce((sum, s) => sum + cpuTicks(s.child.pid!), 0);
  const cpuBefore = cpu();
  const outcome = await runLoad({ base, calls, tokens, connections, until, connectionPerRequest });
  return { ...outcome, serverCpuMs: +(((cpu() - cpuBefore) * 10) / Math.max(1, outcome.requests)).toFixed(2) };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load1 = () => loadavg().map((l) => l.toFixed(2)).join(' ');

const build = await buildServer();
const client = new pg.Client({ connectionString: admin });
await client.connect();
await client.query(`create database ${database}`);
let servers: ServerProcess[] = [];
let balancer: Balancer | undefined;
try {
  // All three at once on the empty database: one migrates and makes the demo study, the others wait.
  let started = Date.now();
  servers = await Promise.all([0, 1, 2].map(() => startServerProcess(databaseUrl, env, { compiled: build })));
  const firstStart = `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const ports = servers.map((s) => s.port);
  const tokens = ['demo-ccm', 'demo-expert', 'demo-tester'].map((u) => demoToken(servers[0]!.env, u));
  balancer = await startBalancer(ports, { port: balancerPort });
  const { base } = balancer;
  const { reads, save } = await staffCalls(base, tokens[0]!);
  // One save in twenty requests, as in bench/load.ts.
  const mix = [...reads, ...reads, ...reads, ...reads, save];
  await balancer.stop();

  const throughput = [];
  for (const count of [1, 2, 3]) {
    balancer = await startBalancer(ports.slice(0, count), { port: balancerPort });
    await load(base, mix, tokens, 20, () => servers.slice(0, count), 3);
    const run = await load(base, mix, tokens, 200, () => servers.slice(0, count), seconds);
    throughput.push({ processes: count, connections: 200, reqPerSec: run.reqPerSec, serverCpuMsPerRequest: run.serverCpuMs, failed: run.failed, detail: run.detail, loadAverage: load1() });
    await balancer.stop();
  }
  console.table(throughput);

  balancer = await startBalancer(ports, { port: balancerPort });
  // Rolling restart: each process in turn out of nginx, stopped (SIGTERM: it finishes what it has), started again, back in.
  started = Date.now();
  const restarts = (async () => {
    await pause(3000);
    await rollingRestart(servers, balancer!);
    await pause(2000);
  })();
  const rolling = await load(base, mix, tokens, 100, () => servers, restarts, true);
  const rollingLost = await unreadableSaves(base, rolling.acknowledgedSaves, tokens[0]!);
  const rollingRow = { phase: 'rolling restart', seconds: Math.round((Date.now() - started) / 1000), requests: rolling.requests, failed: rolling.failed, detail: rolling.detail, acknowledgedSaves: rolling.acknowledgedSaves.length, lostSaves: rollingLost, loadAverage: load1() };

  // kill -9 of one process under the same load, then it starts again.
  started = Date.now();
  const crash = (async () => {
    await pause(3000);
    servers[1]!.child.kill('SIGKILL');
    await servers[1]!.exited;
    await pause(3000);
    servers[1] = await servers[1]!.restart();
    await pause(2000);
  })();
  const killed = await load(base, mix, tokens, 100, () => servers, crash, true);
  const killedLost = await unreadableSaves(base, killed.acknowledgedSaves, tokens[0]!);
  const killRow = { phase: 'kill -9 of one', seconds: Math.round((Date.now() - started) / 1000), requests: killed.requests, failed: killed.failed, detail: killed.detail, acknowledgedSaves: killed.acknowledgedSaves.length, lostSaves: killedLost, loadAverage: load1() };
  console.table([rollingRow, killRow]);
  console.log(JSON.stringify({ name: 'rolling-restart', firstStartOfThree: firstStart, throughput, rolling: rollingRow, kill: killRow }, null, 2));
  if (rolling.failed || rollingLost || killedLost) process.exitCode = 1;
} finally {
  await balancer?.stop().catch(() => undefined);
  await Promise.all(servers.map((s) => s.stop()));
  await client.query(`drop database if exists ${database} with (force)`);
  await client.end();
  await build.remove();
}
