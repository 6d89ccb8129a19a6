import { sql } from 'kysely';
import type { DiagnosticReport } from '@medplum/fhirtypes';
import {
  DEVICE_REPORT_KINDS, DEVICE_REPORTS, GERIA_REPORT_SYSTEM, measurementOf, organisationByAbbr, reportIncludes, reportKindOf, type DeviceReportKind,
} from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { FhirError, type Issue } from '../fhir/outcome.ts';
import { parseReference } from '../fhir/references.ts';
import { tokenKeys } from '../fhir/resource-types.ts';
import type { FhirWrite, FhirWriteHook } from '../fhir/write-hooks.ts';
import { ownParticipantId, type Caller } from '../participants/access.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The health-data platform's reports (SPEC §7 "diagnostic reports from a health-data platform"):
 * a DiagnosticReport coded in the report system (domain device-panels.ts) groups a participant's
 * device Observations of one kind. It is refused, storing nothing, when its kind is unknown, its
 * participant is not of the writer's organisation, it has no date, or a result is not a device
 * Observation of the same participant measuring one of the kind's measurements. The Observations
 * themselves pass the device rules (ingest.ts) in the same write. Other DiagnosticReports are left alone.
 */
export const ingestDeviceReports: FhirWriteHook = async (db, actor, writes) => {
  const reports = writes.filter(isDeviceReport);
  if (!reports.length) return;
  const resultIds = [...new Set(reports.flatMap((w) => resultIdsOf(w.resource)))];
  const observations = resultIds.length
    ? await db.selectFrom('fhir_resource').select(['id', 'patient_id', 'content']).where('resource_type', '=', 'Observation').where('deleted', '=', false)
      .where('id', 'in', resultIds).execute()
    : [];
  const byId = new Map(observations.map((o) => [o.id, o]));
  const subjects = [...new Set(reports.map((w) => parseReference(w.resource.subject?.reference)?.id).filter((id): id is string => !!id && UUID.test(id)))];
  const participants = subjects.length
    ? await db.selectFrom('participant').select(['id', 'organisation']).where('id', 'in', subjects).execute()
    : [];
  const organisationOf = new Map(participants.map((p) => [p.id, p.organisation]));

  const issues: Issue[] = [];
  for (const write of reports) {
    const report = write.resource;
    const refuse = (text: string, element: string) => issues.push({ code: 'processing', text: `DiagnosticReport/${write.id}: ${text}`, expression: `DiagnosticReport.${element}` });
    const kind = reportKindOf(report.code?.coding);
    if (kind === 'unknown') { refuse(`the code is not a report of the study (${DEVICE_REPORT_KINDS.join(', ')})`, 'code'); continue; }
    const subject = parseReference(report.subject?.reference);
    const organisation = subject?.type === 'Patient' ? organisationOf.get(subject.id) : undefined;
    if (!subject || !organisation) { refuse(`${report.subject?.reference ?? '(no subject)'} is not a participant`, 'subject'); continue; }
    if (organisationByAbbr(organisation)?.orgid !== write.organisationId) { refuse('the participant belongs to another organisation', 'subject'); continue; }
    const at = report.effectiveDateTime ?? report.effectivePeriod?.start;
    if (!at || !Number.isFinite(Date.parse(at))) { refuse('a report needs effectiveDateTime or effectivePeriod.start', 'effective'); continue; }
    const results = report.result ?? [];
    if (!results.length) { refuse('a report has at least one result', 'result'); continue; }
    results.forEach((ref, i) => {
      const parsed = parseReference(ref.reference);
      const observation = parsed?.type === 'Observation' ? byId.get(parsed.id) : undefined;
      if (!observation) return refuse(`${ref.reference} is not a stored Observation`, `result[${i}]`);
      const content = observation.content as { device?: unknown; code?: { coding?: { system?: string; code?: string }[] } };
      if (observation.patient_id !== subject.id) return refuse(`${ref.reference} is another participant's`, `result[${i}]`);
      const measurement = measurementOf(content.code?.coding);
      if (!content.device || !measurement || !reportIncludes(kind!, measurement.key)) {
        return refuse(`${ref.reference} is not a device measurement of a ${kind} report`, `result[${i}]`);
      }
    });
  }
  // The server's own writers are trusted, as for device Observations.
  if (issues.length && actor.kind !== 'system') throw new FhirError(422, issues);
};

function isDeviceReport(write: FhirWrite): write is FhirWrite & { resource: DiagnosticReport } {
  return write.type === 'DiagnosticReport' && write.resource !== null && reportKindOf((write.resource as DiagnosticReport).code?.coding) !== undefined;
}

const resultIdsOf = (report: DiagnosticReport) =>
  (report.result ?? []).map((r) => parseReference(r.reference)).filter((r) => r?.type === 'Observation').map((r) => r!.id);

export interface ReportValue { key: string; unit: string; value: number }
export interface DeviceReport { id: string; kind: DeviceReportKind; at: string; values: ReportValue[] }

/**
 * A participant's reports between two days inclusive, newest first, each with its results'
 * values (one query: the reports and their referenced Observations on the patient index).
 */
export async function deviceReports(db: Db, caller: Caller, participantId: string, from: string, to: string, kind?: DeviceReportKind) {
  await ownParticipantId(db.kysely, caller.organisation, participantId);
  const kinds = kind ? [kind] : DEVICE_REPORT_KINDS;
  const tokens = kinds.map((k) => tokenKeys.exact('code', GERIA_REPORT_SYSTEM, k));
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString();
  const { rows } = await sql<{ id: string; at: Date; code: unknown; result: string | null; obs: Record<string, unknown> | null }>`
    select r.id, r.date_start as at, r.content->'code' as code, o.id as result, o.content as obs
    from fhir_resource r
    left join lateral jsonb_array_elements(coalesce(r.content->'result', '[]'::jsonb)) ref on true
    left join fhir_resource o on o.resource_type = 'Observation' and not o.deleted and o.patient_id = ${participantId}
      and o.id = split_part(ref->>'reference', '/', 2)
    where r.resource_type = 'DiagnosticReport' and not r.deleted and r.patient_id = ${participantId}
      and r.tokens && ${sql`array[${sql.join(tokens)}]::text[]`}
      and r.date_start >= ${`${from}T00:00:00Z`}::timestamptz and r.date_start < ${end}::timestamptz
    order by r.date_start desc, r.id`.execute(db.kysely);
  const reports = new Map<string, DeviceReport>();
  for (const row of rows) {
    const found = reports.get(row.id) ?? {
      id: row.id, kind: reportKindOf((row.code as { coding?: { system?: string; code?: string }[] })?.coding) as DeviceReportKind,
      at: new Date(row.at).toISOString(), values: [],
    };
    reports.set(row.id, found);
    const obs = row.obs as { code?: { coding?: { system?: string; code?: string }[] }; valueQuantity?: { value?: number } } | null;
    const measurement = measurementOf(obs?.code?.coding);
    if (measurement && typeof obs?.valueQuantity?.value === 'number') found.values.push({ key: measurement.key, unit: measurement.unit, value: obs.valueQuantity.value });
  }
  const order = (report: DeviceReport, key: string) => (DEVICE_REPORTS[report.kind] as readonly string[]).indexOf(key);
  for (const report of reports.values()) report.values.sort((a, b) => order(report, a.key) - order(report, b.key));
  return { from, to, reports: [...reports.values()] };
}
