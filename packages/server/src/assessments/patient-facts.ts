import type { Resource } from '@medplum/fhirtypes';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import {
  fromResponseItems, OBSERVATION_CODES, QUESTIONNAIRE_BASE_URL, recruitmentStatusFromCode,
  scoreInstrument, SNOMED, type FhirObservation, type RecruitmentStatus, type ResponseItem, type RuleMessage,
} from '@geria/domain';
import { assessmentAuthorOf, assessmentNumberOf } from '@geria/domain/rules/assessment-encounter.ts';
import { currentAge } from '@geria/domain/rules/participants-demographics.ts';
import { fromMedicationStatement, medicationFlags } from '@geria/domain/rules/participants-medication.ts';
import { profilingFromResponseItems, PROFILING_QUESTIONNAIRE, type ProfilingInput } from '@geria/domain/rules/assessment-profiling.ts';
import { BALANCE_QUESTIONNAIRE, balanceResultFromItems, type BalanceResult } from '@geria/domain/rules/assessment-balance.ts';
import type { FhirClient } from '../fhir/service.ts';
import { recordRow, toRecord, type ParticipantRecord, type RecordRow } from '../participants/record.ts';
import type { Executor } from '../fhir/repository.ts';
import { accessKey } from '../fhir/access.ts';
import { StatementTemplates } from '../db/statement-templates.ts';
import { notFound as fhirNotFound } from '../fhir/outcome.ts';
import { notFound } from '../http/errors.ts';

type PatientResource = Resource & { birthDate?: string; gender?: string };
type EncounterResource = Resource & Parameters<typeof assessmentNumberOf>[0] & { period?: { start?: string }; status?: string };
type ResponseResource = Resource & { questionnaire?: string; encounter?: { reference?: string }; authored?: string; item?: ResponseItem[] };
type ConditionResource = Resource & { code?: { coding?: { system?: string; code?: string }[] }; clinicalStatus?: { coding?: { code?: string }[] } };

/** Heart failure with reduced ejection fraction (SNOMED CT), the working state's flag. */
export const HEART_FAILURE_REDUCED = '703272007';
const RESPONSES_READ = 1000;

export interface AssessmentSummary {
  id: string;
  number: number;
  start: string | null;
  status: string;
  author: { username: string; name: string } | null;
}

export interface StoredResponse { id: string; instrument: string; encounterId: string | null; authored: string | null; total: number | null; band: string | null }

/** The instrument id of a response's `questionnaire` canonical (version ignored), or null. */
export function instrumentOf(questionnaire: string | undefined): string | null {
  const url = questionnaire?.split('|')[0];
  return url?.startsWith(`${QUESTIONNAIRE_BASE_URL}/`) ? url.slice(QUESTIONNAIRE_BASE_URL.length + 1) : null;
}

interface Scored { total: number | null; band: string | null }
const UNSCORED: Scored = { total: null, band: null };

function scored(instrument: string, response: ResponseResource): Scored {
  // A response the instrument cannot score is not a filled questionnaire. It is scored with the
  // definition of the version it records (a MoCA of 1.x has 13 items).
  try {
    const version = response.questionnaire?.split('|')[1];
    const { total, band } = scoreInstrument(instrument, fromResponseItems(response.item ?? []), version);
    return typeof total === 'number' ? { total, band } : UNSCORED;
  } catch {
    return UNSCORED;
  }
}

// A stored version of a response never changes, so neither does its total: each version is scored
// once per process instead of at every read of the working state and the assessments (a tenth of
// their CPU). Keyed by id, version and time of the version, which together name it in any database
// (version numbers alone repeat between copies of one database); a total and its band per entry.
const totals = new LRUCache<string, Scored>({ max: 50_000 });

function scoreOf(instrument: string, response: ResponseResource): Scored {
  const { versionId, lastUpdated } = response.meta ?? {};
  if (!versionId || !lastUpdated) return scored(instrument, response);
  const key = `${response.id}/${versionId}/${lastUpdated}`;
  const known = totals.get(key);
  if (known) return known;
  const score = scored(instrument, response);
  totals.set(key, score);
  return score;
}

const encounterIdOf = (reference: string | undefined) => (reference?.startsWith('Encounter/') ? reference.slice('Encounter/'.length) : null);

export function summariseEncounter(resource: EncounterResource): AssessmentSummary | null {
  const number = assessmentNumberOf(resource);
  if (number === null) return null;
  return { id: resource.id!, number, start: resource.period?.start ?? null, status: resource.status ?? 'unknown', author: assessmentAuthorOf(resource) };
}

/** Everything the assessment rules look at, read in the caller's transaction (and organisation). */
export interface PatientFacts {
  record: ParticipantRecord;
  status: RecruitmentStatus;
  birthDate: string | null;
  sex: string | null;
  age: number | null;
  assessments: AssessmentSummary[];
  responses: StoredResponse[];
  /** Latest total per instrument. */
  latest: Map<string, number | null>;
  profiling: { input: ProfilingInput; responseId: string; encounterId: string | null } | null;
  balance: { result: BalanceResult; responseId: string } | null;
  medications: { polypharmacy: boolean; psychoactive: boolean; count: number };
  observations: Map<string, FhirObservation>;
  heartFailureReduced: boolean;
  /** The latest recruitment decision, so a risk already weighed is not asked about again. */
  lastDecision: { to: RecruitmentStatus; reason: string | null; risks: RuleMessage[]; decidedAt: string } | null;
}

const OBSERVED = ['fallsLastYear', 'rombergAbnormal', 'timedUpAndGoAbnormal'] as const;

