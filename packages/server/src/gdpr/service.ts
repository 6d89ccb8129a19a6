import type { Transaction } from 'kysely';
import {
  canTransition, confirmsErasure, contentMatchesType, erasureConfirmationTerms, fileTypeAllowed, GDPR_FILE_MAX_BYTES, GDPR_RIGHTS, isEditable, isIrreversible,
  PATIENT_ROLES, safeFileName, STATUS_AFTER_EXECUTION, type AuditAction, type GdprRightNumber, type GdprStatus, type Role,
} from '@geria/domain';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import type { gdprRequestEditSchema, gdprRequestInputSchema } from '@geria/domain/rules/gdpr.ts';
import type { Database } from '../db/types.ts';
import type { Db } from '../db/connection.ts';
import { recordAudit } from '../audit/service.ts';
import { badRequest, conflict, notFound, ruleViolation } from '../http/errors.ts';
import { ownParticipantId, type Caller } from '../participants/access.ts';
import { executeRight } from './rights.ts';
import type { GdprRequestRow } from './tables.ts';

type NewRequest = z.output<typeof gdprRequestInputSchema>;
type RequestEdit = z.output<typeof gdprRequestEditSchema>;

const isoAt = (d: Date | string) => new Date(d).toISOString();
const iso = (d: Date | string | null) => (d === null ? null : isoAt(d));
const toApi = (r: GdprRequestRow) => ({
  id: String(r.id), participantId: r.participant_id, right: r.right_number, rightName: GDPR_RIGHTS[r.right_number as GdprRightNumber],
  about: r.about, description: r.description, status: r.status as GdprStatus, creator: r.creator,
  createdAt: isoAt(r.created_at), lastUpdated: isoAt(r.updated_at), executedAt: iso(r.executed_at), executedBy: r.executed_by, outcome: r.outcome,
});
export type GdprRequestView = ReturnType<typeof toApi>;

export interface RequestFilter { status?: GdprStatus; right?: number; participantId?: string; limit: number; offset: number }

/** The organisation's requests, most recently updated first, with the number of files of each. */
export async function listRequests(db: Db, caller: Caller, f: RequestFilter) {
  let query = db.kysely.selectFrom('gdpr_request').where('organisation', '=', caller.organisation.abbr);
  if (f.status) query = query.where('status', '=', f.status);
  if (f.right) query = query.where('right_number', '=', f.right);
  if (f.participantId) query = query.where('participant_id', '=', f.participantId);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(f.limit).offset(f.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toApi), total: Number(total.n) };
}

/**
 * Who the request is about as the caller may know them: the full name for the roles that read
 * participants, and the study code; an erasure is confirmed with one of them.
 */
async function subject(db: Db['kysely'] | Transaction<Database>, caller: Caller, participantId: string) {
  const row = await db.selectFrom('participant')
    .select(['id', 'first_name', 'last_name', 'project_identifier'])
    .where('id', '=', participantId).where('organisation', '=', caller.organisation.abbr).executeTakeFirst();
  if (!row) return undefined;
  const readsNames = caller.user.roles.some((r) => (PATIENT_ROLES as readonly Role[]).includes(r));
  return { ...row, name: readsNames ? `${row.first_name} ${row.last_name}` : null, studyCode: row.project_identifier };
}

