import type { Observation } from '@medplum/fhirtypes';
import { sql, type Insertable } from 'kysely';
import {
  evaluateRule, fillMessage, firingWindow, formatDay, formatReading, INTERVENTION_LOINC, isLanguage, needsProfiling, notifiedManagers,
  participantLabel, targets, translate, unitKey, WINDOWED_TYPES,
  type Firing, type InterventionRule, type InterventionType, type Language, type RuleInput,
} from '@geria/domain';
import { profilingFromResponseItems, PROFILING_QUESTIONNAIRE, type ProfilingInput } from '@geria/domain/rules/assessment-profiling.ts';
import type { ResponseItem } from '@geria/domain/rules/questionnaire-response.ts';
import type { Executor } from '../fhir/repository.ts';
import type { FhirWriteHook } from '../fhir/write-hooks.ts';
import type { ParticipantNotificationTable } from '../assessments/tables.ts';
import type { CareManagerRow } from '../participants/tables.ts';
import type { InterventionDeliveryTable, InterventionFiringTable } from './tables.ts';
import { readingOf, type Reading } from './readings.ts';

const DAY_MS = 86_400_000;
/** The longest window a rule may have (the domain schema's `windowDays` maximum). */
const MAX_WINDOW_DAYS = 365;

interface Subject {
  id: string; organisation: string; recruitment: number; ccmids: CareManagerRow[]; caregiver_emails: string[];
  first_name: string; last_name: string; project_identifier: string | null;
  /** Read only when a condition cohort needs it: undefined not read yet, null not profiled. */
  profiling?: ProfilingInput | null;
}
interface StoredRule { id: string; name: string; definition: InterventionRule }

const TYPES_OF: Record<Reading['kind'], InterventionType[]> = {
  weight: ['weightLoss', 'weightGain'], bmi: ['bmi'], heartRate: ['heartRate'], bloodPressure: ['bloodPressure'], steps: [], poorPosture: ['poorPosture'],
};

const SUBJECT_COLUMNS = ['id', 'organisation', 'recruitment', 'ccmids', 'caregiver_emails', 'first_name', 'last_name', 'project_identifier'] as const;

/**
 * A firing's reading as messages show it: the value, or a blood pressure's systolic/diastolic pair
 * (as evaluated, a missing value NaN; as stored, null).
 */
export const readingValue = (firing: { value: number | null; diastolic?: number | null }): number | null | (number | null)[] => {
  const value = firing.value === null || Number.isNaN(firing.value) ? null : firing.value;
  return firing.diastolic === undefined || firing.diastolic === null ? value : [value, firing.diastolic];
};

/** A unit's label in a language; a unit without one as sent. */
export const unitLabel = (lang: Language, unit: string) => {
  const key = unitKey(unit);
  return key ? translate(lang, key) : unit;
};

/** Participants the rules may look at: processing not restricted or objected to (SPEC §3 GDPR). */
async function subjects(db: Executor, ids: readonly string[]): Promise<Map<string, Subject>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('participant')
    .select(SUBJECT_COLUMNS)
    .where('id', 'in', ids).where('processing_excluded', '=', false).execute();
  return new Map(rows.map((r) => [r.id, r as Subject]));
}

/**
 * The profiling of each participant (SPEC §3), as the assessment records it: their latest
 * QuestionnaireResponse of the profiling questionnaire; null for those not profiled.
 */
async function profilingOf(db: Executor, ids: readonly string[]): Promise<Map<string, ProfilingInput | null>> {
  const found = new Map<string, ProfilingInput | null>(ids.map((id) => [id, null]));
  if (!ids.length) return found;
  const rows = await db.selectFrom('fhir_resource').select(['patient_id', 'content'])
    .where('resource_type', '=', 'QuestionnaireResponse').where('deleted', '=', false).where('patient_id', 'in', ids)
    .where(sql<boolean>`${`questionnaire=${PROFILING_QUESTIONNAIRE}`} = any(tokens)`)
    .orderBy('last_updated', 'desc').execute();
  const seen = new Set<string>();
  for (const row of rows) {
    if (!row.patient_id || seen.has(row.patient_id)) continue;
    seen.add(row.patient_id);
    found.set(row.patient_id, profilingFromResponseItems(((row.content as { item?: ResponseItem[] }).item) ?? []));
  }
  return found;
}

