import { sql, type Transaction } from 'kysely';
import { strToU8, zipSync } from 'fflate';
import { entriesAbout } from '@geria/domain';
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
 * The analysis runs whose input or result names the participant (as the erasure finds them), each
 * with only the participant's rows of its input and entries of its result.
 */
async function analyticsResults(tx: Transaction<Database>, participantId: string) {
  const runs = await tx.selectFrom('analytic_run as r').innerJoin('analytic as a', 'a.id', 'r.analytic_id')
    .select(['r.id', 'a.id as analyticId', 'a.name as analytic', 'r.state', 'r.finished_at', 'r.snapshot', 'r.result'])
    .where((eb) => eb.or([eb(sql`r.snapshot::text`, 'like', `%${participantId}%`), eb(sql`r.result::text`, 'like', `%${participantId}%`)]))
    .orderBy('r.queued_at').execute();
  return runs.map(({ snapshot, result, ...run }) => ({ ...run, input: entriesAbout(snapshot, participantId), result: entriesAbout(result, participantId) }));
}

/**
 * Everything held about the participant (GDPR rights 2 access and 6 portability), as one zip:
 * the FHIR resources as a collection Bundle and as NDJSON (one file per type, the bulk-data
 * format); the relational study record, devices, external ids, recruitment decisions, intervention
 * firings and their deliveries, notifications and e-mails about them as CSV; and their part of the
 * analysis results as JSON.
 */
export async function participantExport(tx: Transaction<Database>, participantId: string, now: Date) {
  const resources = await participantResources(tx, participantId);
  const record = await tx.selectFrom('participant').selectAll().where('id', '=', participantId).execute();
  const devices = await tx.selectFrom('device').selectAll().where('participant_id', '=', participantId).execute();
  const identities = await tx.selectFrom('identity').selectAll().where('participant_id', '=', participantId).execute();
  const decisions = await tx.selectFrom('recruitment_decision').selectAll().where('participant_id', '=', participantId).orderBy('decided_at').execute();
  const firings = await tx.selectFrom('intervention_firing as f').innerJoin('intervention_rule as r', 'r.id', 'f.rule_id')
    .select(['f.id', 'f.rule_id', 'r.name as rule', 'f.window_key', 'f.observation_id', 'f.level', 'f.value', 'f.diastolic', 'f.unit', 'f.channels', 'f.message', 'f.fired_at'])
    .where('f.participant_id', '=', participantId).orderBy('f.fired_at').execute();
  const deliveries = await tx.selectFrom('intervention_delivery as d').innerJoin('intervention_firing as f', 'f.id', 'd.firing_id')
    .select(['d.id', 'd.firing_id', 'd.channel', 'd.recipient', 'd.language', 'd.status', 'd.attempts', 'd.sent_at', 'd.failed_at', 'd.created_at'])
    .where('f.participant_id', '=', participantId).orderBy('d.created_at').execute();
  const notifications = await tx.selectFrom('participant_notification').selectAll().where('participant_id', '=', participantId).orderBy('created_at').execute();
  const emails = await tx.selectFrom('mail_outbox').select(['id', 'recipient', 'subject', 'body', 'language', 'created_at'])
    .where('participant_id', '=', participantId).orderBy('created_at').execute();
  const analytics = await analyticsResults(tx, participantId);
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
    'study/recruitment-decisions.csv': strToU8(csv(decisions)),
    'study/intervention-firings.csv': strToU8(csv(firings)),
    'study/intervention-deliveries.csv': strToU8(csv(deliveries)),
    'study/notifications.csv': strToU8(csv(notifications)),
    'study/e-mails.csv': strToU8(csv(emails)),
    'study/analytics-results.json': strToU8(JSON.stringify(analytics, null, 2)),
  };
  for (const [type, lines] of byType) files[`fhir/ndjson/${type}.ndjson`] = strToU8(`${lines.join('\n')}\n`);
  return {
    zip: zipSync(files, { level: 6, mtime: now }),
    counts: {
      resources: resources.length, devices: devices.length, externalIds: identities.length, recruitmentDecisions: decisions.length,
      interventionFirings: firings.length, interventionDeliveries: deliveries.length, notifications: notifications.length, emails: emails.length,
      analyticsResults: analytics.length,
    },
  };
}
