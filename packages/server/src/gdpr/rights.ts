import { sql, type Transaction } from 'kysely';
import { GDPR_EFFECT, GDPR_RIGHTS, PROCESSING_FLAG, type GdprRightNumber } from '@geria/domain';
import type { Resource } from '@medplum/fhirtypes';
import type { Database } from '../db/types.ts';
import type { StoredType } from '../fhir/resource-types.ts';
import { indexStatistics } from '../stats/values-index.ts';
import { notFound } from '../http/errors.ts';
import { eraseParticipantInterventions } from '../interventions/erasure.ts';
import { deleteParticipantMail } from '../mail/outbox.ts';
import { participantExport } from './export.ts';
import type { GdprRequestRow } from './tables.ts';

export interface Execution {
  /** A summary without personal data, kept on the request and in the audit. */
  outcome: Record<string, unknown>;
  /** An export to attach to the request. */
  file?: { name: string; content: Uint8Array };
}

/**
 * Erasure (right 4): the participant's study record (devices, external ids and other rows cascade)
 * and every FHIR resource about them, history included, are deleted; the audit rows about them are
 * (audit_event.participant_id) redacted through gdpr_redact_audit and taken out of read summaries (the trail is otherwise append-only), and earlier exports of
 * their data are deleted, as are their intervention firings, deliveries and notices, the rules that
 * target them alone and the outbox e-mails about them. What remains is the request with the
 * pseudonymous id and this outcome: counts per kind, never content.
 */
async function erase(tx: Transaction<Database>, participantId: string, requestId: string): Promise<Execution> {
  const resources = await tx.selectFrom('fhir_resource').select(['resource_type', 'id', 'organisation_id', 'content'])
    .where((eb) => eb.or([eb('patient_id', '=', participantId), eb.and([eb('resource_type', '=', 'Patient'), eb('id', '=', participantId)])]))
    .execute();
  const devices = await tx.selectFrom('device').select('id').where('participant_id', '=', participantId).execute();
  const identities = await tx.selectFrom('identity').select('id').where('participant_id', '=', participantId).execute();
  const idsByType = new Map<string, string[]>();
  for (const r of resources) idsByType.set(r.resource_type, [...(idsByType.get(r.resource_type) ?? []), r.id]);
  const perType = Object.fromEntries([...idsByType].map(([type, ids]) => [type, ids.length]));
  let historyVersions = 0;
  for (const [type, list] of idsByType) {
    const deleted = await tx.deleteFrom('fhir_history').where('resource_type', '=', type).where('id', 'in', list).executeTakeFirst();
    historyVersions += Number(deleted.numDeletedRows);
    await tx.deleteFrom('fhir_resource').where('resource_type', '=', type).where('id', 'in', list).execute();
  }
  const statisticValues = await countStatisticValues(tx, participantId);
  // The statistics index sees the erased resources as deletes, as the FHIR store's own deletes are seen (same hook).
  await indexStatistics(tx, resources.filter((r) => r.content).map((r) => ({
    type: r.resource_type as StoredType, id: r.id, organisationId: r.organisation_id, resource: null, before: r.content as unknown as Resource,
  })));
  // Intervention e-mails and subscription requests name measured values and the participant.
  const interventions = await eraseParticipantInterventions(tx, participantId);
  const mailOutbox = await deleteParticipantMail(tx, participantId);
  await tx.deleteFrom('participant').where('id', '=', participantId).execute();
  const derived = { statisticValues, ...await eraseDerived(tx, participantId) };
  // Earlier access/portability exports are copies of the erased data; uploaded correspondence stays as the record of the requests.
  const exports = await tx.deleteFrom('gdpr_request_file').where('origin', '=', 'generated')
    .where('request_id', 'in', (eb) => eb.selectFrom('gdpr_request').select('id').where('participant_id', '=', participantId)).executeTakeFirst();
  // The audit rows the server recorded as about this participant: never matched by entity id, which a client may have chosen.
  const redacted = await sql<{ n: number }>`select gdpr_redact_audit(${participantId}, ${requestId}::bigint)
    + gdpr_redact_read_summaries(${participantId}, ${requestId}::bigint) as n`.execute(tx);
  return {
    outcome: {
      erased: {
        studyRecord: 1, devices: devices.length, externalIds: identities.length, fhirResources: perType, fhirHistoryVersions: historyVersions,
        exports: Number(exports.numDeletedRows), ...derived, ...interventions, mailOutbox,
      },
      auditRecordsRedacted: redacted.rows[0]?.n ?? 0,
    },
  };
}

