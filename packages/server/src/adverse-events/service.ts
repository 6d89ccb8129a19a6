import type { Transaction } from 'kysely';
import type { Resource } from '@medplum/fhirtypes';
import {
  fromFhirAdverseEvent, toFhirAdverseEvent, type AdverseEvent, type FhirAdverseEvent,
} from '@geria/domain/rules/adverse-event.ts';
import type { Database } from '../db/types.ts';
import type { Db } from '../db/connection.ts';
import { notFound, ruleViolation } from '../http/errors.ts';
import { ownParticipantId, type Caller } from '../participants/access.ts';
import { entries, fhirIn, viaFhir } from '../participants/fhir-link.ts';
import { touchParticipant } from '../participants/service.ts';
import { ensureFhirDevices } from '../devices/fhir-device.ts';

const toApi = (resource: Resource) => {
  const { causalityStored: _stored, ...event } = fromFhirAdverseEvent(resource as FhirAdverseEvent);
  return { id: resource.id!, lastUpdated: resource.meta?.lastUpdated ?? null, ...event };
};
export type AdverseEventView = ReturnType<typeof toApi>;

/** The participant's adverse events, newest recorded first. */
export async function listAdverseEvents(db: Db, caller: Caller, participantId: string) {
  await ownParticipantId(db.kysely, caller.organisation, participantId);
  return db.kysely.transaction().execute((tx) => viaFhir(async () => {
    const page = await fhirIn(tx, caller).search('AdverseEvent', { subject: `Patient/${participantId}`, _count: '500' });
    return entries(page).map(toApi).sort((a, b) => b.recordedDate.localeCompare(a.recordedDate));
  }));
}

/**
 * Suspected entities must be the participant's own devices (relational rows, whose FHIR Device
 * is created if it does not exist yet, so the reference resolves on /fhir) or medications
 * (MedicationStatements about them): a reference to anything else is refused with 422.
 */
async function refuseForeignSuspects(tx: Transaction<Database>, caller: Caller, participantId: string, event: AdverseEvent) {
  const fhir = fhirIn(tx, caller);
  const devices = event.suspectEntities.filter((s) => s.kind === 'Device').map((s) => s.id);
  if (devices.length) {
    const valid = devices.every((id) => /^[0-9a-f-]{36}$/i.test(id));
    const own = valid ? await tx.selectFrom('device').select(['id', 'participant_id', 'type', 'serial']).where('participant_id', '=', participantId).where('id', 'in', devices).execute() : [];
    if (own.length !== new Set(devices).size) throw ruleViolation('adverseEvents.errors.unknownSuspect');
    await viaFhir(() => ensureFhirDevices(fhir, own));
  }
  for (const s of event.suspectEntities.filter((x) => x.kind === 'Medication')) {
    const statement = await fhir.read('MedicationStatement', s.id).catch(() => undefined) as { subject?: { reference?: string } } | undefined;
    if (statement?.subject?.reference !== `Patient/${participantId}`) throw ruleViolation('adverseEvents.errors.unknownSuspect');
  }
}

function writing<T>(db: Db, caller: Caller, participantId: string, event: AdverseEvent, work: (fhir: ReturnType<typeof fhirIn>) => Promise<T>) {
  return db.kysely.transaction().execute(async (tx) => {
    await ownParticipantId(tx, caller.organisation, participantId, true);
    await refuseForeignSuspects(tx, caller, participantId, event);
    const result = await viaFhir(() => work(fhirIn(tx, caller)));
    await touchParticipant(tx, participantId);
    return result;
  });
}

export const createAdverseEvent = (db: Db, caller: Caller, participantId: string, event: AdverseEvent) =>
  writing(db, caller, participantId, event, async (fhir) => toApi((await fhir.create(toFhirAdverseEvent(participantId, event))).resource!));

export const updateAdverseEvent = (db: Db, caller: Caller, participantId: string, eventId: string, event: AdverseEvent) =>
  writing(db, caller, participantId, event, async (fhir) => {
    const stored = await fhir.read('AdverseEvent', eventId) as FhirAdverseEvent;
    if (stored.subject?.reference !== `Patient/${participantId}`) throw notFound();
    return toApi((await fhir.update('AdverseEvent', eventId, { ...toFhirAdverseEvent(participantId, event), id: eventId })).resource!);
  });

export const deleteAdverseEvent = async (db: Db, caller: Caller, participantId: string, eventId: string) => {
  await db.kysely.transaction().execute(async (tx) => {
    await ownParticipantId(tx, caller.organisation, participantId, true);
    await viaFhir(async () => {
      const fhir = fhirIn(tx, caller);
      const stored = await fhir.read('AdverseEvent', eventId) as FhirAdverseEvent;
      if (stored.subject?.reference !== `Patient/${participantId}`) throw notFound();
      await fhir.delete('AdverseEvent', eventId);
    });
    await touchParticipant(tx, participantId);
  });
};
