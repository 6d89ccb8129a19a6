import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/** How often a worker touches the job it runs; a job untouched for STALE_AFTER_MS lost its worker. */
export const HEARTBEAT_MS = 5_000;
export const STALE_AFTER_MS = 30_000;

/** A job queue a process polls: analytics runs, dataset exports, FHIR bulk exports. */
export interface JobQueue {
  name: string;
  /** Ends the jobs left running by a worker that is gone (no heartbeat for `staleAfterMs`); returns how many. */
  recover(staleAfterMs: number): Promise<number>;
  /** Claims (FOR UPDATE SKIP LOCKED) and runs queued jobs until none is left or `more` says stop. */
  drain(worker: string, more: () => boolean): Promise<unknown>;
  /** Housekeeping after each drain (e.g. deleting expired files). */
  tidy?(): Promise<unknown>;
  staleAfterMs: number;
}

export interface Runner { stop(): Promise<void> }

/**
 * Claims and executes queued jobs until none is left, or until `more` says to stop (a process shutting
 * down finishes the job at hand and leaves the queued ones to the other workers); returns how many ran.
 */
export async function drainJobs<J>(claim: () => Promise<J | null | undefined>, execute: (job: J) => Promise<unknown>, more: () => boolean = () => true): Promise<number> {
  let n = 0;
  for (let job = await claim(); job; job = more() ? await claim() : null) {
    await execute(job);
    n++;
  }
  return n;
}

/**
 * Claims the oldest queued job of `table` for `worker` (running, started, beating, at `progress` when
 * the table has one). FOR UPDATE SKIP LOCKED lets several worker processes poll one table without
 * taking the same job (PostgreSQL); on PGlite there is one runner.
 */
export async function claimOldest<J>(db: Db, job: { table: string; queued: string; running: string; progress?: number }, worker: string): Promise<J | null> {
  const progress = job.progress === undefined ? sql`` : sql`, progress = ${job.progress}`;
  const { rows } = await sql<J>`
    update ${sql.table(job.table)} set state = ${job.running}, worker = ${worker}, started_at = now(), heartbeat_at = now()${progress}
    where id = (select id from ${sql.table(job.table)} where state = ${job.queued} order by queued_at limit 1 for update skip locked)
    returning *`.execute(db.kysely);
  return rows[0] ?? null;
}

/** This process's name in the `worker` column of the jobs it claims. */
export const workerName = () => `${hostname()}:${process.pid}`;

/**
 * Polls a queue in this process. On start it recovers jobs whose worker is gone: on PGlite the only
 * worker is this process, so every running job was cut by the restart; on PostgreSQL only jobs
 * without a recent heartbeat (other workers may be alive), checked again after every drain.
 */
export async function startQueue(db: Db, queue: JobQueue, options: { pollMs?: number; log?: (m: string) => void } = {}): Promise<Runner> {
  const worker = workerName();
  const recovered = await queue.recover(db.kind === 'pglite' ? 0 : queue.staleAfterMs);
  if (recovered) options.log?.(`${queue.name}: ${recovered} job(s) interrupted by the restart`);
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  const tick = async () => {
    if (stopped) return;
    current = queue.drain(worker, () => !stopped)
      .then(() => (db.kind === 'pg' ? queue.recover(queue.staleAfterMs) : 0))
      .then(() => queue.tidy?.())
      .catch((e: Error) => options.log?.(`${queue.name} runner: ${e.message}`));
    await current;
    if (!stopped) timer = setTimeout(() => void tick(), options.pollMs ?? 1000);
  };
  let timer = setTimeout(() => void tick(), 0);
  return {
    stop: async () => { stopped = true; clearTimeout(timer); await current; },
  };
}
