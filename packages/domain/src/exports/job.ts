/**
 * The life of a dataset export job: queued → running → done | failed | cancelled. A queued job is
 * cancelled at once; a running one is asked to stop and its worker ends it at its next batch.
 */
export const EXPORT_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

export const isFinished = (state: ExportState): boolean => state === 'done' || state === 'failed' || state === 'cancelled';
export const canCancel = (state: ExportState): boolean => !isFinished(state);

/**
 * How long a finished export (its zip) is kept: 7 days, time enough to download it and short enough
 * that copies of the study's data do not pile up on the server. Then a cleanup deletes the file and
 * the job row stays (state `expired` in the answer) as the record of who exported what, when.
 */
export const EXPORT_RETENTION_DAYS = 7;

/** When a finished export's file is deleted. */
export const expiresAt = (finishedAt: Date): Date => new Date(finishedAt.getTime() + EXPORT_RETENTION_DAYS * 86_400_000);
