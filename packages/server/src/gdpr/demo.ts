import { ADVERSE_EVENT_CATEGORIES, ADVERSE_EVENT_OUTCOMES, ADVERSE_EVENT_SEVERITIES, toFhirAdverseEvent } from '@geria/domain/rules/adverse-event.ts';
import type { Db } from '../db/connection.ts';
import { DEMO_ORGANISATION } from '../demo/accounts.ts';
import { seededRandom } from '../demo/random.ts';
import type { DemoGenerator } from '../demo/study.ts';
import { fhirService } from '../fhir/service.ts';
import { ensureFhirDevices } from '../devices/fhir-device.ts';
import { participantExport } from './export.ts';

const EVENTS = ['Fall at home while wearing the smartwatch', 'Dizziness after the morning dose', 'Skin irritation under the wristband', 'Nausea after a dose change', 'Tripped over the balance-board cable'];

/** Requests of the demo organisation in each status: [right, status, carried out]. */
const REQUESTS: [number, 'initiation' | 'queued' | 'closed', boolean][] = [
  [1, 'initiation', false], [3, 'initiation', false], [2, 'queued', false], [5, 'queued', false],
  [2, 'closed', true], [7, 'closed', true], [6, 'initiation', false], [8, 'closed', true],
];
const FLAGS = { 5: 'processing_restricted', 7: 'processing_objected', 8: 'automated_decisions_objected' } as const;

/**
 * Adverse events of demo participants, each suspecting one of their devices or medications, and
 * GDPR requests in every status with their step logs; closed ones were carried out (an access
 * export attached, processing flags set).
 */
export const demoGdpr: DemoGenerator = async (db: Db) => {
  if (await db.kysely.selectFrom('gdpr_request').select('id').limit(1).executeTakeFirst()) return;
  const random = seededRandom(16);
  const people = await db.kysely.selectFrom('participant').select('id').where('organisation', '=', DEMO_ORGANISATION).orderBy('id').limit(40).execute();
  if (!people.length) return;
  const ids = people.map((p) => p.id);
  const devices = await db.kysely.selectFrom('device').select(['id', 'participant_id', 'type', 'serial']).where('participant_id', 'in', ids).execute();
  const medications = await db.kysely.selectFrom('fhir_resource').select(['id', 'patient_id']).where('resource_type', '=', 'MedicationStatement')
    .where('deleted', '=', false).where('patient_id', 'in', ids).execute();
  const suspects = [
    ...devices.slice(0, 6).map((d) => ({ participant: d.participant_id, kind: 'Device' as const, id: d.id })),
    ...medications.slice(0, 6).map((m) => ({ participant: m.patient_id!, kind: 'Medication' as const, id: m.id })),
  ];

  const fhir = fhirService(db).withContext({ kind: 'system', name: 'demo' });
  await fhir.writing(async (session, client) => {
    await ensureFhirDevices(client, devices.slice(0, 6));
    for (const [i, s] of suspects.entries()) {
      const detected = new Date(Date.now() - random.int(5, 80) * 86_400_000).toISOString().slice(0, 10);
      await session.create(toFhirAdverseEvent(s.participant, {
        event: EVENTS[i % EVENTS.length], detectedDate: detected, recordedDate: detected,
        category: s.kind === 'Device' ? (i % 2 ? 'medical_device_use_error' : 'product_problem') : random.pick(ADVERSE_EVENT_CATEGORIES.slice(3, 11)),
        severity: random.pick(ADVERSE_EVENT_SEVERITIES), outcome: random.pick(ADVERSE_EVENT_OUTCOMES.filter((o) => o !== 'fatal')),
        causality: random.pick(['yes', 'no', 'possibility'] as const), actuality: 'actual', seriousness: i % 5 === 0 ? 'serious' : 'non_serious',
        suspectEntities: [{ kind: s.kind, id: s.id }],
      }));
    }
  });

  // Participants without adverse events carry the requests, so an erasure demo does not hide the events.
  const withEvents = new Set(suspects.map((s) => s.participant));
  const requesters = ids.filter((id) => !withEvents.has(id));
  await db.kysely.transaction().execute(async (tx) => {
    for (const [i, [right, status, executed]] of REQUESTS.entries()) {
      const participant = requesters[i % requesters.length];
      if (!participant) break;
      const created = new Date(Date.now() - (30 - i * 3) * 86_400_000);
      const row = await tx.insertInto('gdpr_request').values({
        participant_id: participant, organisation: DEMO_ORGANISATION, right_number: right, status, creator: 'demo-ccm',
        about: `Letter of ${created.toISOString().slice(0, 10)}`, description: 'Received by post and scanned.', created_at: created, updated_at: created,
      }).returning('id').executeTakeFirstOrThrow();
      const steps: [string, Record<string, unknown> | null][] = [['created', { right }]];
      if (status !== 'initiation') steps.push(['queued', { from: 'initiation', to: 'queued' }]);
      if (executed && right === 2) {
        const { zip, counts } = await participantExport(tx, participant, created);
        const name = `gdpr-${row.id}-access-${created.toISOString().slice(0, 10)}.zip`;
        await tx.insertInto('gdpr_request_file').values({ request_id: row.id, file_name: name, mime_type: 'application/zip', size_bytes: zip.byteLength, origin: 'generated', content: zip, uploaded_by: 'demo-ccm' }).execute();
        await tx.updateTable('gdpr_request').set({ executed_at: created, executed_by: 'demo-ccm', outcome: JSON.stringify({ exported: counts, file: name }) }).where('id', '=', row.id).execute();
        steps.push(['fileAttached', { fileName: name, origin: 'generated' }], ['executed', { right }]);
      } else if (executed && right in FLAGS) {
        const flag = FLAGS[right as keyof typeof FLAGS];
        await tx.updateTable('participant').set({ [flag]: true }).where('id', '=', participant).execute();
        await tx.updateTable('gdpr_request').set({ executed_at: created, executed_by: 'demo-ccm', outcome: JSON.stringify({ flagSet: flag, excludedFromProcessing: true }) }).where('id', '=', row.id).execute();
        steps.push(['executed', { right }]);
      }
      if (status === 'closed') steps.push(['closed', { from: 'queued', to: 'closed' }]);
      await tx.insertInto('gdpr_request_log').values(steps.map(([step, details]) => ({
        request_id: row.id, actor: 'demo-ccm', step, details: details && JSON.stringify(details), at: created,
      }))).execute();
    }
  });
};
