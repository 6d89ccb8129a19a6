import { recordedInstrument } from '../instruments/registry.ts';
import { validateAnswers } from '../instruments/validate.ts';
import type { AnswerValue, ScoreResult } from '../instruments/types.ts';
import { ageBand } from '../rules/clinical-calculations.ts';
import { clinicalKeyOf, formValueOf } from '../rules/assessment-clinical-fields.ts';
import type { FhirObservation } from '../rules/observation-builder.ts';
import type { ProfilingInput } from '../rules/assessment-profiling.ts';
import { PROFILING_CONDITIONS } from '../rules/profiling-conditions.ts';
import { currentAge } from '../rules/participants-demographics.ts';
import { fromResponseItems, type ResponseItem } from '../rules/questionnaire-response.ts';
import type { RecruitmentStatus } from '../rules/recruitment-status.ts';
import type { DatasetParams } from './params.ts';
import { indexVariableName, itemVariableName, variableName } from './variables.ts';

/** One value of the dataset; null is an empty cell. */
export type Cell = string | number | boolean | null;
export type Values = Record<string, Cell>;

/** What the study record says about a participant; the identity (names, contacts, exact birth date) never leaves this step. */
export interface ParticipantFacts {
  studyId: string;
  pilot: number;
  organisation: string;
  gender: string | null;
  birthDate: string | null;
  age: { years: number; recordedOn: string | null } | null;
  recruitment: RecruitmentStatus | null;
  enrolledOn: string | null;
  consentDate: string | null;
  consentWithdrawalDate: string | null;
  dropOffDate: string | null;
  profiling: ProfilingInput | null;
}

export interface EncounterFacts {
  number: number;
  date: string | null;
  observations: readonly FhirObservation[];
  responses: readonly { questionnaire?: string; item?: readonly ResponseItem[] }[];
}

const FHIR_GENDERS = new Set(['male', 'female', 'other', 'unknown']);
const day = (value: string | null) => (value ? value.slice(0, 10) : null);

/** The birth as the parameters allow it: the year, or the age band of SPEC §7 (null below 60). */
export function birthValue(facts: Pick<ParticipantFacts, 'birthDate' | 'age'>, birth: DatasetParams['birth'], now: Date): Cell {
  if (birth === 'year') return facts.birthDate ? Number(facts.birthDate.slice(0, 4)) : null;
  return ageBand(currentAge(facts, now));
}

export function participantValues(facts: ParticipantFacts, params: Pick<DatasetParams, 'birth'>, now: Date): Values {
  const values: Values = {
    study_id: facts.studyId,
    pilot: facts.pilot,
    organisation: facts.organisation,
    gender: facts.gender === null ? null : FHIR_GENDERS.has(facts.gender) ? facts.gender : 'other',
    [params.birth === 'year' ? 'birth_year' : 'age_band']: birthValue(facts, params.birth, now),
    recruitment_status: facts.recruitment,
    enrolled_on: day(facts.enrolledOn),
    consent_date: day(facts.consentDate),
    consent_withdrawal_date: day(facts.consentWithdrawalDate),
    drop_off_date: day(facts.dropOffDate),
  };
  for (const condition of PROFILING_CONDITIONS) values[variableName('profiling', condition)] = facts.profiling ? facts.profiling[condition] : null;
  return values;
}

function answerCell(value: AnswerValue): Cell {
  return typeof value === 'number' || typeof value === 'boolean' ? value : null;
}

function scoreOf(def: NonNullable<ReturnType<typeof recordedInstrument>>, answers: Record<string, AnswerValue>): ScoreResult | null {
  try {
    return def.score(validateAnswers(def, answers));
  } catch {
    // An answer set the definition refuses (edited outside Geria) has its answers but no score.
    return null;
  }
}

/** A score's values: total, band, each subscale (a sub-instrument's as `<id>_<key>_total` and `_band`), each index value. */
function putScore(id: string, score: ScoreResult, put: (name: string, value: Cell) => void, prefix: string[] = []): void {
  put(variableName(id, ...prefix, 'total'), score.total);
  put(variableName(id, ...prefix, 'band'), score.band);
  for (const [key, value] of Object.entries(score.subscales ?? {})) {
    if (value !== null && typeof value === 'object') putScore(id, value, put, [...prefix, key]);
    else put(variableName(id, ...prefix, key), value);
  }
  for (const [valueSet, value] of Object.entries(score.index ?? {})) put(indexVariableName(id, valueSet), value);
}

/**
 * The values of one assessment: its date, its clinical fields (form values: option keys for coded
 * answers, both pressures of a blood pressure) and, for each response of a chosen instrument, its
 * coded answers and its score computed by the definition it was recorded with. Only names in
 * `wanted` are kept, so a field or an item of an earlier version outside the catalogue is left out.
 */
export function encounterValues(encounter: EncounterFacts, instruments: ReadonlySet<string>, wanted: ReadonlySet<string>): Values {
  const values: Values = { assessment_date: day(encounter.date) };
  const put = (name: string, value: Cell) => { if (wanted.has(name) && value !== null && value !== undefined) values[name] = value; };
  for (const observation of encounter.observations) {
    const key = clinicalKeyOf(observation);
    if (!key) continue;
    const value = formValueOf(key, observation);
    if (value !== null && typeof value === 'object') {
      put(variableName(key, 'systolic'), value.systolic);
      put(variableName(key, 'diastolic'), value.diastolic);
    } else put(variableName(key), value);
  }
  for (const response of encounter.responses) {
    const def = recordedInstrument(response.questionnaire);
    if (!def || !instruments.has(def.id)) continue;
    const answers = fromResponseItems(response.item ?? []);
    for (const [linkId, value] of Object.entries(answers)) put(itemVariableName(def.id, linkId), answerCell(value));
    const score = scoreOf(def, answers);
    if (score) putScore(def.id, score, put);
  }
  return values;
}
