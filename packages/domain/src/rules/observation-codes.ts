import { z } from 'zod';
import { bloodPressureArmCheck } from './clinical-calculations.ts';
import type { Coding, ObservationComponentInput, ObservationItem } from './observation-builder.ts';
import type { RuleMessage } from './rule-message.ts';
import { findOption, type ValueSetName } from './observation-value-sets.ts';

/**
 * The coded clinical observations of SPEC §3. Real codes are used where one exists (LOINC for
 * measurements and labs, SNOMED CT for body sites and smoking status); the local code system
 * GERIA_OBSERVATION_SYSTEM holds the study items without a standard code: living situation,
 * diet supplement, stairs at home, lives with, accommodation type, substance-abuse history, falls
 * last year, alcohol units per week, waist-hip ratio, hearing-aid items, Romberg test, timed up
 * and go, heart score. The answer lists are in observation-value-sets.ts. Limits are
 * plausibility limits that catch typing errors, not clinical reference ranges.
 */
export * from './observation-value-sets.ts';
export const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';
export const GERIA_OBSERVATION_SYSTEM = 'https://geria.example.org/fhir/CodeSystem/geria-observation';

const loinc = (code: string, display: string): Coding => ({ system: LOINC, code, display });
const local = (code: string, display: string): Coding => ({ system: GERIA_OBSERVATION_SYSTEM, code, display });

export interface Unit { code: string; display: string }
export interface Limits { min: number; max: number }
const unit = (code: string, display = code): Unit => ({ code, display });
const KG = unit('kg');
const CM = unit('cm');
const MM_HG = unit('mm[Hg]', 'mmHg');
const MG_DL = unit('mg/dL');
const MS = unit('ms');

interface BaseDef { coding: Coding }
export type ObservationCodeDef = BaseDef & (
  | { kind: 'quantity'; unit: Unit; limits: Limits }
  | { kind: 'integer'; limits: Limits }
  | { kind: 'codeableConcept'; valueSet: ValueSetName }
  | { kind: 'boolean' }
  | { kind: 'string' }
  | { kind: 'bloodPressure'; systolic: Coding; diastolic: Coding }
);

/** Blood pressure components (both positions share these limits). */
export const BLOOD_PRESSURE_LIMITS = { systolic: { min: 60, max: 260 }, diastolic: { min: 30, max: 160 } } as const;
const BLOOD_PRESSURE_PANEL = loinc('85354-9', 'Blood pressure panel with all children optional');

