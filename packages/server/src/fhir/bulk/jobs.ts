import { sql } from 'kysely';
import {
  BULK_EXPORT_RETENTION_HOURS, mayBulkExport, mayRead, parseBulkExportParameters,
  type IntegrationPermission, type Language, type SessionUser,
} from '@geria/domain';
import type { Db } from '../../db/connection.ts';
import { recordAudit } from '../../audit/service.ts';
import { FhirError, operationOutcome, translatedError, translatedIssue } from '../outcome.ts';
import { RESOURCE_TYPES } from '../resource-types.ts';
import { visibleGroup } from './groups.ts';
import type { BulkExportJobRow, BulkExportLevel } from './tables.ts';

/**
 * The requests of a FHIR bulk export (HL7 Bulk Data Access IG v2) other than running it
 * (runner.ts): kick-off, status, cancel and file download. A job belongs to its requester: another
 * caller is told it does not exist.
 */
export interface BulkCaller {
  user: SessionUser;
  client?: { permissions: readonly IntegrationPermission[] };
  language: Language;
}

const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function assertMayExport(caller: BulkCaller) {
  if (!mayBulkExport({ roles: caller.user.roles, client: caller.client })) throw translatedError(403, 'forbidden', 'errors.bulkExport.forbidden');
}

export interface KickOff {
  level: BulkExportLevel;
  /** The Group of a Group export (Group/<groupId>). */
  groupId?: string;
  query: URLSearchParams;
  /** The kick-off's URL, as the manifest states it. */
  request: string;
}

/** Queues an export of what the caller may read in their scope; answers the job's id. Audited with it. */
export async function kickOff(db: Db, caller: BulkCaller, asked: KickOff): Promise<string> {
  assertMayExport(caller);
  if (asked.level === 'group' && !(await visibleGroup(db.kysely, { kind: 'user', user: caller.user }, asked.groupId!))) {
    throw new FhirError(404, [{ code: 'not-found', text: `Group/${asked.groupId} not found` }]);
  }
  const groupId = asked.level === 'group' ? asked.groupId! : null;
  const parsed = parseBulkExportParameters(asked.query, RESOURCE_TYPES);
  if (!parsed.ok) throw new FhirError(400, parsed.problems.map((p) => translatedIssue('invalid', p.key, p.params, p.parameter)));
  const readable = RESOURCE_TYPES.filter((type) => mayRead(caller.user.roles, type));
  const refused = parsed.value.types?.find((type) => !(readable as readonly string[]).includes(type));
  if (refused) throw translatedError(403, 'forbidden', 'errors.bulkExport.typeForbidden', { type: refused }, '_type');
  const types = parsed.value.types ?? readable;
  return db.kysely.transaction().execute(async (tx) => {
    const { id } = await tx.insertInto('bulk_export_job').values({
      requester: caller.user.username, organisation_id: caller.user.organisationId, organisation: caller.user.organisation,
      level: asked.level, group_id: groupId, types, since: parsed.value.since ?? null, request: asked.request, language: caller.language,
    }).returning('id').executeTakeFirstOrThrow();
    await recordAudit(tx, {
      actor: caller.user.username, actorOrganisation: caller.user.organisation, action: 'bulkExport.create', entityType: 'BulkExport', entityId: id,
      details: { level: asked.level, ...(groupId !== null && { group: groupId }), types, ...(parsed.value.since && { since: parsed.value.since.toISOString() }) },
    });
    return id;
  });
}

/** The caller's job of this id, not expired; otherwise 404 (another requester's job is not theirs to know of). */
async function ownJob(db: Db, caller: BulkCaller, id: string): Promise<BulkExportJobRow> {
  assertMayExport(caller);
  const job = JOB_ID.test(id)
    ? await db.kysely.selectFrom('bulk_export_job').selectAll().where('id', '=', id).where('requester', '=', caller.user.username)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)])).executeTakeFirst()
    : undefined;
  if (!job) throw translatedError(404, 'not-found', 'errors.bulkExport.notFound', { hours: BULK_EXPORT_RETENTION_HOURS });
  return job;
}

export type ExportStatus =
  | { state: 'running'; done: number; total: number }
  | { state: 'failed'; reason: string }
  | { state: 'completed'; job: BulkExportJobRow; files: { seq: number; type: string; count: number }[] };

export async function exportStatus(db: Db, caller: BulkCaller, id: string): Promise<ExportStatus> {
  const job = await ownJob(db, caller, id);
  if (job.state === 'Failed') return { state: 'failed', reason: job.error?.reason ?? '' };
  if (job.state !== 'Completed') return { state: 'running', done: job.done, total: job.total };
  const files = await db.kysely.selectFrom('bulk_export_file').select(['seq', 'resource_type as type', 'count']).where('job_id', '=', id).orderBy('seq').execute();
  return { state: 'completed', job, files };
}

/** Cancels the caller's job, running or not, deleting it and its files (a running worker stops at its next batch). */
export async function cancelExport(db: Db, caller: BulkCaller, id: string): Promise<void> {
  const job = await ownJob(db, caller, id);
  await db.kysely.transaction().execute(async (tx) => {
    await tx.deleteFrom('bulk_export_job').where('id', '=', job.id).execute();
    await recordAudit(tx, {
      actor: caller.user.username, actorOrganisation: caller.user.organisation, action: 'bulkExport.cancel', entityType: 'BulkExport', entityId: job.id,
      details: { state: job.state },
    });
  });
}

/** One file of the caller's finished job, its download audited. */
export async function exportFile(db: Db, caller: BulkCaller, id: string, seq: string): Promise<string> {
  const job = await ownJob(db, caller, id);
  const file = job.state === 'Completed' && /^\d{1,9}$/.test(seq)
    ? await db.kysely.selectFrom('bulk_export_file').select(['resource_type', 'count', 'content']).where('job_id', '=', job.id).where('seq', '=', Number(seq)).executeTakeFirst()
    : undefined;
  if (!file) throw new FhirError(404, [{ code: 'not-found', text: `File ${seq} of export ${id} not found` }]);
  await recordAudit(db.kysely, {
    actor: caller.user.username, actorOrganisation: caller.user.organisation, action: 'bulkExport.download', entityType: 'BulkExport', entityId: job.id,
    details: { file: Number(seq), type: file.resource_type, count: file.count },
  });
  return file.content;
}

/** The completion manifest (IG "Response - Complete Status"); OperationOutcome files are its `error`. */
export function manifest(status: Extract<ExportStatus, { state: 'completed' }>, fileUrl: (seq: number) => string) {
  const item = (f: { seq: number; type: string; count: number }) => ({ type: f.type, url: fileUrl(f.seq), count: f.count });
  return {
    transactionTime: status.job.transaction_time.toISOString(),
    request: status.job.request,
    requiresAccessToken: true,
    output: status.files.filter((f) => f.type !== 'OperationOutcome').map(item),
    error: status.files.filter((f) => f.type === 'OperationOutcome').map(item),
  };
}

/** The OperationOutcome a job writes to its `error` when it left participants out (GDPR). */
export const exclusionOutcome = (excluded: number, language: Language) =>
  operationOutcome([translatedIssue('suppressed', 'errors.bulkExport.excluded', { count: excluded })], 'information', language);
