import { describe, expect, it } from 'vitest';
import { questionnaireCanonical } from '../instruments/fhir-questionnaire.ts';
import { every } from '../instruments/answers.fixture.ts';
import { eq5d5l } from '../instruments/eq5d5l.ts';
import { eq5dIndex } from '../instruments/eq5d5l-value-sets.ts';
import { hama } from '../instruments/hama.ts';
import { phq9 } from '../instruments/phq9.ts';
import { rga } from '../instruments/rga.ts';
import { itemIds } from '../instruments/scoring.ts';
import type { Answers, InstrumentDef } from '../instruments/types.ts';
import type { FhirObservation } from '../rules/observation-builder.ts';
import { toResponseItems } from '../rules/questionnaire-response.ts';
import { datasetParamsSchema } from './params.ts';
import { birthValue, encounterValues, participantValues, type ParticipantFacts } from './values.ts';
import { datasetVariables } from './variables.ts';

const now = new Date('2026-11-29T00:00:00Z');
const facts: ParticipantFacts = {
  studyId: 'S0123456789ABCDEF', pilot: 2, organisation: 'MIL-GER', gender: 'female', birthDate: '1950-06-15', age: null, recruitment: 'accepted',
  enrolledOn: '2026-01-05T10:00:00Z', consentDate: '2026-01-04', consentWithdrawalDate: null, dropOffDate: null,
  profiling: { hearingLoss: true, cardiovascular: false, frailty: true, cognitive: false, mental: false, balance: true, backPain: false },
};

const observation = (coding: { system: string; code: string }, value: Partial<FhirObservation>): FhirObservation =>
  ({ resourceType: 'Observation', status: 'final', code: { coding: [coding] }, subject: { reference: 'Patient/x' }, ...value }) as FhirObservation;

describe('dataset values', () => {
  it('gives the birth as a year or an age band, never the date', () => {
    expect(birthValue(facts, 'year', now)).toBe(1950);
    expect(birthValue(facts, 'ageBand', now)).toBe('70-79');
    expect(birthValue({ birthDate: null, age: { years: 81, recordedOn: '2025-03-01' } }, 'ageBand', now)).toBe('80-89');
    expect(birthValue({ birthDate: null, age: { years: 81, recordedOn: '2025-03-01' } }, 'year', now)).toBeNull();
    expect(birthValue({ birthDate: null, age: null }, 'ageBand', now)).toBeNull();
  });

  it('writes the participant variables with ISO days and the profiling as booleans', () => {
    const values = participantValues(facts, { birth: 'ageBand' }, now);
    expect(values).toMatchObject({
      study_id: 'S0123456789ABCDEF', pilot: 2, organisation: 'MIL-GER', gender: 'female', age_band: '70-79', recruitment_status: 'accepted',
      enrolled_on: '2026-01-05', consent_date: '2026-01-04', consent_withdrawal_date: null, profiling_hearing_loss: true, profiling_cardiovascular: false,
    });
    expect(JSON.stringify(values)).not.toContain('1950-06-15');
    expect(participantValues({ ...facts, gender: 'nonBinary', profiling: null }, { birth: 'year' }, now)).toMatchObject({ gender: 'other', profiling_frailty: null, birth_year: 1950 });
  });

  it('reads an assessment: clinical fields, both pressures, coded answers and the score of the definition it was recorded with', () => {
    const params = datasetParamsSchema.parse({ instruments: ['phq9'], clinicalSections: ['anthropometry', 'vitals'] });
    const wanted = new Set(datasetVariables(params).map((v) => v.name));
    const answers = { 'phq9-1': 3, 'phq9-2': 2, 'phq9-3': 1, 'phq9-4': 0, 'phq9-5': 0, 'phq9-6': 0, 'phq9-7': 0, 'phq9-8': 0, 'phq9-9': 1 };
    const values = encounterValues({
      number: 1, date: '2026-02-03T09:00:00Z',
      observations: [
        observation({ system: 'http://loinc.org', code: '29463-7' }, { valueQuantity: { value: 71.5, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' } } as Partial<FhirObservation>),
        observation({ system: 'http://loinc.org', code: '85354-9' }, { component: [
          { code: { coding: [{ system: 'http://loinc.org', code: '8460-8' }] }, valueQuantity: { value: 130, unit: 'mmHg' } },
          { code: { coding: [{ system: 'http://loinc.org', code: '8454-1' }] }, valueQuantity: { value: 80, unit: 'mmHg' } },
        ] } as Partial<FhirObservation>),
        // A field of a section not asked for is left out.
        observation({ system: 'http://loinc.org', code: '2160-0' }, { valueQuantity: { value: 1.1 } } as Partial<FhirObservation>),
      ],
      responses: [
        { questionnaire: questionnaireCanonical(phq9), item: toResponseItems(answers) },
        { questionnaire: 'https://elsewhere.example/Questionnaire/x', item: toResponseItems({ 'x-1': 1 }) },
      ],
    }, new Set(params.instruments), wanted);
    expect(values).toEqual({
      assessment_date: '2026-02-03', body_weight: 71.5, blood_pressure_standing_systolic: 130, blood_pressure_standing_diastolic: 80,
      phq9_1: 3, phq9_2: 2, phq9_3: 1, phq9_4: 0, phq9_5: 0, phq9_6: 0, phq9_7: 0, phq9_8: 0, phq9_9: 1, phq9_total: 7, phq9_band: 'mild', phq9_item9_alert: 1,
    });
  });

  it('writes every score of a response: subscales, a sub-instrument\'s total and band, index values', () => {
    const params = datasetParamsSchema.parse({ instruments: ['hama', 'rga', 'eq5d5l'] });
    const wanted = new Set(datasetVariables(params).map((v) => v.name));
    const response = (def: InstrumentDef, answers: Answers) => ({ questionnaire: questionnaireCanonical(def), item: toResponseItems(answers) });
    const values = encounterValues({
      number: 1, date: null, observations: [],
      responses: [
        response(hama, every(itemIds('hama', 14), 1)),
        response(rga, { ...every(itemIds('frail', 5), true), ...every(itemIds('sarcf', 5), 0) }),
        response(eq5d5l, { ...every(itemIds('eq5d5l', 4), 1), 'eq5d5l-5': 2, 'eq5d5l-vas': 80 }),
      ],
    }, new Set(params.instruments), wanted);
    expect(values).toMatchObject({ hama_total: 14, hama_psychic: 7, hama_somatic: 7, rga_frail_total: 5, rga_frail_band: 'frail', rga_sarcf_total: 0, rga_sarcf_band: 'negative' });
    expect(values).not.toHaveProperty('rga_snaq_total');
    expect(values).toMatchObject({ eq5d5l_profile: '11112', eq5d5l_level_sum_score: 6, eq5d5l_vas: 80, eq5d5l_index_uk_cw: eq5dIndex('11112', 'UK-CW') });
    for (const name of Object.keys(values)) expect(wanted).toContain(name);
  });

  it('keeps the answers of a response its definition refuses, without a score', () => {
    const params = datasetParamsSchema.parse({ instruments: ['phq9'] });
    const values = encounterValues({ number: 2, date: null, observations: [], responses: [{ questionnaire: questionnaireCanonical(phq9), item: toResponseItems({ 'phq9-1': 3 }) }] },
      new Set(params.instruments), new Set(datasetVariables(params).map((v) => v.name)));
    expect(values).toEqual({ assessment_date: null, phq9_1: 3 });
  });
});
