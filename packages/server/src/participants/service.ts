import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { newRequests, RECRUITMENT_STATUS, settleCareManagers, withCreatorAsManager, type AuditAction } from '@geria/domain';
import type { ParticipantCreateData, ParticipantData } from '@geria/domain/rules/participants-record.ts';
import type { Database } from '../db/types.ts';
import type { Db } from '../db/connection.ts';
import type { Executor } from '../fhir/repository.ts';
import { devicesOf, insertDevice, refreshLastUse } from '../devices/service.ts';
import { identitiesOf, insertIdentity } from '../identities/service.ts';
import { withUniqueConflicts } from './unique-violations.ts';
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

/**
 * Creates the participant with the devices, external ids and consent dates of the body in one
 * transaction: a taken serial or external id (the same rules and constraints as their own
 * endpoints) leaves nothing behind.
 */
export async function createParticipant(db: Db, caller: Caller, data: ParticipantCreateData, hooks: ParticipantHooks = {}) {
  const record = await withUniqueConflicts('create', () => db.kysely.transaction().execute(async (tx) => {
    if (data.recruitment !== undefined && data.recruitment !== RECRUITMENT_STATUS.pending) throw ruleViolation('participants.errors.recruitmentViaEndpoint');
    const ccmids = settleCareManagers([], withCreatorAsManager(data.ccmids, caller.user), caller.user.username);
    const phone = await checkRecord(tx, caller.organisation, { ...data, ccmids });
    const id = randomUUID();
    await tx.insertInto('participant').values({
      id, ...columns({ ...data, ccmids }, phone), organisation: caller.organisation.abbr, creator: caller.user.username,
      consent_date: data.participantConcentData.consentDate, consent_withdrawal_date: data.participantConcentData.withdrawalDate,
    }).execute();
    for (const device of data.devices) await insertDevice(tx, id, device);
    if (data.devices.length) await refreshLastUse(tx, id);
    for (const identity of data.identities) await insertIdentity(tx, id, identity);
    const record = (await readFullRecord(tx, id))!;
    await hooks.created?.(tx, caller, record);
    await audit(tx, caller, 'participant.create', id, null, record);
    return record;
  }));
  await hooks.requested?.(caller, record.id, newRequests([], record.ccmids));
  return record;
}

/** The record as GET /participant/{id} answers it: with its devices and external ids (SPEC §3). */
async function readFullRecord(db: Executor, id: string) {
  const [record, devices, identities] = await Promise.all([readRecord(db, id), devicesOf(db, id), identitiesOf(db, id)]);
  return record && { ...record, devices, identities };
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
  const record = await readFullRecord(db.kysely, id);
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
