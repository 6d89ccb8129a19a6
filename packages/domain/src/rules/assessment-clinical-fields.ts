import { z } from 'zod';
import { bmi, ckdEpi2009, ckdEpi2021, waistHipRatio, type CkdEpiInput } from './clinical-calculations.ts';
import {
  GERIA_OBSERVATION_SYSTEM, OBSERVATION_CODES, observationLabelKey, observationValueSchema, VALUE_SETS, type ObservationCodeDef, type ObservationKey, type ObservationValue,
} from './observation-codes.ts';
import type { FhirObservation, ObservationComponentInput } from './observation-builder.ts';
import type { RuleMessage } from './rule-message.ts';

/**
 * The clinical fields of an assessment (SPEC §3 "Clinical assessment fields"), grouped as the
 * assessment page shows them. The clinician enters the input fields; BMI, waist-hip ratio and the
 * two CKD-EPI eGFR values are computed from them and stored beside them.
 */
export const CLINICAL_FIELD_GROUPS = {
  anthropometry: ['bodyWeight', 'bodyHeight', 'waistCircumference', 'hipCircumference'],
  vitals: ['heartRate', 'bloodPressureStanding', 'bloodPressureSupine'],
  lifeHabits: ['smokerStatus', 'cigarettesPerDay', 'yearsSmoked', 'alcoholUnits', 'physicalActivity', 'substanceAbuseHistory', 'fallsLastYear'],
  hearing: ['usesHearingAid', 'hearingAidUse'],
  labs: ['hba1c', 'ldl', 'hdl', 'serumCreatinine'],
  heart: ['heartScore'],
  ecg: ['ecgPr', 'ecgQrs', 'ecgRhythm'],
  balanceTests: ['rombergAbnormal', 'timedUpAndGo', 'timedUpAndGoAbnormal'],
} as const satisfies Record<string, readonly ObservationKey[]>;
export type ClinicalFieldGroup = keyof typeof CLINICAL_FIELD_GROUPS;
export type ClinicalInputKey = (typeof CLINICAL_FIELD_GROUPS)[ClinicalFieldGroup][number];
export const CLINICAL_INPUT_KEYS = Object.values(CLINICAL_FIELD_GROUPS).flat() as ClinicalInputKey[];

export const DERIVED_KEYS = ['bmi', 'waistHipRatio', 'egfrCkdEpi2009', 'egfrCkdEpi2021'] as const satisfies readonly ObservationKey[];
export type DerivedKey = (typeof DERIVED_KEYS)[number];
export type ClinicalKey = ClinicalInputKey | DerivedKey;
export const CLINICAL_KEYS: readonly ClinicalKey[] = [...CLINICAL_INPUT_KEYS, ...DERIVED_KEYS];

/** Which condition tab shows a group; the general tab shows the rest. */
export const CLINICAL_GROUP_TAB: Record<ClinicalFieldGroup, 'general' | 'hearing_loss' | 'cardiovascular' | 'balance_disorders'> = {
  anthropometry: 'general', vitals: 'general', lifeHabits: 'general', hearing: 'hearing_loss',
  labs: 'cardiovascular', heart: 'cardiovascular', ecg: 'cardiovascular', balanceTests: 'balance_disorders',
};

/** What a current smoker's record adds: how much they smoke and for how long. */
export const SMOKING_DETAILS = ['cigarettesPerDay', 'yearsSmoked'] as const satisfies readonly ClinicalInputKey[];
export const isCurrentSmoker = (values: Partial<Record<ClinicalInputKey, ObservationValue>>) => values.smokerStatus === 'current';

/**
 * Cigarettes per day and years smoked describe a current smoker: recorded with another (or no)
 * smoker status they would count a non-smoker in the Home "cigarettes" card. One error per such
 * field, of the values as they will be stored (the form clears them when the status changes).
 */
export function smokingDetailErrors(values: Partial<Record<ClinicalInputKey, ObservationValue>>): RuleMessage[] {
  if (isCurrentSmoker(values)) return [];
  return SMOKING_DETAILS.filter((key) => values[key] !== null && values[key] !== undefined)
    .map((key) => ({ code: 'rules.fields.smokingDetailsForSmokers', refs: { field: observationLabelKey(key) } }));
}

/** A save: the fields it changes (null empties one), and the 2009 equation's African-American flag. */
export const clinicalFieldsInputSchema = z.object({
  values: z.partialRecord(z.enum(CLINICAL_INPUT_KEYS as [ClinicalInputKey, ...ClinicalInputKey[]]), observationValueSchema),
  africanAmerican: z.boolean().optional(),
}).strict();
export type ClinicalFieldsInput = z.infer<typeof clinicalFieldsInputSchema>;

/** The fields of an assessment as the API answers them: every field, the derived ones included, null where none is recorded. */
export const clinicalFieldsViewSchema = z.object({
  values: z.object(Object.fromEntries(CLINICAL_KEYS.map((key) => [key, observationValueSchema])) as Record<ClinicalKey, typeof observationValueSchema>),
  africanAmerican: z.boolean(),
});