export const OBSERVATION_CODES = {
  gender: { coding: loinc('76691-5', 'Gender identity'), kind: 'codeableConcept', valueSet: 'gender' },
  livingSituation: { coding: local('living-situation', 'Living situation'), kind: 'codeableConcept', valueSet: 'livingSituation' },
  educationLevel: { coding: loinc('82589-3', 'Highest level of education'), kind: 'codeableConcept', valueSet: 'educationLevel' },
  dietSupplement: { coding: local('diet-supplement', 'Diet supplement'), kind: 'string' },
  stairsAtHome: { coding: local('stairs-at-home', 'Stairs at home'), kind: 'boolean' },
  livesWith: { coding: local('lives-with', 'Lives with'), kind: 'codeableConcept', valueSet: 'livesWith' },
  accommodationType: { coding: local('accommodation-type', 'Type of accommodation'), kind: 'codeableConcept', valueSet: 'accommodationType' },
  substanceAbuseHistory: { coding: local('substance-abuse-history', 'History of substance abuse'), kind: 'boolean' },
  fallsLastYear: { coding: local('falls-last-year', 'Number of falls in the last year'), kind: 'integer', limits: { min: 0, max: 100 } },
  alcoholUnits: { coding: local('alcohol-units-per-week', 'Alcohol units per week'), kind: 'integer', limits: { min: 0, max: 200 } },
  // The Exercise Vital Sign of the HL7 Physical Activity IG: minutes a week of moderate to vigorous activity.
  physicalActivity: { coding: loinc('82290-8', 'Frequency of moderate to vigorous aerobic physical activity'), kind: 'quantity', unit: unit('min/wk', 'min/week'), limits: { min: 0, max: 5040 } },
  smokerStatus: { coding: loinc('72166-2', 'Tobacco smoking status'), kind: 'codeableConcept', valueSet: 'smokerStatus' },
  // A current smoker's tobacco use (the Home "cigarettes" card), recorded only with that status (smokingDetailErrors).
  cigarettesPerDay: { coding: local('cigarettes-per-day', 'Cigarettes smoked per day'), kind: 'integer', limits: { min: 1, max: 100 } },
  yearsSmoked: { coding: local('years-smoked', 'Years smoked'), kind: 'integer', limits: { min: 0, max: 100 } },
  bodyWeight: { coding: loinc('29463-7', 'Body weight'), kind: 'quantity', unit: KG, limits: { min: 20, max: 300 } },
  bodyHeight: { coding: loinc('8302-2', 'Body height'), kind: 'quantity', unit: CM, limits: { min: 100, max: 230 } },
  bmi: { coding: loinc('39156-5', 'Body mass index (BMI) [Ratio]'), kind: 'quantity', unit: unit('kg/m2', 'kg/m²'), limits: { min: 10, max: 80 } },
  heartRate: { coding: loinc('8867-4', 'Heart rate'), kind: 'quantity', unit: unit('/min'), limits: { min: 20, max: 250 } },
  waistCircumference: { coding: loinc('8280-0', 'Waist Circumference at umbilicus by Tape measure'), kind: 'quantity', unit: CM, limits: { min: 40, max: 200 } },
  hipCircumference: { coding: loinc('62409-8', 'Hip circumference'), kind: 'quantity', unit: CM, limits: { min: 50, max: 200 } },
  waistHipRatio: { coding: local('waist-hip-ratio', 'Waist-to-hip ratio'), kind: 'quantity', unit: unit('1', ''), limits: { min: 0.4, max: 2 } },
  bloodPressureStanding: {
    coding: BLOOD_PRESSURE_PANEL, kind: 'bloodPressure',
    systolic: loinc('8460-8', 'Systolic blood pressure--standing'), diastolic: loinc('8454-1', 'Diastolic blood pressure--standing'),
  },
  bloodPressureSupine: {
    coding: BLOOD_PRESSURE_PANEL, kind: 'bloodPressure',
    systolic: loinc('8461-6', 'Systolic blood pressure--supine'), diastolic: loinc('8455-8', 'Diastolic blood pressure--supine'),
  },
  usesHearingAid: { coding: local('uses-hearing-aid', 'Uses a hearing aid'), kind: 'boolean' },
  hearingAidUse: { coding: local('hearing-aid-use', 'Hearing aid use'), kind: 'codeableConcept', valueSet: 'hearingAidUse' },
  ecgPr: { coding: loinc('8625-6', 'P-R Interval'), kind: 'quantity', unit: MS, limits: { min: 50, max: 400 } },
  ecgQrs: { coding: loinc('8633-0', 'QRS duration'), kind: 'quantity', unit: MS, limits: { min: 40, max: 250 } },
  ecgRhythm: { coding: loinc('8884-9', 'Heart rate rhythm'), kind: 'codeableConcept', valueSet: 'ecgRhythm' },
  rombergAbnormal: { coding: local('romberg-test-abnormal', 'Romberg test abnormal'), kind: 'boolean' },
  timedUpAndGo: { coding: local('timed-up-and-go', 'Timed up and go test duration'), kind: 'quantity', unit: unit('s'), limits: { min: 1, max: 300 } },
  timedUpAndGoAbnormal: { coding: local('timed-up-and-go-abnormal', 'Timed up and go test abnormal'), kind: 'boolean' },
  hba1c: { coding: loinc('4548-4', 'Hemoglobin A1c/Hemoglobin.total in Blood'), kind: 'quantity', unit: unit('%'), limits: { min: 3, max: 20 } },
  ldl: { coding: loinc('2089-1', 'Cholesterol in LDL [Mass/volume] in Serum or Plasma'), kind: 'quantity', unit: MG_DL, limits: { min: 10, max: 400 } },
  hdl: { coding: loinc('2085-9', 'Cholesterol in HDL [Mass/volume] in Serum or Plasma'), kind: 'quantity', unit: MG_DL, limits: { min: 5, max: 150 } },
  serumCreatinine: { coding: loinc('2160-0', 'Creatinine [Mass/volume] in Serum or Plasma'), kind: 'quantity', unit: MG_DL, limits: { min: 0.1, max: 20 } },
  egfrCkdEpi2009: {
    coding: loinc('62238-1', 'Glomerular filtration rate/1.73 sq M.predicted [Volume Rate/Area] in Serum, Plasma or Blood by Creatinine-based formula (CKD-EPI)'),
    kind: 'quantity', unit: unit('mL/min/{1.73_m2}', 'mL/min/1.73 m²'), limits: { min: 1, max: 200 },
  },
  egfrCkdEpi2021: {
    coding: loinc('98979-8', 'Glomerular filtration rate/1.73 sq M.predicted [Volume Rate/Area] in Serum, Plasma or Blood by Creatinine-based formula (CKD-EPI 2021)'),
    kind: 'quantity', unit: unit('mL/min/{1.73_m2}', 'mL/min/1.73 m²'), limits: { min: 1, max: 200 },
  },
  /** HEART score for chest pain, 0–10 points. */
  heartScore: { coding: local('heart-score', 'HEART score'), kind: 'integer', limits: { min: 0, max: 10 } },
} as const satisfies Record<string, ObservationCodeDef>;
export type ObservationKey = keyof typeof OBSERVATION_CODES;
export const OBSERVATION_KEYS = Object.keys(OBSERVATION_CODES) as ObservationKey[];

