import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './http-client.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SERVER = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE = fileURLToPath(new URL('../main.ts', import.meta.url));

export interface ServerBuild {
  /** The directory with main.js and its migrations. */
  dir: string;
  remove(): Promise<void>;
}

/**
 * Compiles the server as `npm start` runs it (scripts/build.ts) into a directory of its own under
 * packages/server/.cache (where its dependencies resolve from packages/server/node_modules): a
 * compiled process starts in about half the time of the sources through tsx.
 */
export async function buildServer(): Promise<ServerBuild> {
  await mkdir(path.join(SERVER, '.cache'), { recursive: true });
  const dir = await mkdtemp(path.join(SERVER, '.cache', 'build-'));
  const build = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER, 'scripts/build.ts'), dir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  build.stdout!.on('data', (chunk) => { output += chunk; });
  build.stderr!.on('data', (chunk) => { output += chunk; });
  const code = await new Promise<number | null>((resolve) => build.once('exit', resolve));
  const remove = () => rm(dir, { recursive: true, force: true });
  if (code !== 0) { await remove(); throw new Error(`server build failed:\n${output}`); }
  return { dir, remove };
}

export interface ServerProcess {
  base: string;
  port: number;
  child: ChildProcess;
  /** The environment it runs with (DATABASE_URL, PUBLIC_URL, DATA_DIR ...), e.g. for the token CLI. */
  env: NodeJS.ProcessEnv;
  /** What the process wrote (stdout and stderr), for the failure message. */
  output(): string;
  /** Resolves with the exit code (or the signal that ended it) once the process ended. */
  exited: Promise<number | NodeJS.Signals | null>;
  /** SIGTERM, and waits for the exit (at once when it already ended). */
  stop(): Promise<number | NodeJS.Signals | null>;
  /** Stops it (if it still runs) and starts it again on the same port and environment, as a deployment does. */
  restart(): Promise<ServerProcess>;
}

export interface ProcessOptions {
  /** The port to listen on (a load balancer's upstream); a free one otherwise. */
  port?: number;
  /** Runs this build of the server (buildServer) instead of the sources through tsx. */
  compiled?: ServerBuild;
}

/**
 * Starts `npm start`'s server (its sources, or a build of them) as a process of its own on `databaseUrl`, as a deployment runs several
 * behind a load balancer; resolves once it listens (or rejects with its output when it exits
 * first). The tokens tests mint for http://geria.test are good on it (PUBLIC_URL in `env` changes that).
 */
export async function startServerProcess(databaseUrl: string, env: Record<string, string> = {}, options: ProcessOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'geria-process-'));
  const childEnv = {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST'))), DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir,
    PUBLIC_URL: 'http://geria.test', WEB_DIST: '/nonexistent', DEMO: 'false', LOG_LEVEL: 'warn', PG_POOL_MAX: '4', ...env,
  };
  const args = options.compiled ? ['--enable-source-maps', path.join(options.compiled.dir, 'main.js')] : ['--import', 'tsx', SOURCE];
  const child = spawn(process.execPath, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => { output += chunk; });
  child.stderr!.on('data', (chunk) => { output += chunk; });
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('exit', (code, signal) => {
    void rm(dataDir, { recursive: true, force: true });
    resolve(code ?? signal);
  }));
  const ready = new Promise<void>((resolve) => {
    const seen = () => { if (output.includes('Geria is ready')) { child.stdout!.off('data', seen); resolve(); } };
    child.stdout!.on('data', seen);
  });
  const outcome = await Promise.race([ready.then(() => 'ready' as const), exited.then(() => 'exited' as const)]);
  if (outcome === 'exited') throw new Error(`server process exited before it was ready:\n${output}`);
  const stop = () => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM'); return exited; };
  return {
    base: `http://127.0.0.1:${port}`, port, child, env: childEnv, exited, output: () => output, stop,
    restart: async () => { await stop(); return startServerProcess(databaseUrl, env, { ...options, port }); },
  };
}
