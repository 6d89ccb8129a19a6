import type { Transaction } from 'kysely';
import { strToU8, zipSync } from 'fflate';
import type { Database } from '../db/types.ts';
import { cell } from '../participants/csv.ts';

const csv = (rows: Record<string, unknown>[]) => {
  if (!rows.length) return '';
  const keys = Object.keys(rows[0]);
  const text = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v));
  return `${[keys.join(','), ...rows.map((r) => keys.map((k) => cell(text(r[k]))).join(','))].join('\r\n')}\r\n`;
};

/** The participant's current FHIR resources: the Patient and every resource that names it. */
export async function participantResources(tx: Transaction<Database>, participantId: string) {
  const rows = await tx.selectFrom('fhir_resource').select(['resource_type', 'id', 'content'])
    .where('deleted', '=', false)
    .where((eb) => eb.or([eb('patient_id', '=', participantId), eb.and([eb('resource_type', '=', 'Patient'), eb('id', '=', participantId)])]))
    .orderBy('resource_type').orderBy('id').execute();
  return rows.map((r) => r.content as { resourceType: string; id: string });
}

/**
 * Everything held about the participant (GDPR rights 2 access and 6 portability), as one zip:
 * the FHIR resources as a collection Bundle and as NDJSON (one file per type, the bulk-data
 * format), and the relational study record, devices and external ids as CSV.
 */
export async function participantExport(tx: Transaction<Database>, participantId: string, now: Date) {
  const resources = await participantResources(tx, participantId);
  const record = await tx.selectFrom('participant').selectAll().where('id', '=', participantId).execute();
  const devices = await tx.selectFrom('device').selectAll().where('participant_id', '=', participantId).execute();
  const identities = await tx.selectFrom('identity').selectAll().where('participant_id', '=', participantId).execute();
  const bundle = {
    resourceType: 'Bundle', type: 'collection', timestamp: now.toISOString(),
    entry: resources.map((resource) => ({ fullUrl: `${resource.resourceType}/${resource.id}`, resource })),
  };
  const byType = new Map<string, string[]>();
  for (const r of resources) byType.set(r.resourceType, [...(byType.get(r.resourceType) ?? []), JSON.stringify(r)]);
  const files: Record<string, Uint8Array> = {
    'fhir/bundle.json': strToU8(JSON.stringify(bundle, null, 2)),
    'study/participant.csv': strToU8(csv(record)),
    'study/devices.csv': strToU8(csv(devices)),
    'study/external-ids.csv': strToU8(csv(identities)),
  };
  for (const [type, lines] of byType) files[`fhir/ndjson/${type}.ndjson`] = strToU8(`${lines.join('\n')}\n`);
  return { zip: zipSync(files, { level: 6, mtime: now }), counts: { resources: resources.length, devices: devices.length, externalIds: identities.length } };
}
