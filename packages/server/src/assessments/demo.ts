import { randomUUID } from 'node:crypto';
import { codedObservationItem, requireInstrument, toFhirObservation, type ObservationValue } from '@geria/domain';
import { assessmentEncounter } from '@geria/domain/rules/assessment-encounter.ts';
import { PROFILING_CONDITIONS, PROFILING_QUESTIONNAIRE, profilingResponseItems, type ProfilingInput } from '@geria/domain/rules/assessment-profiling.ts';
import { derivedClinicalValues, type ClinicalKey } from '@geria/domain/rules/assessment-clinical-fields.ts';
import type { Db } from '../db/connection.ts';
import { fhirService } from '../fhir/service.ts';
import type { WriteSession } from '../fhir/writes.ts';
import { DEMO_ORGANISATION } from '../demo/accounts.ts';
import { seededRandom, type Random } from '../demo/random.ts';
import type { DemoGenerator } from '../demo/study.ts';
import { writeScoredResponse } from '../demo/scored-response.ts';
import { mocaAnswers } from './demo-answers.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const AUTHOR = { username: 'demo-ccm', name: 'Chiara Conti' };
// The whole demo organisation, so no accepted participant lacks the screening that accepted them.
const MAX_PARTICIPANTS = 400;

interface DemoParticipant { id: string; recruitment: number; createdAt: Date; birthYear: number | null; gender: string | null }

const AT_RISK_OR_EXCLUDED = [2, 3];
const SCREENED = [1, 4, 5];

/** Questionnaire scores that agree with the participant's recruitment status. */
function screeningScores(random: Random, recruitment: number) {
  if (AT_RISK_OR_EXCLUDED.includes(recruitment)) return random.chance(0.5)
    ? { dexterity: random.int(5, 6), moca: random.int(18, 29) }
    : { dexterity: random.int(1, 4), moca: random.int(10, 17) };
  return { dexterity: random.int(1, 4), moca: random.int(18, 30) };
}

function profiling(random: Random): ProfilingInput {
  const values = Object.fromEntries(PROFILING_CONDITIONS.map((c) => [c, random.chance(0.4)])) as ProfilingInput;
  if (!PROFILING_CONDITIONS.some((c) => values[c])) values.frailty = true;
  return values;
}

/** Anthropometry and vitals of a visit, with the derived values the API would compute. */
function clinicalValues(random: Random, participant: DemoParticipant, visit: Date): Partial<Record<ClinicalKey, ObservationValue>> {
  const height = random.int(150, 185);
  const inputs = {
    bodyWeight: random.int(48, 95), bodyHeight: height, waistCircumference: random.int(75, 110), hipCircumference: random.int(88, 115),
    heartRate: random.int(55, 95),
    bloodPressureStanding: { systolic: random.int(110, 165), diastolic: random.int(65, 95), arm: random.pick(['left', 'right'] as const) },
    serumCreatinine: random.int(6, 14) / 10,
  };
  const age = participant.birthYear === null ? null : visit.getUTCFullYear() - participant.birthYear;
  const derived = derivedClinicalValues(inputs, { age, sex: participant.gender, africanAmerican: false });
  return { ...inputs, ...(derived.errors.length ? { serumCreatinine: null } : derived.values) };
}

async function writeAssessment(session: WriteSession, random: Random, participant: DemoParticipant, number: number, visit: Date, full: boolean) {
  const encounterId = randomUUID();
  await session.create(assessmentEncounter({ patient: participant.id, number, start: visit.toISOString(), author: AUTHOR }), encounterId);
  const context = { subject: `Patient/${participant.id}`, encounter: `Encounter/${encounterId}`, authored: new Date(visit.getTime() + 3_600_000).toISOString() };
  if (number === 1) {
    await session.create({
      resourceType: 'QuestionnaireResponse', questionnaire: PROFILING_QUESTIONNAIRE, status: 'completed',
      subject: { reference: context.subject }, encounter: { reference: context.encounter }, authored: context.authored, item: profilingResponseItems(profiling(random)),
    });
  }
  const scores = screeningScores(random, participant.recruitment);
  await writeScoredResponse(session, requireInstrument('dexterity'), { 'dexterity-1': scores.dexterity }, context);
  if (!full) return;
  await writeScoredResponse(session, requireInstrument('moca'), mocaAnswers(scores.moca), context);
  for (const [key, value] of Object.entries(clinicalValues(random, participant, visit))) {
    if (value === null) continue;
    const item = codedObservationItem(key as ClinicalKey, value, {
      patient: participant.id, encounter: encounterId, alreadyPresent: false, effectiveDateTime: visit.toISOString(),
    });
    if (item.ok) await session.create(toFhirObservation(item.item));
  }
}

/**
 * Assessments of the demo organisation's participants (issue 7), consistent with their status:
 * accepted, withdrawn and completed ones have a screened first assessment with profiling, Dexterity,
 * MoCA and clinical fields (some a second one), those at risk of exclusion or excluded have the
 * failing score, and every other
 * pending participant has a first assessment with only the Dexterity, so screening can be shown
 * both unstarted and half done. Runs once, after the participants, on a study without assessments.
 */
export const demoAssessments: DemoGenerator = async (db: Db, { log }) => {
  const fhir = fhirService(db).withContext({ kind: 'system', name: 'demo' });
  if (((await fhir.search('Encounter', { _count: '0' })).total ?? 0) > 0) return;
  const participants = await db.kysely.selectFrom('participant').select(['id', 'recruitment', 'created_at'])
    .where('organisation', '=', DEMO_ORGANISATION).orderBy('id').limit(MAX_PARTICIPANTS).execute();
  if (!participants.length) return;
  const started = Date.now();
  const now = started;
  const random = seededRandom(7);
  let pending = 0;
  await fhir.writing(async (session, client) => {
    for (const row of participants) {
      const patient = await client.read('Patient', row.id).catch(() => null) as { birthDate?: string; gender?: string } | null;
      if (!patient?.birthDate) continue;
      const participant: DemoParticipant = {
        id: row.id, recruitment: row.recruitment, createdAt: new Date(row.created_at),
        birthYear: Number(patient.birthDate.slice(0, 4)), gender: patient.gender ?? null,
      };
      if (row.recruitment === 0 && pending++ % 2 === 0) continue;
      // Every visit lies in the past: a recent participant is screened by now, a follow-up only if it is due.
      const first = new Date(Math.min(participant.createdAt.getTime() + random.int(1, 20) * DAY, now - HOUR * 2));
      await writeAssessment(session, random, participant, 1, first, row.recruitment !== 0);
      const followUp = new Date(first.getTime() + random.int(90, 180) * DAY);
      if (SCREENED.includes(row.recruitment) && random.chance(0.5) && followUp.getTime() < now - HOUR * 2) {
        await writeAssessment(session, random, participant, 2, followUp, true);
      }
    }
  });
  log?.(`demo study: assessments of ${participants.length} participants in ${Date.now() - started} ms`);
};
