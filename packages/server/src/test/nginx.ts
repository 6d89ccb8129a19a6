import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './http-client.ts';
import type { ServerProcess } from './server-process.ts';

const SAMPLE = fileURLToPath(new URL('../../../../deploy/nginx.conf', import.meta.url));

/** Debian's nginx (NGINX names another), or undefined when it is not installed. */
export function nginxBinary(): string | undefined {
  const binary = process.env.NGINX ?? '/usr/sbin/nginx';
  return existsSync(binary) ? binary : undefined;
}

export interface Balancer {
  base: string;
  port: number;
  /** What nginx logged (warnings and errors: a process it gave up on, a request it could not pass on). */
  output(): string;
  /** Takes the process on `port` out of the upstream (`down`) or puts it back; resolves once the workers of the former configuration have exited. */
  setDown(port: number, down: boolean): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The repository's sample configuration (deploy/nginx.conf) with these upstream ports, listening on
 * `port` (a free one otherwise) of the loopback interface; everything else nginx writes (pid, logs,
 * temporary files) goes to a directory of its own, so it needs no system configuration. Resolves
 * once nginx answers.
 */
export async function startBalancer(upstreams: readonly number[], options: { port?: number } = {}): Promise<Balancer> {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed (apt-get install nginx, or NGINX=/path/to/nginx)');
  const port = options.port ?? await freePort();
  const work = await mkdtemp(path.join(tmpdir(), 'geria-nginx-'));
  // Run as root, nginx's workers run as nobody: they write their temporary files under this directory.
  await chmod(work, 0o755);
  const sample = await readFile(SAMPLE, 'utf8');
  const down = new Set<number>();
  const file = path.join(work, 'nginx.conf');
  const writeConfig = () => writeFile(file, sample
    .replace(/( {4}server 127\.0\.0\.1:\d+[^\n]*\n)+/, `${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s${down.has(p) ? ' down' : ''};`).join('\n')}\n`)
    .replace('listen 8080;', `listen 127.0.0.1:${port};`)
    .replace('worker_processes auto;', `worker_processes 1;\ndaemon off;\npid ${work}/nginx.pid;\nerror_log stderr warn;`)
    .replace('http {', `http {\n  access_log off;\n${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${work}/${t};`).join('\n')}`));
  await writeConfig();
  const nginx = spawn(binary, ['-e', 'stderr', '-c', file, '-p', work], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  nginx.stderr!.on('data', (chunk) => { output += chunk; });
  const exited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  // /metrics is answered by nginx itself (404), so asking it neither needs nor marks down a process.
  for (let i = 0; ; i++) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode}):\n${output}`);
    try {
      await fetch(`${base}/metrics`);
      break;
    } catch {
      if (i > 300) { nginx.kill('SIGKILL'); throw new Error(`nginx did not answer on ${base}:\n${output}`); }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base, port, output: () => output,
    setDown: async (upstream, isDown) => {
      if (isDown) down.add(upstream); else down.delete(upstream);
      await writeConfig();
      const workers = async () => (await readFile(`/proc/${nginx.pid}/task/${nginx.pid}/children`, 'utf8')).split(' ').filter(Boolean);
      const before = await workers();
      // SIGHUP: new workers with the new configuration; the old ones finish their requests and exit.
      nginx.kill('SIGHUP');
      for (let i = 0; (await workers()).some((pid) => before.includes(pid)); i++) {
        if (i > 600) throw new Error(`nginx did not reload:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: async () => {
      // SIGTERM: at once (a graceful SIGQUIT would wait for open event streams).
      if (nginx.exitCode === null) nginx.kill('SIGTERM');
      await exited;
      await rm(work, { recursive: true, force: true });
    },
  };
}

/**
 * Restarts each process in turn the way a deployment behind nginx (open source: it does not probe
 * readiness) must: out of the upstream, SIGTERM (it finishes what it has and exits), started again
 * on its port, back in. A process stopped while nginx still sends it connections resets those the
 * kernel had queued for it but it had not accepted yet, and nginx passes such a write on to no
 * other process (it cannot tell it was never received): the client gets a 502.
 */
export async function rollingRestart(servers: ServerProcess[], balancer: Balancer): Promise<void> {
  for (let i = 0; i < servers.length; i++) {
    await balancer.setDown(servers[i]!.port, true);
    servers[i] = await servers[i]!.restart();
    await balancer.setDown(servers[i]!.port, false);
  }
}
