import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { canCancel, datasetParamsSchema, EXPORT_STATES, type DatasetParams } from '@geria/domain/exports/index.ts';
import { translate, type AuditAction, type Language, type SessionUser } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { recordAudit } from '../audit/service.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import type { ExportRow } from './tables.ts';

/** An export as the API answers it. */
export const exportViewSchema = z.object({
  id: z.uuid(),
  state: z.enum(EXPORT_STATES),
  cancelRequested: z.boolean(),
  progress: z.number().describe('0 to 1'),
  parameters: datasetParamsSchema.describe('The parameters as validated, defaults filled in'),
  createdBy: z.string(),
  queuedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string().nullable().describe('When the file is deleted (retention period)'),
  downloadable: z.boolean(),
  participants: z.number().int().nullable(),
  excluded: z.number().int().nullable().describe('Participants left out because they restricted or objected to processing (GDPR)'),
  rows: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  sha256: z.string().nullable().describe('SHA-256 of the zip'),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type ExportView = z.infer<typeof exportViewSchema>;

const organisationOf = (user: SessionUser) => {
  if (!user.organisation) throw forbidden();
  return user.organisation;
};
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const count = (value: string | number | null) => (value === null ? null : Number(value));

function view(row: ExportRow, lang: Language): ExportView {
  const error = row.error as { code: string; values?: Record<string, unknown> } | null;
  return {
    id: row.id, state: row.state, cancelRequested: row.cancel_requested, progress: row.progress,
    parameters: datasetParamsSchema.parse(row.parameters), createdBy: row.created_by,
    queuedAt: iso(row.queued_at)!, startedAt: iso(row.started_at), finishedAt: iso(row.finished_at), expiresAt: iso(row.expires_at),
    downloadable: row.state === 'done' && row.file_deleted_at === null,
    participants: row.participants, excluded: row.excluded, rows: count(row.data_rows), bytes: count(row.bytes), sha256: row.sha256,
    error: error ? { code: error.code, message: translate(lang, error.code, error.values) } : null,
  };
}

const audit = (user: SessionUser, action: AuditAction, id: string, after?: unknown, before?: unknown) =>
  ({ actor: user.username, actorOrganisation: user.organisation, action, entityType: 'DatasetExport', entityId: id, before, after });

/** Queues an export of the user's organisation; the request is audited with its parameters. */
export async function createExport(db: Db, user: SessionUser, params: DatasetParams, lang: Language): Promise<ExportView> {
  const organisation = organisationOf(user);
  const row = await db.kysely.transaction().execute(async (tx) => {
    const created = await tx.insertInto('dataset_export').values({
      organisation, created_by: user.username, parameters: JSON.stringify(params), pseudonym_key: randomBytes(32).toString('hex'),
    }).returningAll().executeTakeFirstOrThrow();
    await recordAudit(tx, audit(user, 'datasetExport.create', created.id, { parameters: params }));
    return created;
  });
  return view(row, lang);
}

/** The organisation's exports, newest first (the last 100). */
export async function listExports(db: Db, user: SessionUser, lang: Language): Promise<ExportView[]> {
  const rows = await db.kysely.selectFrom('dataset_export').selectAll().where('organisation', '=', organisationOf(user))
    .orderBy('queued_at', 'desc').limit(100).execute();
  return rows.map((row) => view(row, lang));
}

async function exportRow(db: Db, user: SessionUser, id: string): Promise<ExportRow> {
  const row = await db.kysely.selectFrom('dataset_export').selectAll().where('id', '=', id).where('organisation', '=', organisationOf(user)).executeTakeFirst();
  if (!row) throw notFound('exports.errors.notFound');
  return row;
}

export const getExport = async (db: Db, user: SessionUser, id: string, lang: Language): Promise<ExportView> => view(await exportRow(db, user, id), lang);

/** A queued export is cancelled at once; a running one is asked to stop, and its worker ends it at its next batch. */
export async function cancelExport(db: Db, user: SessionUser, id: string, lang: Language): Promise<ExportView> {
  const before = await exportRow(db, user, id);
  await db.kysely.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('dataset_export').select(['state']).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    if (!canCancel(row.state)) throw conflict('exports.errors.notCancellable');
    if (row.state === 'queued') await tx.updateTable('dataset_export').set({ state: 'cancelled', finished_at: sql`now()` }).where('id', '=', id).execute();
    else await tx.updateTable('dataset_export').set({ cancel_requested: true }).where('id', '=', id).execute();
    await recordAudit(tx, audit(user, 'datasetExport.cancel', id, { state: row.state === 'queued' ? 'cancelled' : 'running', cancelRequested: true }, { state: before.state }));
  });
  return getExport(db, user, id, lang);
}

/**
 * The zip of a finished export, read chunk by chunk. Each download is audited (who took the study's
 * data out, when).
 */
export async function openDownload(db: Db, user: SessionUser, id: string) {
  const row = await exportRow(db, user, id);
  if (row.state !== 'done' || row.file_deleted_at !== null) throw conflict('exports.errors.notReady');
  await recordAudit(db.kysely, audit(user, 'datasetExport.download', id, { bytes: count(row.bytes), sha256: row.sha256 }));
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const chunk = await db.kysely.selectFrom('dataset_export_chunk').select('data').where('export_id', '=', id).where('seq', '=', seq).executeTakeFirst();
      if (!chunk) return;
      yield Buffer.from(chunk.data);
    }
  }
  const day = new Date(row.finished_at!).toISOString().slice(0, 10);
  return { fileName: `geria-dataset-${day}-${id.slice(0, 8)}.zip`, bytes: count(row.bytes)!, chunks: chunks() };
}
