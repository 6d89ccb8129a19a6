import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

/** A port free now on the loopback interface. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** What the process wrote (stdout and stderr), for the failure message. */
  output(): string;
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<number | null>;
}

/**
 * Starts `npm start`'s server (src/main.ts, through tsx) as a process of its own on `databaseUrl`,
 * as a deployment runs several behind a load balancer; resolves once it listens (or rejects with
 * its output when it exits first). The tokens tests mint for http://geria.test are good on it.
 */
export async function startServerProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'geria-process-'));
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST'))), DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir,
      PUBLIC_URL: 'http://geria.test', WEB_DIST: '/nonexistent', DEMO: 'false', LOG_LEVEL: 'warn', PG_POOL_MAX: '4', ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => { output += chunk; });
  child.stderr!.on('data', (chunk) => { output += chunk; });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => { void rm(dataDir, { recursive: true, force: true }); resolve(code); }));
  const ready = new Promise<void>((resolve) => {
    const seen = () => { if (output.includes('Geria is ready')) { child.stdout!.off('data', seen); resolve(); } };
    child.stdout!.on('data', seen);
  });
  const outcome = await Promise.race([ready.then(() => 'ready' as const), exited.then(() => 'exited' as const)]);
  if (outcome === 'exited') throw new Error(`server process exited before it was ready:\n${output}`);
  return {
    base: `http://127.0.0.1:${port}`, child, exited, output: () => output,
    stop: () => { child.kill('SIGTERM'); return exited; },
  };
}