async function ownRequest(db: Db['kysely'] | Transaction<Database>, caller: Caller, id: string, forUpdate = false) {
  if (!/^\d{1,18}$/.test(id)) throw notFound();
  let query = db.selectFrom('gdpr_request').selectAll().where('id', '=', id).where('organisation', '=', caller.organisation.abbr);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** One request with its files (without content) and its log, oldest step first. */
export async function getRequest(db: Db, caller: Caller, id: string) {
  const row = await ownRequest(db.kysely, caller, id);
  const [files, log, participant] = await Promise.all([
    db.kysely.selectFrom('gdpr_request_file').select(['id', 'file_name', 'mime_type', 'size_bytes', 'origin', 'upload_status', 'uploaded_by', 'created_at'])
      .where('request_id', '=', id).orderBy('id').execute(),
    db.kysely.selectFrom('gdpr_request_log').selectAll().where('request_id', '=', id).orderBy('id').execute(),
    subject(db.kysely, caller, row.participant_id),
  ]);
  return {
    ...toApi(row),
    participantExists: !!participant,
    participantName: participant?.name ?? null,
    studyCode: participant?.studyCode ?? null,
    files: files.map((f) => ({
      id: String(f.id), fileName: f.file_name, mimeType: f.mime_type, size: f.size_bytes, origin: f.origin, uploadStatus: f.upload_status,
      uploadedBy: f.uploaded_by, createdAt: isoAt(f.created_at),
    })),
    log: log.map((l) => ({ id: String(l.id), at: isoAt(l.at), actor: l.actor, step: l.step, details: l.details })),
  };
}

type StepOf<A> = A extends `gdpr.${infer S}` ? S : never;
type GdprStep = StepOf<AuditAction>;

/** A step of the request: its log line, its audit record (details name the request only) and its last update. */
async function step(tx: Transaction<Database>, caller: Caller, id: string, name: GdprStep, details: Record<string, unknown> | null, audit?: { before: unknown; after: unknown }) {
  await tx.insertInto('gdpr_request_log').values({ request_id: id, actor: caller.user.username, step: name, details: details && JSON.stringify(details) }).execute();
  await tx.updateTable('gdpr_request').set({ updated_at: new Date() }).where('id', '=', id).execute();
  await recordAudit(tx, {
    actor: caller.user.username, actorOrganisation: caller.organisation.abbr, action: `gdpr.${name}`, entityType: 'gdpr_request', entityId: id,
    before: audit?.before, after: audit?.after, details: { requestId: id, ...details },
  });
}

export function createRequest(db: Db, caller: Caller, input: NewRequest) {
  return db.kysely.transaction().execute(async (tx) => {
    await ownParticipantId(tx, caller.organisation, input.participantId);
    const row = await tx.insertInto('gdpr_request').values({
      participant_id: input.participantId, organisation: caller.organisation.abbr, right_number: input.right,
      about: input.about, description: input.description, creator: caller.user.username,
    }).returningAll().executeTakeFirstOrThrow();
    await step(tx, caller, String(row.id), 'created', { right: input.right }, { before: null, after: toApi(row) });
    return toApi(row);
  });
}

export function editRequest(db: Db, caller: Caller, id: string, input: RequestEdit) {
  return db.kysely.transaction().execute(async (tx) => {
    const before = await ownRequest(tx, caller, id, true);
    if (!isEditable(before.status as GdprStatus)) throw ruleViolation('gdpr.errors.closed');
    if (before.executed_at && input.right !== before.right_number) throw ruleViolation('gdpr.errors.rightAlreadyExecuted');
    const after = await tx.updateTable('gdpr_request').set({ right_number: input.right, about: input.about, description: input.description })
      .where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    await step(tx, caller, id, 'edited', null, { before: toApi(before), after: toApi(after) });
    return toApi({ ...after, updated_at: new Date() });
  });
}

/** Queue, close, or take back from the queue, as the lifecycle allows (409 otherwise). */
export function moveRequest(db: Db, caller: Caller, id: string, to: GdprStatus) {
  return db.kysely.transaction().execute(async (tx) => {
    const before = await ownRequest(tx, caller, id, true);
    if (!canTransition(before.status as GdprStatus, to)) throw conflict('gdpr.errors.transition', { from: before.status, to });
    const after = await tx.updateTable('gdpr_request').set({ status: to }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    await step(tx, caller, id, to === 'queued' ? 'queued' : to === 'closed' ? 'closed' : 'reopened', { from: before.status, to }, { before: toApi(before), after: toApi(after) });
    return toApi(after);
  });
}

async function attach(tx: Transaction<Database>, caller: Caller, id: string, file: { name: string; mimeType: string; content: Uint8Array; origin: 'uploaded' | 'generated' }) {
  const row = await tx.insertInto('gdpr_request_file').values({
    request_id: id, file_name: file.name, mime_type: file.mimeType, size_bytes: file.content.byteLength, origin: file.origin,
    content: file.content, uploaded_by: caller.user.username,
  }).returning('id').executeTakeFirstOrThrow();
  await step(tx, caller, id, 'fileAttached', { fileId: row.id, fileName: file.name, size: file.content.byteLength, origin: file.origin });
  return String(row.id);
}

/**
 * Attaches an uploaded file: a safe stored name (never the client's path), a type allow-list on the
 * extension and the declared type (stored in canonical form), and the size limit (the API's 400
 * names the problem); content that is not what its type says (by its magic number) is a 422.
 */
export async function uploadFile(db: Db, caller: Caller, id: string, upload: { fileName: string; mimeType: string; content: string }) {
  const name = safeFileName(upload.fileName);
  const type = name && fileTypeAllowed(name, upload.mimeType);
  if (!name || !type) throw badRequest('gdpr.errors.fileType');
  const content = Buffer.from(upload.content, 'base64');
  if (content.byteLength === 0 || content.toString('base64').replace(/=+$/, '') !== upload.content.replace(/=+$/, '')) throw badRequest('gdpr.errors.fileContent');
  if (content.byteLength > GDPR_FILE_MAX_BYTES) throw badRequest('gdpr.errors.fileTooLarge');
  if (!contentMatchesType(type, content, (await fileTypeFromBuffer(content))?.mime)) throw ruleViolation('gdpr.errors.fileMismatch');
  return db.kysely.transaction().execute(async (tx) => {
    const request = await ownRequest(tx, caller, id, true);
    if (!isEditable(request.status as GdprStatus)) throw ruleViolation('gdpr.errors.closed');
    return { id: await attach(tx, caller, id, { name, mimeType: type.canonical, content: new Uint8Array(content), origin: 'uploaded' }) };
  });
}

/** A file of a request of the caller's organisation; the download is itself an audited step. */
export function readFile(db: Db, caller: Caller, id: string, fileId: string) {
  return db.kysely.transaction().execute(async (tx) => {
    await ownRequest(tx, caller, id);
    if (!/^\d{1,18}$/.test(fileId)) throw notFound();
    const file = await tx.selectFrom('gdpr_request_file').selectAll().where('id', '=', fileId).where('request_id', '=', id).executeTakeFirst();
    if (!file) throw notFound();
    await recordAudit(tx, {
      actor: caller.user.username, actorOrganisation: caller.organisation.abbr, action: 'gdpr.fileDownloaded', entityType: 'gdpr_request', entityId: id,
      details: { requestId: id, fileId },
    });
    return file;
  });
}

/**
 * Carries out the right of the request, once, all in one transaction: the effect on the
 * participant, the export attached when there is one, the outcome on the request, the log and audit;
 * the request is then closed. An irreversible right needs the participant's name or study code
 * typed as `confirmation` (422 otherwise, nothing done).
 */
export function executeRequest(db: Db, caller: Caller, id: string, confirmation = '') {
  return db.kysely.transaction().execute(async (tx) => {
    const request = await ownRequest(tx, caller, id, true);
    if (request.executed_at) throw conflict('gdpr.errors.alreadyExecuted');
    if (!isEditable(request.status as GdprStatus)) throw ruleViolation('gdpr.errors.closed');
    if (isIrreversible(GDPR_RIGHTS[request.right_number as GdprRightNumber])) {
      const participant = await subject(tx, caller, request.participant_id);
      if (participant && !confirmsErasure(confirmation, erasureConfirmationTerms(participant))) throw ruleViolation('gdpr.errors.confirmationMismatch');
    }
    const now = new Date();
    const { outcome, file } = await executeRight(tx, request, now);
    if (file) await attach(tx, caller, id, { name: file.name, mimeType: 'application/zip', content: file.content, origin: 'generated' });
    await tx.updateTable('gdpr_request').set({ executed_at: now, executed_by: caller.user.username, outcome: JSON.stringify(outcome), status: STATUS_AFTER_EXECUTION })
      .where('id', '=', id).execute();
    await step(tx, caller, id, 'executed', { right: request.right_number, outcome });
    await step(tx, caller, id, 'closed', { from: request.status, to: STATUS_AFTER_EXECUTION });
    return getRequestIn(tx, caller, id);
  });
}

const getRequestIn = async (tx: Transaction<Database>, caller: Caller, id: string) => toApi(await ownRequest(tx, caller, id));
