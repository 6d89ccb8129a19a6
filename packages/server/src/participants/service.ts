import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { newRequests, RECRUITMENT_STATUS, settleCareManagers, type AuditAction } from '@geria/domain';
import type { ParticipantData } from '@geria/domain/rules/participants-record.ts';
import type { Database } from '../db/types.ts';
import type { Db } from '../db/connection.ts';
import { recordAudit } from '../audit/service.ts';
import { ruleViolation, notFound } from '../http/errors.ts';
import type { Caller } from './access.ts';
import { ownParticipantId } from './access.ts';
import { checkRecord } from './validate.ts';
import { readRecord, type ParticipantRecord } from './record.ts';

const audit = (tx: Transaction<Database>, caller: Caller, action: AuditAction, id: string, before: unknown, after: unknown) =>
  recordAudit(tx, {
    actor: caller.user.username, actorOrganisation: caller.organisation.abbr,
    action, entityType: 'participant', entityId: id, before, after,
  });

function columns(data: ParticipantData, phone: { e164: string; country: string } | null) {
  return {
    first_name: data.firstName,
    last_name: data.lastName,
    sb_email: data.SB_Email,
    caregiver_emails: data.caregiverEmails.map((e) => e.trim()),
    ccmids: JSON.stringify(data.ccmids),
    pilot: data.pilot,
    contact_phone: phone?.e164 ?? null,
    contact_phone_country: phone?.country ?? null,
    drop_off: data.dropOff,
  };
}

/** Hooks run inside the participant's transaction (the FHIR Patient and ResearchSubject). */
export interface ParticipantHooks {
  created?(tx: Transaction<Database>, caller: Caller, record: ParticipantRecord): Promise<void>;
  /** Refuses (throws) when the participant may not be deleted, and removes what belongs to it. */
  deleting?(tx: Transaction<Database>, caller: Caller, id: string): Promise<void>;
  /** After commit: care-centre managers newly asked to accept the participant (the inbox e-mails them). */
  requested?(caller: Caller, id: string, managers: string[]): Promise<void>;
}

export async function createParticipant(db: Db, caller: Caller, data: ParticipantData, hooks: ParticipantHooks = {}) {
  const record = await db.kysely.transaction().execute(async (tx) => {
    if (data.recruitment !== undefined && data.recruitment !== RECRUITMENT_STATUS.pending) throw ruleViolation('participants.errors.recruitmentViaEndpoint');
    const phone = await checkRecord(tx, caller.organisation, data);
    const id = randomUUID();
    await tx.insertInto('participant').values({
      id, ...columns({ ...data, ccmids: settleCareManagers([], data.ccmids, caller.user.username) }, phone), organisation: caller.organisation.abbr, creator: caller.user.username,
    }).execute();
    const record = (await readRecord(tx, id))!;
    await hooks.created?.(tx, caller, record);
    await audit(tx, caller, 'participant.create', id, null, record);
    return record;
  });
  await hooks.requested?.(caller, record.id, newRequests([], record.ccmids));
  return record;
}

export async function updateParticipant(db: Db, caller: Caller, id: string, data: ParticipantData, hooks: ParticipantHooks = {}) {
  const { before, after } = await db.kysely.transaction().execute(async (tx) => {
    await ownParticipantId(tx, caller.organisation, id, true);
    const before = (await readRecord(tx, id))!;
    // The status has its own endpoint, where the recruitment rules apply; the body may repeat it unchanged.
    if (data.recruitment !== undefined && data.recruitment !== before.recruitment) throw ruleViolation('participants.errors.recruitmentViaEndpoint');
    const phone = await checkRecord(tx, caller.organisation, data);
    const ccmids = settleCareManagers(before.ccmids, data.ccmids, caller.user.username);
    await tx.updateTable('participant').set({ ...columns({ ...data, ccmids }, phone), updated_at: new Date() }).where('id', '=', id).execute();
    const after = (await readRecord(tx, id))!;
    await audit(tx, caller, 'participant.update', id, before, after);
    return { before, after };
  });
  await hooks.requested?.(caller, id, newRequests(before.ccmids, after.ccmids));
  return after;
}

export async function getParticipant(db: Db, caller: Caller, id: string) {
  // ownParticipantId's rule in the record's own read (one round trip): not an id, absent, or
  // another organisation's participant are all 404.
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
  const record = await readRecord(db.kysely, id);
  if (!record || record.organisation !== caller.organisation.abbr) throw notFound();
  return record;
}

export async function deleteParticipant(db: Db, caller: Caller, id: string, hooks: ParticipantHooks = {}) {
  await db.kysely.transaction().execute(async (tx) => {
    await ownParticipantId(tx, caller.organisation, id, true);
    const before = (await readRecord(tx, id))!;
    // The record goes first: the FHIR store refuses to delete the Patient of an existing study record.
    await tx.deleteFrom('participant').where('id', '=', id).execute();
    await hooks.deleting?.(tx, caller, id);
    await audit(tx, caller, 'participant.delete', id, before, null);
  });
}

/** Marks the record as changed (a device, id or demographic item was written). */
export async function touchParticipant(tx: Transaction<Database>, id: string) {
  await tx.updateTable('participant').set({ updated_at: new Date() }).where('id', '=', id).execute();
}