/** The Home statistics' values of the participant, posture included (the outcome's count, before the index forgets them). */
async function countStatisticValues(tx: Transaction<Database>, participantId: string) {
  const { rows } = await sql<{ n: number }>`select ((select count(*) from stat_value where patient_id = ${participantId})
    + (select count(*) from stat_posture where patient_id = ${participantId}))::int as n`.execute(tx);
  return rows[0]?.n ?? 0;
}

/**
 * Copies of the participant's values kept outside the FHIR store: whatever rows of the Home
 * statistics still name the participant after the index forgot their resources (their counts at
 * zero), and analytics runs whose input snapshot or result holds the participant (reset as the
 * Reset action does: Stopped, no snapshot, no result; a restart computes them again without the participant).
 */
async function eraseDerived(tx: Transaction<Database>, participantId: string) {
  // The statistics area keeps these tables out of the typed schema (raw SQL aggregates).
  await sql`delete from stat_latest where patient_id = ${participantId}`.execute(tx);
  await sql`delete from stat_participant where patient_id = ${participantId}`.execute(tx);
  await sql`delete from stat_condition where patient_id = ${participantId}`.execute(tx);
  await sql`delete from stat_resource_count where patient_id = ${participantId}`.execute(tx);
  await sql`delete from stat_questionnaire_count where patient_id = ${participantId}`.execute(tx);
  await sql`delete from stat_value where patient_id = ${participantId}`.execute(tx);
  await sql`delete from stat_posture where patient_id = ${participantId}`.execute(tx);
  const pattern = `%${participantId}%`;
  const runs = await tx.updateTable('analytic_run')
    .set({ state: 'Stopped', snapshot: null, result: null, progress: 0, requested: null })
    .where((eb) => eb.or([eb(sql`snapshot::text`, 'like', pattern), eb(sql`result::text`, 'like', pattern)]))
    .executeTakeFirst();
  return { analyticRunsReset: Number(runs.numUpdatedRows) };
}

/** Carries out the request's right on its participant, inside the caller's transaction. */
export async function executeRight(tx: Transaction<Database>, request: GdprRequestRow, now: Date): Promise<Execution> {
  const right = GDPR_RIGHTS[request.right_number as GdprRightNumber];
  const participant = await tx.selectFrom('participant').select('id').where('id', '=', request.participant_id)
    .where('organisation', '=', request.organisation).forUpdate().executeTakeFirst();
  if (!participant) throw notFound('gdpr.errors.participantGone');
  switch (GDPR_EFFECT[right]) {
    case 'export': {
      const { zip, counts } = await participantExport(tx, participant.id, now);
      const name = `gdpr-${request.id}-${right}-${now.toISOString().slice(0, 10)}.zip`;
      return { outcome: { exported: counts, file: name }, file: { name, content: zip } };
    }
    case 'erase':
      return erase(tx, participant.id, request.id);
    case 'setRestricted':
    case 'setObjected':
    case 'setAutomatedObjected': {
      const flag = PROCESSING_FLAG[right as keyof typeof PROCESSING_FLAG];
      await tx.updateTable('participant').set({ [flag]: true, updated_at: now }).where('id', '=', participant.id).execute();
      return { outcome: { flagSet: flag, excludedFromProcessing: true } };
    }
    case 'recordInformed':
      return { outcome: { informedOn: now.toISOString() } };
    case 'linkEditors':
      // Rectification is done in the record's own editors (audited there); the request records that it was.
      return { outcome: { rectifiedIn: `/patient/${participant.id}` } };
  }
}