/** The latest Observation of each OBSERVED code, from a search sorted by date, newest first. */
function latestObservations(found: FhirObservation[]): Map<string, FhirObservation> {
  const latest = new Map<string, FhirObservation>();
  for (const key of OBSERVED) {
    const match = found.find((o) => o.code.coding.some((c) => c.code === OBSERVATION_CODES[key].coding.code));
    if (match) latest.set(key, match);
  }
  return latest;
}

const OBSERVED_CODES = OBSERVED.map((key) => `${OBSERVATION_CODES[key].coding.system}|${OBSERVATION_CODES[key].coding.code}`).join(',');

/** The facts' statement for one participant: the FHIR searches, the participant's row and its last decision beside them. */
function factsStatement(tx: Executor, fhir: FhirClient, id: string) {
  const subject = `Patient/${id}`;
  const lastDecision = tx.selectFrom('recruitment_decision').select(['to_status', 'reason', 'risks', 'decided_at'])
    .where('participant_id', '=', id).orderBy('decided_at', 'desc').limit(1);
  const { query, read } = fhir.searchManyAlongsideStatement([
    ['Patient', { _id: id }],
    ['Encounter', { subject, _count: '500' }],
    ['QuestionnaireResponse', { subject, _sort: '-authored', _count: String(RESPONSES_READ) }],
    ['MedicationStatement', { subject, _count: '500' }],
    ['Condition', { subject, code: `${SNOMED}|${HEART_FAILURE_REDUCED}` }],
    ['Observation', { subject, code: OBSERVED_CODES, _sort: '-date', _count: '100' }],
  ], {
    record: sql`select row_to_json(r) from (${recordRow(tx, id)}) as r`,
    decision: sql`select row_to_json(d) from (${lastDecision}) as d`,
  });
  return { compiled: query.compile(tx), read };
}

// Compiled once per caller access (organisation and roles), for any participant.
const factsStatements = new StatementTemplates<ReturnType<typeof factsStatement>['read']>();

interface DecisionRow { to_status: number; reason: string | null; risks: RuleMessage[]; decided_at: string }

/**
 * Reads the facts in the caller's transaction or on one connection (reads only), in one statement
 * (factsStatement). With `organisation`, a participant of another organisation (or none) is 404 (`ownParticipantId` done here).
 */
export async function readPatientFacts(tx: Executor, fhir: FhirClient, id: string, now = new Date(), organisation?: string): Promise<PatientFacts> {
  // The template skips the search's own check of the reference, and participant ids are uuids: anything else is no one.
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
  const { query, read } = factsStatements.get(accessKey(fhir.actor), [id], ([participant]) => factsStatement(tx, fhir, participant));
  const { lists, alongside } = await read(tx, (await tx.executeQuery(query)).rows[0] as Record<string, unknown>);
  const row = alongside.record as RecordRow | null;
  if (!row || (organisation !== undefined && row.organisation !== organisation)) throw notFound();
  const record = toRecord(row);
  const [patients, encounters, responseResources, statements, conditions, observations] =
    lists as [PatientResource[], EncounterResource[], ResponseResource[], Resource[], ConditionResource[], FhirObservation[]];
  // What fhir.read would refuse (missing, another organisation's, deleted): 404 to the caller either way.
  const patient = patients[0];
  if (!patient) throw fhirNotFound(`Patient/${id} not found`);
  const assessments = encounters.map(summariseEncounter).filter((a): a is AssessmentSummary => a !== null).sort((a, b) => a.number - b.number);
  const responses: StoredResponse[] = [];
  const latest = new Map<string, number | null>();
  let profiling: PatientFacts['profiling'] = null;
  let balance: PatientFacts['balance'] = null;
  for (const response of responseResources) {
    const url = response.questionnaire?.split('|')[0];
    if (url === PROFILING_QUESTIONNAIRE) {
      const input = profilingFromResponseItems(response.item ?? []);
      if (input && !profiling) profiling = { input, responseId: response.id!, encounterId: encounterIdOf(response.encounter?.reference) };
      continue;
    }
    if (url === BALANCE_QUESTIONNAIRE) {
      if (!balance) balance = { result: balanceResultFromItems(response.item ?? []), responseId: response.id! };
      continue;
    }
    const instrument = instrumentOf(response.questionnaire);
    if (!instrument) continue;
    const { total, band } = scoreOf(instrument, response);
    responses.push({ id: response.id!, instrument, encounterId: encounterIdOf(response.encounter?.reference), authored: response.authored ?? null, total, band });
    if (!latest.has(instrument)) latest.set(instrument, total);
  }
  const active = statements.filter((s) => (s as { status?: string }).status === 'active').map((s) => fromMedicationStatement(s as never));
  const decision = alongside.decision as DecisionRow | null;
  const birthDate = patient.birthDate ?? null;
  // A birth date in the future gives no age: the record needs correcting before an assessment.
  const age = currentAge({ birthDate, age: record.age }, now);
  return {
    record,
    status: recruitmentStatusFromCode(record.recruitment)!,
    birthDate,
    sex: patient.gender ?? null,
    age: age !== null && age >= 0 ? age : null,
    assessments,
    responses,
    latest,
    profiling,
    balance,
    medications: { ...medicationFlags(active), count: active.length },
    observations: latestObservations(observations),
    lastDecision: decision ? {
      to: recruitmentStatusFromCode(decision.to_status)!, reason: decision.reason, risks: decision.risks, decidedAt: new Date(decision.decided_at).toISOString(),
    } : null,
    heartFailureReduced: conditions.some((c) => c.clinicalStatus?.coding?.some((coding) => coding.code === 'active')),
  };
}
