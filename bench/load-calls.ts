import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** One API call of the main screens, as the load benches fire it. */
export interface Call { name: string; method: 'GET' | 'POST'; path: () => string; body?: () => string }

/**
 * The calls of the screens staff use most, on random participants of the demo site: the reads
 * (patient list, record, assessments, working state, a FHIR search) and the questionnaire save.
 */
export async function demoCalls(base: string, token: string): Promise<{ participants: number; reads: Call[]; save: Call }> {
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
