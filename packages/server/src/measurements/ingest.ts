import { sql } from 'kysely';
import type { Observation } from '@medplum/fhirtypes';
import {
  BALANCE_DEVICE_TYPE, balanceSessionKindOf, implausibility, INTRADAY_HEART_RATE, measurementOf, organisationByAbbr, postureKindOf, postureProblem,
  readBalanceSession,
} from '@geria/domain';
import { FhirError, type Issue } from '../fhir/outcome.ts';
import { parseReference } from '../fhir/references.ts';
import type { Executor } from '../fhir/repository.ts';
import type { FhirWrite, FhirWriteHook } from '../fhir/write-hooks.ts';
import './tables.ts';

/**
 * Device data arriving through /fhir (SPEC §7): every Observation that names a `device` must come
 * from a Device resource whose serial number is a registered, active device of the Observation's
 * participant, in the participant's organisation, with a plausible value of a known measurement
 * (or, from a balance device, a well-formed balance-training session: domain device-panels.ts).
 * Anything else refuses the whole write of a user or an integration client. Accepted data move the device's last use, the participant's
 * latest transmission and the per-day transmission counts in the same transaction.
 */
export const ingestDeviceObservations: FhirWriteHook = async (db, actor, writes) => {
  const observations = writes.filter(isDeviceObservation);
  if (!observations.length) return;

  const deviceIds = [...new Set(observations.map((w) => deviceIdOf(w.resource)).filter((id): id is string => !!id))];
  const devices = deviceIds.length
    ? await db.selectFrom('fhir_resource').select(['id', 'content']).where('resource_type', '=', 'Device').where('deleted', '=', false)
      .where('id', 'in', deviceIds).execute()
    : [];
  const serialOf = new Map(devices.map((d) => [d.id, normalise((d.content as { serialNumber?: unknown }).serialNumber)]));
  const serials = [...new Set([...serialOf.values()].filter((s): s is string => !!s))];
  const registered = serials.length
    ? await db.selectFrom('device').innerJoin('participant', 'participant.id', 'device.participant_id')
      .select(['device.id', 'device.serial', 'device.type', 'device.status', 'device.participant_id', 'participant.organisation'])
      .where(sql<string>`upper(btrim(device.serial))`, 'in', serials).execute()
    : [];
  const bySerial = new Map(registered.map((d) => [normalise(d.serial)!, d]));

  const issues: Issue[] = [];
  const accepted: Accepted[] = [];
  for (const write of observations) {
    const obs = write.resource;
    const where = `Observation/${write.id}`;
    const refuse = (text: string, element: string) => issues.push({ code: 'processing', text: `${where}: ${text}`, expression: `Observation.${element}` });
    const deviceId = deviceIdOf(obs);
    const serial = deviceId ? serialOf.get(deviceId) : undefined;
    if (!deviceId || serial === undefined) { refuse(`${obs.device?.reference} is not a known Device resource`, 'device'); continue; }
    if (!serial) { refuse(`Device/${deviceId} has no serialNumber`, 'device'); continue; }
    const device = bySerial.get(serial);
    const participantId = parseReference(obs.subject?.reference)?.id;
    if (!device) { refuse(`no registered device has serial number ${serial}`, 'device'); continue; }
    if (device.status !== 'active') { refuse(`the device with serial number ${serial} is ${device.status}`, 'device'); continue; }
    if (device.participant_id !== participantId) { refuse(`the device with serial number ${serial} is registered to another participant`, 'subject'); continue; }
    if (organisationByAbbr(device.organisation)?.orgid !== write.organisationId) { refuse('the participant belongs to another organisation', 'subject'); continue; }
    const problem = valueProblem(obs, device.type);
    if (problem) { refuse(problem, 'value'); continue; }
    const at = obs.effectiveDateTime ?? obs.effectivePeriod?.start ?? obs.effectiveInstant;
    if (!at || !Number.isFinite(Date.parse(at))) { refuse('an Observation from a device needs effectiveDateTime or effectivePeriod.start', 'effective'); continue; }
    accepted.push({ deviceId: device.id, participantId: device.participant_id, at: new Date(at).toISOString(), isNew: write.interaction === 'create' });
  }
  // The server's own writers (demo generator, jobs, other areas' fixtures) are trusted: their data
  // count as transmissions where they match a registered device, and are not refused.
  if (issues.length && actor.kind !== 'system') throw new FhirError(422, issues);
  await recordTransmissions(db, accepted);
};

/**
 * Posture (the Citizen Hub's, domain posture.ts) is a day of seconds per hour: anything else
 * refuses the write of a user or an integration client, as the charts would read it wrong.
 */
