import { sql } from 'kysely';
import {
  codedObservationItem, fromResponseItems, questionnaireUrl, requireInstrument, scoreInstrument, toFhirObservation, toQuestionnaireResponse,
  type Answers, type InstrumentDef, type ItemDef, type ObservationValue, type ResponseItem,
} from '@geria/domain';
import type { ClinicalKey } from '@geria/domain/rules/assessment-clinical-fields.ts';
import { toFhirCondition, type ConditionKey } from '@geria/domain/rules/assessment-conditions.ts';
import type { Db } from '../db/connection.ts';
import { DEMO_ORGANISATION } from '../demo/accounts.ts';
import { seededRandom, type Random } from '../demo/random.ts';
import type { DemoGenerator } from '../demo/study.ts';
import { fhirService, type FhirClient } from '../fhir/service.ts';
import type { WriteSession } from '../fhir/writes.ts';
import { derivedObservations } from '../questionnaires/derived-observations.ts';

/** The instruments the Home charts read, besides MoCA (already answered in the demo assessments). */
const INSTRUMENTS = ['phq9', 'eq5d5l', 'fesi', 'abc', 'fga', 'minibest', 'gds15', 'iadl', 'efs'] as const;
const DEMO_CONDITIONS = ['hypertension', 'diabetesType2', 'osteoarthritis'] as const satisfies readonly ConditionKey[];
// Enough assessments for every chart, few enough that `npm start` stays quick.
const MAX_ASSESSMENTS = 240;

/**
 * One answer per item, drawn around the participant's `burden` (0 well … 1 unwell) so that scores
 * of the same participant agree with each other and the correlation charts show a trend.
 */
function answerOf(item: ItemDef, burden: number, random: Random): Answers[string] | undefined {
  const level = Math.min(1, Math.max(0, burden + (random.next() - 0.5) * 0.5));
  switch (item.type) {
    case 'choice': {
      const options = item.options;
      return options[Math.min(options.length - 1, Math.floor(level * options.length))]!.value;
    }
    case 'boolean': return random.chance(level);
    case 'integer':
    case 'decimal': {
      const max = item.max ?? item.min + 30;
      const step = item.step ?? (item.type === 'integer' ? 1 : 0.1);
      return Math.round((item.min + level * (max - item.min)) / step) * step;
    }
    case 'string': return item.optional ? undefined : 'demo';
  }
}

// Scales on which a higher answer means better health (confidence, gait and balance performance, the EQ VAS).
const BETTER_WHEN_HIGHER = new Set(['abc', 'fga', 'minibest', 'eq5d5l-vas']);

/** The instrument's items answered for a burden, each in its scale's direction. */
function answersOf(def: InstrumentDef, burden: number, random: Random): Answers {
  return Object.fromEntries(def.items.flatMap((item) => {
    const level = BETTER_WHEN_HIGHER.has(def.id) || BETTER_WHEN_HIGHER.has(item.linkId) ? 1 - burden : burden;
    const value = item.optional && random.chance(0.5) ? undefined : answerOf(item, level, random);
    return value === undefined ? [] : [[item.linkId, value]];
  }));
}

interface Visit { patient: string; encounter: string; start: string; moca: string | null }

async function writeVisit(session: WriteSession, client: FhirClient, random: Random, visit: Visit, burden: number, first: boolean) {
  const subject = `Patient/${visit.patient}`;
  const context = { subject, encounter: `Encounter/${visit.encounter}`, authored: visit.start };
  const scored = async (def: InstrumentDef, answers: Answers, responseId: string | null) => {
    const score = scoreInstrument(def.id, answers);
    if (score.total === null && !score.subscales) return;
    let derivedFrom = responseId;
    if (!derivedFrom) derivedFrom = (await session.create(toQuestionnaireResponse({ instrument: def, answers, ...context }))).resource!.id!;
    for (const observation of derivedObservations(def, score, { subject, encounter: context.encounter, effective: visit.start, derivedFrom: `QuestionnaireResponse/${derivedFrom}` })) {
      await session.create(observation);
    }
  };
  if (visit.moca) {
    const response = await client.read('QuestionnaireResponse', visit.moca) as { item?: ResponseItem[] };
    await scored(requireInstrument('moca'), fromResponseItems(response.item ?? []), visit.moca);
  }
  for (const id of INSTRUMENTS) {
    const def = requireInstrument(id);
    try {
      await scored(def, answersOf(def, burden, random), null);
    } catch {
      // An answer set the instrument refuses (a rule between items) is skipped: the demo stays valid.
    }
  }
  const habits: Partial<Record<ClinicalKey, ObservationValue>> = {
    fallsLastYear: Math.max(0, Math.round(burden * 5 + (random.next() - 0.5) * 2)),
    physicalActivity: Math.round((1 - burden) * 300 * random.next()),
    smokerStatus: random.weighted([['never', 5], ['former', 3], ['current', 2]] as const),
  };
  // A few active conditions of the study's list, so comorbidities come from Conditions as well as the profiling.
  if (first) {
    for (const key of DEMO_CONDITIONS) if (random.chance(0.25)) await session.create(toFhirCondition(visit.patient, key, 'active'));
  }
  for (const [key, value] of Object.entries(habits)) {
    const item = codedObservationItem(key as ClinicalKey, value!, { patient: visit.patient, encounter: visit.encounter, alreadyPresent: false, effectiveDateTime: visit.start });
    if (item.ok) await session.create(toFhirObservation(item.item));
  }
}

/**
 * Scores and habits for the demo assessments that have a MoCA (issue 12): every instrument the Home
 * charts read, over the first and follow-up assessments, falls, smoking and activity, so each
 * chart has content. Runs after the assessments, once (none of these scores exists yet).
 */
export const demoHomeStatistics: DemoGenerator = async (db: Db, { log }) => {
  const started = Date.now();
  const fhir = fhirService(db).withContext({ kind: 'system', name: 'demo' });
  if (((await fhir.search('Observation', { code: 'https://geria.example.org/fhir/CodeSystem/instrument-score|phq9', _count: '0' })).total ?? 0) > 0) return;
  const { rows } = await sql<Visit>`
    select e.patient_id as patient, e.id as encounter, e.content->'period'->>'start' as start,
      (select q.id from fhir_resource q where q.resource_type = 'QuestionnaireResponse' and not q.deleted and q.encounter_id = e.id
        and ${`questionnaire=${questionnaireUrl('moca')}`} = any(q.tokens) limit 1) as moca
    from fhir_resource e join participant p on p.id::text = e.patient_id
    where e.resource_type = 'Encounter' and not e.deleted and p.organisation = ${DEMO_ORGANISATION}
    order by e.patient_id, e.date_start limit ${MAX_ASSESSMENTS}`.execute(db.kysely);
  const visits = rows.filter((r) => r.moca);
  if (!visits.length) return;
  const random = seededRandom(12);
  const burdens = new Map<string, number>();
  await fhir.writing(async (session, client) => {
    for (const row of visits) {
      // A participant's burden drifts a little between visits: the box plots per assessment differ.
      const first = !burdens.has(row.patient);
      const burden = Math.min(1, Math.max(0, (burdens.get(row.patient) ?? random.next() * 0.8) + (random.next() - 0.4) * 0.15));
      burdens.set(row.patient, burden);
      await writeVisit(session, client, random, row, burden, first);
    }
  });
  log?.(`demo study: scores and habits of ${visits.length} assessments in ${Date.now() - started} ms`);
};