/** Fills in the profiling of the subjects that lack it, when one of the rules needs it. */
async function withProfiling(db: Executor, people: readonly Subject[], rules: readonly StoredRule[]) {
  if (!rules.some((r) => needsProfiling(r.definition.target))) return;
  const missing = people.filter((p) => p.profiling === undefined);
  const profiles = await profilingOf(db, missing.map((p) => p.id));
  for (const p of missing) p.profiling = profiles.get(p.id) ?? null;
}

async function activeRules(db: Executor, organisation: string): Promise<StoredRule[]> {
  return db.selectFrom('intervention_rule').select(['id', 'name', 'definition'])
    .where('organisation', '=', organisation).where('active', '=', true).execute();
}

/** Readings of one kind of a participant's Observations in [from, to). */
async function readingsBetween(db: Executor, participantId: string, kind: Reading['kind'], from: Date, to: Date): Promise<Reading[]> {
  const codes = kind === 'weight' ? [INTERVENTION_LOINC.weight] : [INTERVENTION_LOINC.steps];
  const rows = await db.selectFrom('fhir_resource').select('content')
    .where('resource_type', '=', 'Observation').where('patient_id', '=', participantId).where('deleted', '=', false)
    .where('date_start', '>=', from).where('date_start', '<', to)
    .where((eb) => eb.or(codes.map((code) => sql<boolean>`${eb.ref('content')} @> ${JSON.stringify({ code: { coding: [{ code }] } })}::jsonb`)))
    .execute();
  return rows.map((r) => readingOf(r.content as unknown as Observation)).filter((r): r is Reading => r?.kind === kind)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The weight change (kg) over the window ending at `end`: last minus first reading; null with fewer than two. */
function weightChange(readings: readonly Reading[], windowDays: number, end: Date): RuleInput | null {
  const from = end.getTime() - windowDays * DAY_MS;
  const weights = readings.filter((r) => r.at.getTime() >= from && r.at.getTime() <= end.getTime());
  if (weights.length < 2) return null;
  const change = Math.round((weights.at(-1)!.value! - weights[0]!.value!) * 100) / 100;
  return { value: change, unit: 'kg', at: end, measuredAt: weights.at(-1)!.at };
}

/** A rule's evaluation on one participant's reading (or window), for `fire`. */
interface Candidate { rule: StoredRule; subject: Subject; m: RuleInput; observationId: string | null }

/** A candidate whose rule fires, with its intervention_firing row. */
interface Fired { candidate: Candidate; firing: Firing; measuredAt: Date; row: Insertable<InterventionFiringTable> }

const firingKey = (r: { rule_id: string; participant_id: string; window_key: string }) => `${r.rule_id} ${r.participant_id} ${r.window_key}`;

/**
 * Records each firing once per rule, participant and window (the unique key answers a retry, a
 * concurrent ingestion or a second scheduler run with "already fired") and queues their deliveries,
 * all the firings of a write in one statement, their deliveries in three. Returns each candidate's
 * new firing id, or null when its rule does not fire or its window had already fired (by an earlier
 * candidate of the same call too, as one at a time would).
 */
export async function fire(db: Executor, candidates: readonly Candidate[]): Promise<(string | null)[]> {
  const seen = new Set<string>();
  const fired = new Map<number, Fired>();
  candidates.forEach((candidate, i) => {
    const { rule, subject, m, observationId } = candidate;
    const firing = evaluateRule(rule.definition, m);
    if (!firing) return;
    const def = rule.definition;
    const measuredAt = m.measuredAt ?? m.at;
    // The rule's message is written in its language: the reading, unit and date are filled in that language too.
    const message = fillMessage(def.message, {
      value: formatReading(def.language, readingValue(firing)), unit: unitLabel(def.language, firing.unit),
      participant: participantLabel({ firstName: subject.first_name, lastName: subject.last_name, projectIdentifier: subject.project_identifier }),
      rule: rule.name, level: firing.level, date: formatDay(def.language, measuredAt),
    });
    const row = {
      rule_id: rule.id, participant_id: subject.id, organisation: subject.organisation,
      window_key: firingWindow(def, m.at, firing.level), observation_id: observationId, level: firing.level,
      value: Number.isNaN(firing.value) ? null : firing.value, diastolic: firing.diastolic ?? null, unit: firing.unit,
      channels: def.channels, message, measured_at: measuredAt,
    };
    if (seen.has(firingKey(row))) return;
    seen.add(firingKey(row));
    fired.set(i, { candidate, firing, measuredAt, row });
  });
  if (!fired.size) return candidates.map(() => null);
  // In the unique key's order, so that two writers of overlapping windows wait for each other instead of deadlocking.
  const rows = [...fired.values()].map((f) => f.row).sort((a, b) => (firingKey(a) < firingKey(b) ? -1 : 1));
  const inserted = await db.insertInto('intervention_firing').values(rows)
    .onConflict((oc) => oc.constraint('intervention_firing_once').doNothing()).returning(['id', 'rule_id', 'participant_id', 'window_key']).execute();
  const idOf = new Map(inserted.map((r) => [firingKey(r), r.id]));
  const ids = candidates.map((_, i) => { const f = fired.get(i); return (f && idOf.get(firingKey(f.row))) ?? null; });
  await queueDeliveries(db, [...fired].flatMap(([i, f]) => (ids[i] ? [{ ...f, id: ids[i]! }] : [])));
  return ids;
}

/**
 * The firings' deliveries: a record for the participant's app, an inbox notice and an e-mail for
 * each accepted care-centre manager who keeps notifications on, an e-mail for each caregiver.
 * E-mails are queued (sent by the delivery worker) so a mail server never holds an ingestion.
 */
async function queueDeliveries(db: Executor, fired: readonly (Fired & { id: string })[]) {
  const managersOf = new Map(fired.map((f) => [f.id, f.candidate.rule.definition.channels.includes('managers') ? notifiedManagers(f.candidate.subject.ccmids) : []]));
  const usernames = [...new Set([...managersOf.values()].flat())];
  const users = usernames.length ? await db.selectFrom('app_user').select(['username', 'email', 'language']).where('username', 'in', usernames).execute() : [];
  const deliveries: Insertable<InterventionDeliveryTable>[] = [];
  const notices = new Map<string, Insertable<ParticipantNotificationTable>>();
  for (const { id, candidate: { rule, subject }, firing, measuredAt } of fired) {
    const ruleLanguage = rule.definition.language;
    const channels = rule.definition.channels;
    const add = (d: Omit<Insertable<InterventionDeliveryTable>, 'firing_id'>) => deliveries.push({ firing_id: id, ...d });
    if (channels.includes('app')) add({ channel: 'app', recipient: subject.id, language: ruleLanguage });
    const managers = managersOf.get(id)!;
    if (managers.length) {
      const unitRef = unitKey(firing.unit);
      const message = JSON.stringify({
        code: 'interventions.notifications.firedReading',
        params: { rule: rule.name, reading: readingValue(firing), unit: firing.unit, measuredAt: measuredAt.toISOString() },
        ...(unitRef && { refs: { unit: unitRef } }),
      });
      // Two firings of the rule on readings of the same minute (a pressure's two halves, a level
      // then a worse one) fold into one notice, the latest, unread again.
      const foldKey = `${rule.id}:${subject.id}:${measuredAt.toISOString().slice(0, 16)}`;
      for (const recipient of managers) {
        notices.delete(`${recipient} ${foldKey}`); // the later firing's notice, in the later place
        notices.set(`${recipient} ${foldKey}`, { participant_id: subject.id, recipient, message, fold_key: foldKey });
      }
      for (const m of managers) add({ channel: 'inbox', recipient: m, language: ruleLanguage, status: 'sent', sent_at: new Date() });
      for (const u of users.filter((user) => managers.includes(user.username))) {
        add({ channel: 'email', recipient: u.email, language: isLanguage(u.language) ? u.language : ruleLanguage });
      }
    }
    if (channels.includes('caregivers')) {
      for (const email of new Set(subject.caregiver_emails)) add({ channel: 'email', recipient: email, language: ruleLanguage });
    }
  }
  if (notices.size) {
    await db.insertInto('participant_notification').values([...notices.values()])
      .onConflict((oc) => oc.columns(['recipient', 'fold_key']).where('fold_key', 'is not', null)
        .doUpdateSet({ message: (eb) => eb.ref('excluded.message'), created_at: new Date(), read_at: null }))
      .execute();
  }
  if (deliveries.length) await db.insertInto('intervention_delivery').values(deliveries).execute();
}

/**
 * The FHIR write hook: evaluates the point and weight-change rules on each Observation written, in
 * the write's transaction. Rules are read once per organisation, a participant's weights once per
 * write, and the firings recorded together, so a device bundle of 100 readings costs a few queries, not hundreds.
 */
export const evaluateObservationWrites: FhirWriteHook = async (db, _actor, writes) => {
  const readings = writes
    .filter((w) => w.type === 'Observation' && w.resource && w.interaction !== 'delete')
    .map((w) => readingOf(w.resource as Observation)).filter((r): r is Reading => r !== null && TYPES_OF[r.kind].length > 0);
  if (!readings.length) return;
  const people = await subjects(db, [...new Set(readings.map((r) => r.participantId))]);
  const rulesOf = new Map<string, Promise<StoredRule[]>>();
  const weightsOf = new Map<string, Promise<Reading[]>>();
  const candidates: Candidate[] = [];
  for (const reading of readings) {
    const subject = people.get(reading.participantId);
    if (!subject) continue;
    if (!rulesOf.has(subject.organisation)) rulesOf.set(subject.organisation, activeRules(db, subject.organisation));
    const ofType = (await rulesOf.get(subject.organisation)!).filter((r) => TYPES_OF[reading.kind].includes(r.definition.type));
    await withProfiling(db, [subject], ofType);
    const rules = ofType.filter((r) => targets(r.definition.target, subject));
    for (const rule of rules) {
      let m: RuleInput | null;
      if (WINDOWED_TYPES.includes(rule.definition.type)) {
        if (!weightsOf.has(subject.id)) {
          const own = readings.filter((r) => r.participantId === subject.id && r.kind === 'weight').map((r) => r.at.getTime());
          weightsOf.set(subject.id, readingsBetween(db, subject.id, 'weight', new Date(Math.min(...own) - MAX_WINDOW_DAYS * DAY_MS), new Date(Math.max(...own) + 1)));
        }
        m = weightChange(await weightsOf.get(subject.id)!, rule.definition.windowDays!, reading.at);
      } else {
        m = { value: reading.value, diastolic: reading.diastolic, unit: reading.unit, at: reading.at };
      }
      if (m) candidates.push({ rule, subject, m, observationId: reading.observationId });
    }
  }
  await fire(db, candidates);
};

/**
 * The schedule's pass over the windowed rules (weight change, activity over N days) for the window
 * ending at `now`. Safe to run twice or in two processes: a window fires at most once. Activity
 * counts only participants who sent steps in the window, so missing devices do not raise alarms.
 */
export async function evaluateWindowedRules(db: Executor, now = new Date()): Promise<number> {
  const rules = await db.selectFrom('intervention_rule').select(['id', 'name', 'definition', 'organisation'])
    .where('active', '=', true).where('type', 'in', [...WINDOWED_TYPES]).execute();
  let fired = 0;
  for (const rule of rules) {
    const def = rule.definition;
    const candidates = await db.selectFrom('participant').select(SUBJECT_COLUMNS)
      .where('organisation', '=', rule.organisation).where('processing_excluded', '=', false).execute() as Subject[];
    await withProfiling(db, candidates, [rule]);
    for (const subject of candidates) {
      if (!targets(def.target, subject)) continue;
      let m: RuleInput | null;
      if (def.type === 'physicalActivity') {
        const steps = await readingsBetween(db, subject.id, 'steps', new Date(now.getTime() - def.windowDays! * DAY_MS), now);
        m = steps.length ? { value: steps.reduce((sum, s) => sum + (s.value ?? 0), 0), unit: 'steps', at: now, measuredAt: steps.at(-1)!.at } : null;
      } else {
        m = weightChange(await readingsBetween(db, subject.id, 'weight', new Date(now.getTime() - def.windowDays! * DAY_MS), new Date(now.getTime() + 1)), def.windowDays!, now);
      }
      if (m && (await fire(db, [{ rule, subject, m, observationId: null }]))[0]) fired++;
    }
  }
  return fired;
}
