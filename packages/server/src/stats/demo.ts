import { sql } from 'kysely';
import {
  codedObservationItem, fromResponseItems, questionnaireUrl, requireInstrument, scoreInstrument, toFhirObservation, validateAnswers,
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
import { writeScoredResponse } from '../demo/scored-response.ts';

/** The instruments the Home charts and the demo analytics read, besides MoCA (already answered in the demo assessments). */
const INSTRUMENTS = ['phq9', 'eq5d5l', 'fesi', 'abc', 'fga', 'minibest', 'gds15', 'iadl', 'efs', 'mnasf'] as const;
const DEMO_CONDITIONS = ['hypertension', 'diabetesType2', 'osteoarthritis'] as const satisfies readonly ConditionKey[];
// Enough assessments for every chart, few enough that `npm start` stays quick.
const MAX_ASSESSMENTS = 240;

// Instruments whose higher total means better health (confidence, gait, balance, independence, nutrition).
const HIGHER_IS_BETTER = new Set(['abc', 'fga', 'minibest', 'iadl', 'mnasf']);
// Items outside the total that rate health the other way round (the EQ VAS beside the EQ-5D-5L level sum).
const ITEM_HIGHER_IS_BETTER = new Set(['eq5d5l-vas']);

type Candidate = Answers[string];

/** An item's possible answers (a number item at its two ends and its middle). */
function candidates(item: ItemDef): Candidate[] {
  switch (item.type) {
    case 'choice': return item.options.map((o) => o.value);
    case 'boolean': return [false, true];
    case 'integer':
    case 'decimal': {
      const max = item.max ?? item.min + 30;
      const step = item.step ?? (item.type === 'integer' ? 1 : 0.1);
      return Array.from({ length: Math.round((max - item.min) / step) + 1 }, (_, i) => Math.round((item.min + i * step) * 1000) / 1000);
    }
    case 'string': return [];
  }
}

function totalWith(def: InstrumentDef, base: Answers, linkId: string, value: Candidate): number | null {
  try {
    return def.score(validateAnswers(def, { ...base, [linkId]: value })).total;
  } catch {
    return null;
  }
}

/**
 * Each item's answers ordered from the lowest to the highest total they give, the other items held
 * at their first answer. The order comes from the scoring itself, not from how the options are
 * listed (FGA and Mini-BESTest list the best level first, GDS-15 keys some items in reverse,
 * Lawton's IADL gives a point to some options only), so "more burden" always moves the total the
 * same way. Items outside the total keep their listed order.
 */
const ORDERED = new Map<string, Map<string, Candidate[]>>();
function orderedAnswers(def: InstrumentDef): Map<string, Candidate[]> {
  const known = ORDERED.get(def.id);
  if (known) return known;
  const base: Answers = Object.fromEntries(def.items.flatMap((item) => {
    const first = candidates(item)[0];
    return first === undefined ? [] : [[item.linkId, first]];
  }));
  const ordered = new Map(def.items.map((item) => {
    const values = candidates(item).map((value, i) => ({ value, i, total: totalWith(def, base, item.linkId, value) }));
    const scored = values.every((v) => v.total !== null) && new Set(values.map((v) => v.total)).size > 1;
    return [item.linkId, (scored ? [...values].sort((a, b) => a.total! - b.total! || a.i - b.i) : values).map((v) => v.value)] as const;
  }));
  ORDERED.set(def.id, ordered);
  return ordered;
}

/** The instrument's items answered around a level (optional ones at random), each in its scoring direction. */
function answersAround(def: InstrumentDef, burden: number, random: Random): Answers {
  const ordered = orderedAnswers(def);
  const toward = HIGHER_IS_BETTER.has(def.id) ? 1 - burden : burden;
  return Object.fromEntries(def.items.flatMap((item) => {
    if (item.optional && random.chance(0.5)) return [];
    if (item.type === 'string') return item.optional ? [] : [[item.linkId, 'demo']];
    const values = ordered.get(item.linkId)!;
    const target = ITEM_HIGHER_IS_BETTER.has(item.linkId) ? 1 - burden : toward;
    const level = Math.min(1, Math.max(0, target + (random.next() - 0.5) * 0.5));
    return [[item.linkId, values[Math.min(values.length - 1, Math.floor(level * values.length))]!]];
  }));
}

/**
 * A scorable answer set for a participant's `burden` (0 well … 1 unwell), each item drawn around
 * it, so that scores of the same participant agree with each other and the correlation charts show
 * the clinically expected trend; null when no draw gave a total (the visit then lacks the instrument).
 */
function answersOf(def: InstrumentDef, burden: number, random: Random): Answers | null {
  for (let attempt = 0; attempt < 20; attempt++) {
    const answers = answersAround(def, burden, random);
    try {
      if (def.score(validateAnswers(def, answers)).total !== null) return answers;
    } catch {
      // A rule between items refused this draw (e.g. a Mini-BESTest item scored both ways): draw again.
    }
  }
  return null;
}

interface Visit { patient: string; encounter: string; start: string; moca: string | null }

/** A participant's burden at the first visit: half their MoCA (10–30, the screened range), half chance. */
async function mocaBurden(client: FhirClient, mocaResponse: string, random: Random): Promise<number> {
  const response = await client.read('QuestionnaireResponse', mocaResponse) as { item?: ResponseItem[] };
  const moca = scoreInstrument('moca', fromResponseItems(response.item ?? [])).total ?? 20;
  return Math.min(1, Math.max(0, 0.5 * ((30 - moca) / 20) + 0.4 * random.next()));
}

async function writeVisit(session: WriteSession, random: Random, visit: Visit, burden: number, first: boolean) {
  const context = { subject: `Patient/${visit.patient}`, encounter: `Encounter/${visit.encounter}`, authored: visit.start };
  for (const id of INSTRUMENTS) {
    const def = requireInstrument(id);
    const answers = answersOf(def, burden, random);
    if (answers) await writeScoredResponse(session, def, answers, context);
  }
  const habits: Partial<Record<ClinicalKey, ObservationValue>> = {
    fallsLastYear: Math.max(0, Math.round(burden * 5 + (random.next() - 0.5) * 2)),
    physicalActivity: Math.round((1 - burden) * 300 * random.next()),
    smokerStatus: random.weighted([['never', 5], ['former', 3], ['current', 2]] as const),
  };
  if (habits.smokerStatus === 'current') {
    habits.cigarettesPerDay = random.int(2, 30);
    habits.yearsSmoked = random.int(10, 60);
  }
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
      const first = !burdens.has(row.patient);
      const previous = burdens.get(row.patient) ?? await mocaBurden(client, row.moca!, random);
      // A participant's burden drifts a little between visits (the box plots per assessment differ), and
      // a frail one loses function at some follow-ups (the analytics' intrinsic-capacity alerts show them).
      const decline = first || !random.chance(0.3) ? 0 : 0.15 + random.next() * 0.15;
      const burden = Math.min(1, Math.max(0, previous + (random.next() - 0.4) * 0.15 + decline));
      burdens.set(row.patient, burden);
      await writeVisit(session, random, row, burden, first);
    }
  });
  log?.(`demo study: scores and habits of ${visits.length} assessments in ${Date.now() - started} ms`);
};