export const observationLabelKey = (key: ObservationKey | 'systolic' | 'diastolic'): string => `rules.observationCodes.items.${key}`;

/** "{{field}} must be between {{min}} and {{max}} {{unit}}", or null when the value is plausible. */
export function plausibilityError(labelKey: string, value: number, limits: Limits, unitOf?: Unit): RuleMessage | null {
  if (Number.isFinite(value) && value >= limits.min && value <= limits.max) return null;
  const withUnit = unitOf && unitOf.display !== '';
  return {
    code: withUnit ? 'rules.observationCodes.outOfRange' : 'rules.observationCodes.outOfRangeNoUnit',
    params: { min: limits.min, max: limits.max, ...(withUnit && { unit: unitOf.display }) },
    refs: { field: labelKey },
  };
}

export const bloodPressureValueSchema = z.object({
  systolic: z.number().nullable(),
  diastolic: z.number().nullable(),
  arm: z.enum(['left', 'right']).nullable(),
});
export type BloodPressureValue = z.infer<typeof bloodPressureValueSchema>;

/** The value a form holds for an item: a number, an option key, a boolean, a text or a blood pressure; null when emptied. */
export const observationValueSchema = z.union([z.number(), z.string(), z.boolean(), bloodPressureValueSchema]).nullable();
export type ObservationValue = z.infer<typeof observationValueSchema>;

export const observationContextSchema = z.object({
  patient: z.string().min(1),
  type: z.enum(['Removable', 'Editable']).default('Editable'),
  alreadyPresent: z.boolean(),
  id: z.string().min(1).nullish(),
  checked: z.boolean().optional(),
  inBundle: z.boolean().default(true),
  encounter: z.string().min(1).optional(),
  effectiveDateTime: z.string().optional(),
});
export type ObservationContext = z.input<typeof observationContextSchema>;