export const checkPostureObservations: FhirWriteHook = async (_db, actor, writes) => {
  if (actor.kind === 'system') return;
  const issues: Issue[] = writes.flatMap((write) => {
    const obs = write.resource as Observation | null;
    if (write.type !== 'Observation' || !obs || !postureKindOf(obs.code?.coding)) return [];
    const problem = postureProblem(obs.valueSampledData);
    return problem ? [{ code: 'processing', text: `Observation/${write.id}: ${problem}`, expression: 'Observation.valueSampledData' }] : [];
  });
  if (issues.length) throw new FhirError(422, issues);
};

interface Accepted { deviceId: string; participantId: string; at: string; isNew: boolean }

function isDeviceObservation(write: FhirWrite): write is FhirWrite & { resource: Observation } {
  return write.type === 'Observation' && write.resource !== null && !!(write.resource as Observation).device;
}

const deviceIdOf = (obs: Observation) => {
  const ref = parseReference(obs.device?.reference);
  return ref?.type === 'Device' ? ref.id : undefined;
};

/** Spaces and letter case do not make another serial number (as device_serial_key). */
const normalise = (serial: unknown) => (typeof serial === 'string' ? serial.trim().toUpperCase() : null);

function valueProblem(obs: Observation, deviceType: string): string | undefined {
  const codings = obs.code?.coding ?? [];
  const session = balanceSessionKindOf(codings);
  if (session === 'unknown') return `the code ${codings.map((c) => `${c.system}|${c.code}`).join(', ')} is not a balance-training session`;
  if (session) {
    // A session is a panel: its content is in its components (domain device-panels.ts).
    if (deviceType !== BALANCE_DEVICE_TYPE) return `balance-training sessions come from a ${BALANCE_DEVICE_TYPE}, not a ${deviceType}`;
    const read = readBalanceSession(session, obs.component);
    return 'problem' in read ? read.problem : undefined;
  }
  if (obs.valueSampledData) {
    if (!codings.some((c) => c.system === INTRADAY_HEART_RATE.system && c.code === INTRADAY_HEART_RATE.code)) return 'intraday series (valueSampledData) are heart rate 8867-4 only';
    const { data, origin, factor = 1 } = obs.valueSampledData;
    if (origin.unit !== undefined && origin.unit !== INTRADAY_HEART_RATE.unit && origin.code !== INTRADAY_HEART_RATE.unit) return `intraday heart rate is in ${INTRADAY_HEART_RATE.unit}`;
    for (const sample of (data ?? '').trim().split(/\s+/)) {
      if (sample === 'E' || sample === 'L' || sample === 'U' || sample === '') continue;
      const value = (origin.value ?? 0) + Number(sample) * factor;
      if (implausibility(INTRADAY_HEART_RATE, value, undefined)) return `intraday heart rate ${sample} is outside ${INTRADAY_HEART_RATE.min}–${INTRADAY_HEART_RATE.max} ${INTRADAY_HEART_RATE.unit}`;
    }
    return undefined;
  }
  const measurement = measurementOf(codings);
  if (!measurement) return `the code ${codings.map((c) => `${c.system}|${c.code}`).join(', ')} is not a device measurement of the study`;
  const quantity = obs.valueQuantity;
  const problem = implausibility(measurement, quantity?.value, quantity?.code ?? quantity?.unit);
  if (!problem) return undefined;
  return problem.reason === 'unit' ? `${measurement.key} is in ${problem.unit}`
    : `${measurement.key} ${quantity?.value ?? '(no valueQuantity)'} is not a plausible value (${problem.min}–${problem.max} ${problem.unit})`;
}

async function recordTransmissions(db: Executor, accepted: Accepted[]) {
  if (!accepted.length) return;
  // Only new Observations count as transmissions; a correction (update) still moves the last use.
  const perDay = new Map<string, { device_id: string; day: string; observations: number }>();
  for (const a of accepted.filter((x) => x.isNew)) {
    const day = a.at.slice(0, 10);
    const key = `${a.deviceId}|${day}`;
    const row = perDay.get(key) ?? { device_id: a.deviceId, day, observations: 0 };
    row.observations += 1;
    perDay.set(key, row);
  }
  if (perDay.size) {
    await db.insertInto('device_transmission').values([...perDay.values()])
      .onConflict((oc) => oc.columns(['device_id', 'day']).doUpdateSet({ observations: sql`device_transmission.observations + excluded.observations` }))
      .execute();
  }
  const latest = new Map<string, { participantId: string; at: string }>();
  for (const a of accepted) if ((latest.get(a.deviceId)?.at ?? '') < a.at) latest.set(a.deviceId, a);
  for (const [deviceId, { participantId, at }] of latest) {
    await db.updateTable('device').set({ last_used: sql`greatest(last_used, ${at}::timestamptz)` }).where('id', '=', deviceId).execute();
    await db.updateTable('participant').set({ last_device_use: sql`greatest(last_device_use, ${at}::timestamptz)` }).where('id', '=', participantId).execute();
  }
}
