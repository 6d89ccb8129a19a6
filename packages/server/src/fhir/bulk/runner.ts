import { sql } from 'kysely';
import { BULK_EXPORT_RETENTION_HOURS, BULK_FILE_RESOURCES } from '@geria/domain';
import type { Db } from '../../db/connection.ts';
import { STALE_AFTER_MS, HEARTBEAT_MS, claimOldest, drainJobs, startQueue, type JobQueue, type Runner } from '../../jobs/queue.ts';
import { exclusionOutcome } from './jobs.ts';
import { countExcluded, countExported, exportedBatches } from './scope.ts';
import type { BulkExportJobRow } from './tables.ts';

/**
 * Runs bulk exports in the background, with the analytics runner's claim pattern (analytics/runner.ts):
 * the oldest Queued job claimed with FOR UPDATE SKIP LOCKED, a heartbeat while it runs, and a job
 * whose worker is gone taken back. A lost export is queued again from the start (its files deleted):
 * its client is still polling, and the export reads the same rows up to its transaction time.
 */

/** Resources read per query. */
const BATCH = 1_000;
/** A file is closed at BULK_FILE_RESOURCES resources or this many characters, whichever comes first. */
const FILE_CHARS = 8 * 1024 * 1024;

/** Claims the oldest queued job for `worker` (see claimOldest). */
export const claimNext = (db: Db, worker: string) =>
  claimOldest<BulkExportJobRow>(db, { table: 'bulk_export_job', queued: 'Queued', running: 'Running' }, worker);

/** Jobs left Running by a worker that is gone are queued again, their files deleted. */
export async function requeueOrphans(db: Db, staleAfterMs = STALE_AFTER_MS): Promise<number> {
  return db.kysely.transaction().execute(async (tx) => {
    const orphans = await tx.updateTable('bulk_export_job')
      .set({ state: 'Queued', worker: null, started_at: null, heartbeat_at: null, done: 0, total: 0 })
      .where('state', '=', 'Running')
      .where(sql<boolean>`coalesce(heartbeat_at, started_at) <= now() - ${`${staleAfterMs} milliseconds`}::interval`)
      .returning('id').execute();
    if (orphans.length) await tx.deleteFrom('bulk_export_file').where('job_id', 'in', orphans.map((o) => o.id)).execute();
    return orphans.length;
  });
}

/** Finished jobs past their retention are deleted with their files; answers how many. */
export async function deleteExpired(db: Db): Promise<number> {
  const result = await db.kysely.deleteFrom('bulk_export_job').where('expires_at', '<=', sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The job is no longer this worker's: cancelled (deleted) or taken back as an orphan. */
class Gone extends Error {}

async function checkpoint(db: Db, job: BulkExportJobRow, values: { done: number; total?: number }) {
  const row = await db.kysely.updateTable('bulk_export_job').set({ ...values, heartbeat_at: sql`now()` })
    .where('id', '=', job.id).where('state', '=', 'Running').where('worker', '=', job.worker).returning('id').executeTakeFirst();
  if (!row) throw new Gone();
}

/** Writes the job's files type by type, each read in batches, then marks it Completed (or Failed, with why). */
export async function executeJob(db: Db, job: BulkExportJobRow): Promise<void> {
  const heartbeat = setInterval(() => void db.kysely.updateTable('bulk_export_job').set({ heartbeat_at: sql`now()` })
    .where('id', '=', job.id).where('state', '=', 'Running').where('worker', '=', job.worker).execute().catch(() => undefined), HEARTBEAT_MS);
  let seq = 0;
  const write = (type: string, lines: string[]) => db.kysely.insertInto('bulk_export_file')
    .values({ job_id: job.id, seq: ++seq, resource_type: type, count: lines.length, content: `${lines.join('\n')}\n` }).execute();
  try {
    let total = 0;
    for (const type of job.types) total += await countExported(db.kysely, job, type);
    let done = 0;
    await checkpoint(db, job, { done, total });
    for (const type of job.types) {
      let lines: string[] = [];
      let chars = 0;
      for await (const batch of exportedBatches(db.kysely, job, type, BATCH)) {
        for (const line of batch) {
          lines.push(line);
          chars += line.length;
          if (lines.length >= BULK_FILE_RESOURCES || chars >= FILE_CHARS) {
            await write(type, lines);
            lines = [];
            chars = 0;
          }
        }
        done += batch.length;
        await checkpoint(db, job, { done });
      }
      if (lines.length) await write(type, lines);
    }
    const excluded = await countExcluded(db.kysely, job);
    if (excluded > 0) await write('OperationOutcome', [JSON.stringify(exclusionOutcome(excluded, job.language))]);
    await finish(db, job, {
      state: 'Completed', excluded_participants: excluded,
      expires_at: sql<Date>`now() + ${`${BULK_EXPORT_RETENTION_HOURS} hours`}::interval`,
    });
  } catch (error) {
    // Gone: nothing is left to record (a cancelled job's late file insert fails on its deleted row, likewise).
    if (!(error instanceof Gone)) await finish(db, job, { state: 'Failed', error: JSON.stringify({ reason: (error as Error).message }) }).catch(() => undefined);
  } finally {
    clearInterval(heartbeat);
  }
}

const finish = (db: Db, job: BulkExportJobRow, values: Record<string, unknown>) =>
  db.kysely.updateTable('bulk_export_job').set({ ...values, finished_at: sql`now()` })
    .where('id', '=', job.id).where('state', '=', 'Running').where('worker', '=', job.worker).execute();

/** Claims and executes queued jobs (see drainJobs); returns how many ran. */
export const drainQueue = (db: Db, worker: string, more?: () => boolean) => drainJobs(() => claimNext(db, worker), (job) => executeJob(db, job), more);

/**
 * The bulk export queue of this process (and of `npm run worker`), deleting expired exports as it
 * goes; jobs whose worker is gone are queued again from the start.
 */
export const bulkExportQueue = (db: Db): JobQueue => ({
  name: 'bulk export', staleAfterMs: STALE_AFTER_MS,
  recover: (staleAfterMs) => requeueOrphans(db, staleAfterMs),
  drain: (worker, more) => drainQueue(db, worker, more),
  tidy: () => deleteExpired(db),
});

export const startBulkExportRunner = (db: Db, options: { pollMs?: number; log?: (m: string) => void } = {}): Promise<Runner> =>
  startQueue(db, bulkExportQueue(db), options);