/** The African-American coefficient of CKD-EPI 2009 is recorded as a component of its Observation. */
export const AFRICAN_AMERICAN_COMPONENT = { system: GERIA_OBSERVATION_SYSTEM, code: 'ckd-epi-african-american', display: 'African American coefficient applied' };
export const africanAmericanComponent = (applied: boolean): ObservationComponentInput => ({ ...AFRICAN_AMERICAN_COMPONENT, boolean: applied });

export interface CkdEpiPatient { age: number | null; sex: string | null; africanAmerican: boolean }

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const numberOf = (value: ObservationValue | undefined) => (typeof value === 'number' ? value : null);

/**
 * The derived values of the fields (rounded as recorded: BMI and eGFR to one decimal, the ratio
 * to two), null when an input is missing. A creatinine that cannot give an eGFR (no age, a sex
 * other than female or male, an age outside 18–120) is the spec's CKD-EPI error.
 */
export function derivedClinicalValues(
  values: Partial<Record<ClinicalInputKey, ObservationValue>>, patient: CkdEpiPatient,
): { values: Record<DerivedKey, number | null>; errors: RuleMessage[] } {
  const bodyMass = bmi(numberOf(values.bodyWeight), numberOf(values.bodyHeight));
  const ratio = waistHipRatio(numberOf(values.waistCircumference), numberOf(values.hipCircumference));
  const creatinine = numberOf(values.serumCreatinine);
  const derived: Record<DerivedKey, number | null> = {
    bmi: bodyMass === null ? null : round(bodyMass, 1),
    waistHipRatio: ratio === null ? null : round(ratio, 2),
    egfrCkdEpi2009: null,
    egfrCkdEpi2021: null,
  };
  if (creatinine === null) return { values: derived, errors: [] };
  // The equations validate their input and answer the CKD-EPI error when it is not an adult's.
  const input = { creatinineMgDl: creatinine, age: patient.age, sex: patient.sex, africanAmerican: patient.africanAmerican } as CkdEpiInput;
  const [v2009, v2021] = [ckdEpi2009(input), ckdEpi2021(input)];
  if (!v2009.ok || !v2021.ok) return { values: derived, errors: [{ code: 'rules.calculations.ckdEpiError' }] };
  derived.egfrCkdEpi2009 = round(v2009.value, 1);
  derived.egfrCkdEpi2021 = round(v2021.value, 1);
  return { values: derived, errors: [] };
}

const blank = { systolic: null, diastolic: null, arm: null };

/** The clinical key of a stored Observation; the two blood pressures share their panel code and differ by component. */
export function clinicalKeyOf(observation: Pick<FhirObservation, 'code' | 'component'>): ClinicalKey | null {
  const codes = new Set(observation.code.coding.map((coding) => `${coding.system}|${coding.code}`));
  const componentCodes = new Set((observation.component ?? []).flatMap((c) => c.code.coding.map((coding) => coding.code)));
  return CLINICAL_KEYS.find((key) => {
    const def: ObservationCodeDef = OBSERVATION_CODES[key];
    if (!codes.has(`${def.coding.system}|${def.coding.code}`)) return false;
    return def.kind !== 'bloodPressure' || componentCodes.has(def.systolic.code) || componentCodes.has(def.diastolic.code);
  }) ?? null;
}

/** The value a form shows for a stored Observation of `key` (an option key for coded answers). */
export function formValueOf(key: ClinicalKey, observation: FhirObservation): ObservationValue {
  const def = OBSERVATION_CODES[key] as ObservationCodeDef;
  switch (def.kind) {
    case 'quantity': return observation.valueQuantity?.value ?? null;
    case 'integer': return observation.valueInteger ?? null;
    case 'boolean': return observation.valueBoolean ?? null;
    case 'string': return observation.valueString ?? null;
    case 'codeableConcept': {
      const code = observation.valueCodeableConcept?.coding[0]?.code;
      return VALUE_SETS[def.valueSet].find((option) => option.coding.code === code)?.key ?? null;
    }
    case 'bloodPressure': {
      const part = (coding: { code: string }) =>
        observation.component?.find((c) => c.code.coding.some((x) => x.code === coding.code))?.valueQuantity?.value ?? null;
      const armCode = observation.bodySite?.coding[0]?.code;
      const arm = VALUE_SETS.armUsed.find((option) => option.coding.code === armCode)?.key as 'left' | 'right' | undefined;
      return { ...blank, systolic: part(def.systolic), diastolic: part(def.diastolic), arm: arm ?? null };
    }
  }
}

/** Whether the stored CKD-EPI 2009 value applied the African-American coefficient. */
export const africanAmericanApplied = (observation: FhirObservation | undefined): boolean =>
  observation?.component?.find((c) => c.code.coding.some((x) => x.code === AFRICAN_AMERICAN_COMPONENT.code))?.valueBoolean === true;
