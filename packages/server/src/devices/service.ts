import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Device, deviceInputSchema } from '@geria/domain/rules/participants-record.ts';
import { deviceSerialConflict } from '@geria/domain';
import type { Database } from '../db/types.ts';
import type { Db } from '../db/connection.ts';
import type { Executor } from '../fhir/repository.ts';
import { conflict, notFound } from '../http/errors.ts';
import { ownParticipantId, type Caller } from '../participants/access.ts';
import { writeChild } from '../participants/child-records.ts';
import { withUniqueConflicts } from '../participants/unique-violations.ts';
import type { DeviceRow } from '../participants/tables.ts';
import { fhirIn, viaFhir } from '../participants/fhir-link.ts';
import { updateFhirDevice } from './fhir-device.ts';

type DeviceInput = z.output<typeof deviceInputSchema>;

/** The device as the API answers it (the domain's shared schema). */
export const toApi = (d: DeviceRow): Device => ({
  id: d.id, type: d.type as Device['type'], serial: d.serial, number: d.number, status: d.status as Device['status'],
  LastUsed: d.last_used ? new Date(d.last_used).toISOString() : null,
});

/** The participant's latest device use follows its devices, for the list's inactivity column. */
export async function refreshLastUse(tx: Transaction<Database>, participantId: string) {
  await tx.updateTable('participant')
    .set({ last_device_use: sql`(select max(last_used) from device where participant_id = ${participantId})` })
    .where('id', '=', participantId).execute();
}

/** The participant's devices, oldest first (the record's `devices`). */
export async function devicesOf(db: Executor, participantId: string) {
  const rows = await db.selectFrom('device').selectAll().where('participant_id', '=', participantId).orderBy('created_at').orderBy('serial').execute();
  return rows.map(toApi);
}

export async function listDevices(db: Db, caller: Caller, participantId: string) {
  await ownParticipantId(db.kysely, caller.organisation, participantId);
  return devicesOf(db.kysely, participantId);
}

/**
 * The domain's serial rule gives the message; the unique index device_serial_key guarantees it when
 * two requests claim the same serial at once (then the constraint's 409 answers).
 */
async function refuseTakenSerial(tx: Transaction<Database>, serial: string, deviceId?: string) {
  const registered = await tx.selectFrom('device').select(['id', 'serial'])
    .where(sql<boolean>`upper(btrim(serial)) = upper(btrim(${serial}))`).execute();
  const problem = deviceSerialConflict({ serial, id: deviceId }, registered);
  if (problem) throw conflict(problem.code, problem.params);
}

/** Adds a device in the caller's transaction (the serial rule first); the caller refreshes the latest use. */
export async function insertDevice(tx: Transaction<Database>, participantId: string, input: DeviceInput) {
  await refuseTakenSerial(tx, input.serial);
  const row = await tx.insertInto('device').values({
    participant_id: participantId, type: input.type, serial: input.serial, number: input.number, status: input.status, last_used: input.LastUsed,
  }).returningAll().executeTakeFirstOrThrow();
  return toApi(row);
}

export function createDevice(db: Db, caller: Caller, participantId: string, input: DeviceInput) {
  return withUniqueConflicts('create', () => writeChild(db, caller, participantId, { type: 'device', action: 'create' }, async (tx) => {
    const device = await insertDevice(tx, participantId, input);
    await refreshLastUse(tx, participantId);
    return { id: device.id, before: null, after: device };
  }));
}

export function updateDevice(db: Db, caller: Caller, participantId: string, deviceId: string, input: DeviceInput) {
  return withUniqueConflicts('modify', () => writeChild(db, caller, participantId, { type: 'device', action: 'update' }, async (tx) => {
    const before = await ownDevice(tx, participantId, deviceId);
    await refuseTakenSerial(tx, input.serial, deviceId);
    const row = await tx.updateTable('device').set({
      type: input.type, serial: input.serial, number: input.number, status: input.status, last_used: input.LastUsed, updated_at: new Date(),
    }).where('id', '=', deviceId).returningAll().executeTakeFirstOrThrow();
    await viaFhir(() => updateFhirDevice(fhirIn(tx, caller), row));
    await refreshLastUse(tx, participantId);
    return { id: deviceId, before: toApi(before), after: toApi(row) };
  }));
}

export async function deleteDevice(db: Db, caller: Caller, participantId: string, deviceId: string) {
  await writeChild(db, caller, participantId, { type: 'device', action: 'delete' }, async (tx) => {
    const before = await ownDevice(tx, participantId, deviceId);
    await tx.deleteFrom('device').where('id', '=', deviceId).execute();
    await refreshLastUse(tx, participantId);
    return { id: deviceId, before: toApi(before), after: null };
  });
}

async function ownDevice(tx: Transaction<Database>, participantId: string, deviceId: string) {
  const row = /^[0-9a-f-]{36}$/i.test(deviceId)
    ? await tx.selectFrom('device').selectAll().where('id', '=', deviceId).where('participant_id', '=', participantId).executeTakeFirst()
    : undefined;
  if (!row) throw notFound();
  return row;
}
