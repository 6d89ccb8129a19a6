import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Waits until the server the bench started answers its health check (a fresh demo study takes a while). */
export async function untilHealthy(base: string) {
  for (let i = 0; i < 900; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch { /* not yet listening */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

/** A demo user's bearer token for an hour, minted through the server's admin socket in env.DATA_DIR. */
export const demoToken = (env: NodeJS.ProcessEnv, username: string) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'packages/server/src/auth/token-cli.ts', username, '--ttl', '3600'], { env }).toString().trim();

/** CPU time (user and system) a process has used, in clock ticks (10 ms); 0 where /proc cannot tell. */
export function cpuTicks(pid: number) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch { return 0; }
}
