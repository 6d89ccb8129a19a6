import type { FhirClient } from '../fhir/service.ts';

export interface DeviceRecord { id: string; participant_id: string; type: string; serial: string }

/** The FHIR Device of a device record: the record's id, so `Device/<record id>` resolves on /fhir. */
export const deviceResource = (row: DeviceRecord) => ({
  resourceType: 'Device' as const, serialNumber: row.serial, type: { text: row.type }, patient: { reference: `Patient/${row.participant_id}` },
});

/**
 * The FHIR Device of each record, created when first referenced (an adverse event's suspect, a
 * measurement's source): every reference Geria writes resolves, and a device has one Device.
 */
export async function ensureFhirDevices(fhir: FhirClient, rows: readonly DeviceRecord[]): Promise<void> {
  for (const row of rows) {
    const present = await fhir.read('Device', row.id).then(() => true, () => false);
    // Created by the server under the record's own id (a client's PUT-as-create may not take a record's id).
    if (!present) await fhir.writing((session) => session.create(deviceResource(row), row.id));
  }
}

/** A device record's change (serial, type) reaches its FHIR Device, when one was created. */
export async function updateFhirDevice(fhir: FhirClient, row: DeviceRecord): Promise<void> {
  const present = await fhir.read('Device', row.id).then(() => true, () => false);
  if (present) await fhir.update('Device', row.id, deviceResource(row));
}
