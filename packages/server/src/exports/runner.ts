import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { STALE_AFTER_MS, HEARTBEAT_MS, claimOldest, drainJobs, startQueue, type JobQueue, type Runner } from '../jobs/queue.ts';
import type { ExportRow } from './tables.ts';
import { buildExport, Cancelled } from './build.ts';


/** Claims the oldest queued export for `worker` (see claimOldest). */
export const claimNextExport = (db: Db, worker: string) =>
  claimOldest<ExportRow>(db, { table: 'dataset_export', queued: 'queued', running: 'running', progress: 0.01 }, worker);

/** Exports left running by a worker that is gone (restart, crash) fail with `workerLost`; their partial file is deleted. */
export async function failOrphanExports(db: Db, staleAfterMs = STALE_AFTER_MS): Promise<number> {
  const orphans = await db.kysely.updateTable('dataset_export')
    .set({ state: 'failed', finished_at: sql`now()`, error: JSON.stringify({ code: 'exports.errors.workerLost' }) })
    .where('state', '=', 'running')
    .where(sql<boolean>`coalesce(heartbeat_at, started_at) <= now() - ${`${staleAfterMs} milliseconds`}::interval`)
    .returning('id').execute();
  if (orphans.length) await db.kysely.deleteFrom('dataset_export_chunk').where('export_id', 'in', orphans.map((o) => o.id)).execute();
  return orphans.length;
}

/** The retention cleanup: deletes the files of exports whose retention period is over (the rows stay, for the record). */
export async function deleteExpiredFiles(db: Db, now = new Date()): Promise<number> {
  const expired = await db.kysely.updateTable('dataset_export').set({ file_deleted_at: now })
    .where('file_deleted_at', 'is', null).where('expires_at', '<=', now).returning('id').execute();
  if (expired.length) await db.kysely.deleteFrom('dataset_export_chunk').where('export_id', 'in', expired.map((e) => e.id)).execute();
  return expired.length;
}

/**
 * Records progress and the heartbeat; throws Cancelled when a user asked to cancel, or when this
 * worker no longer owns the job (failed as orphaned, or taken over).
 */
export async function checkpoint(db: Db, job: ExportRow, progress: number): Promise<void> {
  const row = await db.kysely.updateTable('dataset_export').set({ progress, heartbeat_at: sql`now()` })
    .where('id', '=', job.id).where('state', '=', 'running').where('worker', '=', job.worker)
    .returning('cancel_requested').executeTakeFirst();
  if (!row || row.cancel_requested) throw new Cancelled();
}

const finish = (db: Db, job: ExportRow, values: Record<string, unknown>) =>
  db.kysely.updateTable('dataset_export').set({ ...values, finished_at: sql`now()` })
    .where('id', '=', job.id).where('state', '=', 'running').where('worker', '=', job.worker).executeTakeFirst();

/** Runs a claimed export to its end: done with its file, cancelled or failed without one. */
export async function executeExport(db: Db, job: ExportRow): Promise<void> {
  const heartbeat = setInterval(() => void db.kysely.updateTable('dataset_export').set({ heartbeat_at: sql`now()` })
    .where('id', '=', job.id).where('state', '=', 'running').execute().catch(() => undefined), HEARTBEAT_MS);
  try {
    const result = await buildExport(db, job, (progress) => checkpoint(db, job, progress));
    const done = await finish(db, job, {
      state: 'done', progress: 1, participants: result.participants, excluded: result.excluded, data_rows: result.rows,
      bytes: result.bytes, sha256: result.sha256, expires_at: sql`now() + interval '1 day' * ${result.retentionDays}`,
    });
    if (!Number(done.numUpdatedRows)) await db.kysely.deleteFrom('dataset_export_chunk').where('export_id', '=', job.id).execute();
  } catch (error) {
    await db.kysely.deleteFrom('dataset_export_chunk').where('export_id', '=', job.id).execute();
    if (error instanceof Cancelled) await finish(db, job, { state: 'cancelled' });
    else await finish(db, job, { state: 'failed', error: JSON.stringify({ code: 'exports.errors.failed', values: { reason: (error as Error).message } }) });
  } finally {
    clearInterval(heartbeat);
  }
}

export const drainExports = (db: Db, worker: string, more?: () => boolean) => drainJobs(() => claimNextExport(db, worker), (job) => executeExport(db, job), more);

export const exportQueue = (db: Db): JobQueue => ({
  name: 'dataset exports', staleAfterMs: STALE_AFTER_MS,
  recover: (staleAfterMs) => failOrphanExports(db, staleAfterMs),
  drain: (worker, more) => drainExports(db, worker, more),
  tidy: () => deleteExpiredFiles(db),
});

export const startExportRunner = (db: Db, options: { pollMs?: number; log?: (m: string) => void } = {}): Promise<Runner> =>
  startQueue(db, exportQueue(db), options);