type ItemValue = Partial<Pick<ObservationItem, 'codeableConcept' | 'integer' | 'string' | 'quantity' | 'boolean' | 'components' | 'bodySite'>>;

function quantityOf(value: number | null, unitOf: Unit): NonNullable<ObservationItem['quantity']> {
  return { value, unit: unitOf.display || unitOf.code, code: unitOf.code, system: UCUM };
}

type Valued = { value: ItemValue; errors: RuleMessage[] };
const invalidValue = (key: ObservationKey): Valued => ({
  value: {}, errors: [{ code: 'rules.observationCodes.invalidValue', refs: { field: observationLabelKey(key) } }],
});

function bloodPressureValue(def: Extract<ObservationCodeDef, { kind: 'bloodPressure' }>, value: BloodPressureValue | null): Valued {
  const reading = value ?? { systolic: null, diastolic: null, arm: null };
  const armCheck = bloodPressureArmCheck(reading);
  const errors: RuleMessage[] = armCheck.ok ? [] : [{ code: armCheck.code }];
  const components: ObservationComponentInput[] = (['systolic', 'diastolic'] as const).map((part) => {
    const pressure = reading[part];
    const error = pressure === null ? null : plausibilityError(observationLabelKey(part), pressure, BLOOD_PRESSURE_LIMITS[part], MM_HG);
    if (error) errors.push(error);
    return { ...def[part], quantity: quantityOf(pressure, MM_HG) };
  });
  const arm = reading.arm ? findOption('armUsed', reading.arm)?.coding : undefined;
  return { value: { components, ...(arm && { bodySite: arm }) }, errors };
}

function valueFor(key: ObservationKey, value: ObservationValue): Valued {
  const def: ObservationCodeDef = OBSERVATION_CODES[key];
  const label = observationLabelKey(key);
  switch (def.kind) {
    case 'quantity':
    case 'integer': {
      if (value !== null && typeof value !== 'number') return invalidValue(key);
      if (def.kind === 'integer' && value !== null && !Number.isInteger(value)) return invalidValue(key);
      const error = value === null ? null : plausibilityError(label, value, def.limits, def.kind === 'quantity' ? def.unit : undefined);
      const valued = def.kind === 'quantity' ? { quantity: quantityOf(value, def.unit) } : { integer: value };
      return { value: valued, errors: error ? [error] : [] };
    }
    case 'codeableConcept': {
      if (value === null) return { value: { codeableConcept: null }, errors: [] };
      const option = typeof value === 'string' ? findOption(def.valueSet, value) : undefined;
      return option ? { value: { codeableConcept: option.coding }, errors: [] } : invalidValue(key);
    }
    case 'boolean':
      return value === null || typeof value === 'boolean' ? { value: { boolean: value }, errors: [] } : invalidValue(key);
    case 'string':
      return value === null || typeof value === 'string' ? { value: { string: value }, errors: [] } : invalidValue(key);
    case 'bloodPressure': {
      const parsed = bloodPressureValueSchema.nullable().safeParse(value);
      return parsed.success ? bloodPressureValue(def, parsed.data) : invalidValue(key);
    }
  }
}

export type CodedItemResult = { ok: true; item: ObservationItem } | { ok: false; errors: RuleMessage[] };

/**
 * The observation-builder input of a catalogue item with the value a form holds, after the item's
 * own rules (plausibility, known option, arm for blood pressure). Status is always final.
 */
export function codedObservationItem(key: ObservationKey, value: ObservationValue, context: ObservationContext): CodedItemResult {
  const { value: itemValue, errors } = valueFor(key, value);
  if (errors.length) return { ok: false, errors };
  const { id, ...rest } = observationContextSchema.parse(context);
  return {
    ok: true,
    item: { ...rest, ...(id && { id }), code: OBSERVATION_CODES[key].coding, status: 'final', ...itemValue },
  };
}
