import { sql } from 'kysely';
import { AnalysisError, runAnalysis, type Analytic } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import type { RunRow } from './tables.ts';
import { readSnapshot } from './snapshot.ts';
import { STALE_AFTER_MS, HEARTBEAT_MS, claimOldest, drainJobs, startQueue, type JobQueue, type Runner } from '../jobs/queue.ts';


/** Claims the oldest queued run for `worker` (see claimOldest). */
export const claimNext = (db: Db, worker: string) =>
  claimOldest<RunRow>(db, { table: 'analytic_run', queued: 'Queued', running: 'Running', progress: 0.05 }, worker);

/** Runs left Running by a worker that is gone (server restart, crash) become Interrupted. */
export async function interruptOrphans(db: Db, staleAfterMs = STALE_AFTER_MS): Promise<number> {
  const result = await db.kysely.updateTable('analytic_run')
    .set({ state: 'Interrupted', finished_at: sql`now()`, requested: null, error: JSON.stringify({ code: 'analytics.errors.workerLost' }) })
    .where('state', '=', 'Running')
    .where(sql<boolean>`coalesce(heartbeat_at, started_at) <= now() - ${`${staleAfterMs} milliseconds`}::interval`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

class Cancelled extends Error { constructor(readonly action: 'stop' | 'interrupt') { super(action); } }

/** Ends the run if a user asked to stop or interrupt it; otherwise records progress. */
async function checkpoint(db: Db, run: RunRow, progress: number) {
  const row = await db.kysely.updateTable('analytic_run').set({ progress, heartbeat_at: sql`now()` })
    .where('id', '=', run.id).where('state', '=', 'Running').where('worker', '=', run.worker).returning('requested').executeTakeFirst();
  // Gone, reset or taken over: this worker no longer owns the job.
  if (!row) throw new Cancelled('interrupt');
  if (row.requested) throw new Cancelled(row.requested);
}

const finish = (db: Db, run: RunRow, values: Record<string, unknown>) =>
  db.kysely.updateTable('analytic_run').set({ ...values, requested: null, finished_at: sql`now()` })
    .where('id', '=', run.id).where('state', '=', 'Running').where('worker', '=', run.worker).execute();

/** Executes a claimed run: snapshot the input, compute, store the result with it. */
export async function executeRun(db: Db, run: RunRow): Promise<void> {
  const heartbeat = setInterval(() => void db.kysely.updateTable('analytic_run').set({ heartbeat_at: sql`now()` })
    .where('id', '=', run.id).where('state', '=', 'Running').execute().catch(() => undefined), HEARTBEAT_MS);
  try {
    const analytic = run.parameters as Analytic;
    const { organisation } = await db.kysely.selectFrom('analytic').select('organisation').where('id', '=', run.analytic_id).executeTakeFirstOrThrow();
    const rows = await readSnapshot(db, organisation, analytic);
    await db.kysely.updateTable('analytic_run').set({ snapshot: JSON.stringify(rows) }).where('id', '=', run.id).execute();
    await checkpoint(db, run, 0.4);
    const result = runAnalysis(rows, analytic.analysis);
    await checkpoint(db, run, 0.9);
    await finish(db, run, { state: 'Completed', progress: 1, result: JSON.stringify(result), error: null });
  } catch (error) {
    if (error instanceof Cancelled) {
      await finish(db, run, { state: error.action === 'stop' ? 'Stopped' : 'Interrupted' });
    } else {
      const failure = error instanceof AnalysisError ? { code: error.key, values: error.values } : { code: 'analytics.errors.failed', values: { reason: (error as Error).message } };
      await finish(db, run, { state: 'Failed', error: JSON.stringify(failure) });
    }
  } finally {
    clearInterval(heartbeat);
  }
}

/** Claims and executes queued runs (see drainJobs); returns how many ran. */
export const drainQueue = (db: Db, worker: string, more?: () => boolean) => drainJobs(() => claimNext(db, worker), (run) => executeRun(db, run), more);

/** Analytics runs as a queue of this process (or of `npm run worker` processes on PostgreSQL). */
export const analyticsQueue = (db: Db): JobQueue => ({
  name: 'analytics', staleAfterMs: STALE_AFTER_MS,
  recover: (staleAfterMs) => interruptOrphans(db, staleAfterMs),
  drain: (worker, more) => drainQueue(db, worker, more),
});

export const startRunner = (db: Db, options: { pollMs?: number; log?: (m: string) => void } = {}): Promise<Runner> =>
  startQueue(db, analyticsQueue(db), options);
