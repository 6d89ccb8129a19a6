import { z } from 'zod';
import {
  AGE_BANDS, POLYPHARMACY_ABOVE,
} from '../reference/constants.ts';
import { failed, passed, type RuleCheck } from './rule-message.ts';

const positive = (value: number) => Number.isFinite(value) && value > 0;

/** Body mass index in kg/m²; null when a measure is missing or not positive. */
export function bmi(weightKg: number | null, heightCm: number | null): number | null {
  if (weightKg === null || heightCm === null || !positive(weightKg) || !positive(heightCm)) return null;
  const heightM = heightCm / 100;
  return weightKg / (heightM * heightM);
}

export function waistHipRatio(waistCm: number | null, hipCm: number | null): number | null {
  if (waistCm === null || hipCm === null || !positive(waistCm) || !positive(hipCm)) return null;
  return waistCm / hipCm;
}

/** Inputs of the CKD-EPI equations: an adult (18–120 years) with a serum creatinine in mg/dL. */
export const ckdEpiInputSchema = z.object({
  creatinineMgDl: z.number().positive().finite(),
  age: z.number().int().min(18).max(120),
  sex: z.enum(['female', 'male']),
  /** Used only by the 2009 equation. */
  africanAmerican: z.boolean().default(false),
});
export type CkdEpiInput = z.input<typeof ckdEpiInputSchema>;
export type CkdEpiResult = { ok: true; value: number } | { ok: false; code: 'rules.calculations.ckdEpiError' };

const CKD_EPI_ERROR = { ok: false, code: 'rules.calculations.ckdEpiError' } as const;

interface CkdEpiCoefficients {
  base: number; kappa: Record<'female' | 'male', number>; alpha: Record<'female' | 'male', number>;
  highExponent: number; ageFactor: number; female: number; africanAmerican: number;
}

/** eGFR = base × min(Scr/κ,1)^α × max(Scr/κ,1)^high × ageFactor^age × sex and race factors, in mL/min/1.73 m². */
function ckdEpi(coefficients: CkdEpiCoefficients, input: unknown): CkdEpiResult {
  const parsed = ckdEpiInputSchema.safeParse(input);
  if (!parsed.success) return CKD_EPI_ERROR;
  const { creatinineMgDl, age, sex, africanAmerican } = parsed.data;
  const ratio = creatinineMgDl / coefficients.kappa[sex];
  const value = coefficients.base
    * Math.min(ratio, 1) ** coefficients.alpha[sex]
    * Math.max(ratio, 1) ** coefficients.highExponent
    * coefficients.ageFactor ** age
    * (sex === 'female' ? coefficients.female : 1)
    * (africanAmerican ? coefficients.africanAmerican : 1);
  return Number.isFinite(value) ? { ok: true, value } : CKD_EPI_ERROR;
}

/** CKD-EPI 2009 creatinine equation (Levey et al., Ann Intern Med 2009;150:604–612). */
export const ckdEpi2009 = (input: CkdEpiInput): CkdEpiResult =>
  ckdEpi({
    base: 141, kappa: { female: 0.7, male: 0.9 }, alpha: { female: -0.329, male: -0.411 },
    highExponent: -1.209, ageFactor: 0.993, female: 1.018, africanAmerican: 1.159,
  }, input);

/** CKD-EPI 2021 race-free creatinine equation (Inker et al., N Engl J Med 2021;385:1737–1749). */
export const ckdEpi2021 = (input: CkdEpiInput): CkdEpiResult =>
  ckdEpi({
    base: 142, kappa: { female: 0.7, male: 0.9 }, alpha: { female: -0.241, male: -0.302 },
    highExponent: -1.2, ageFactor: 0.9938, female: 1.012, africanAmerican: 1,
  }, input);

/** A birth date of the record: a year, a year and month ("1950-03") or a full date. */
export const birthDateSchema = z.string().regex(/^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/);

/** Age as SPEC §3 defines it: the current year minus the birth year; null when unknown or in the future. */
export function ageFromBirthDate(birthDate: string | null | undefined, today: Date): number | null {
  if (!birthDate || !birthDateSchema.safeParse(birthDate).success) return null;
  const age = today.getUTCFullYear() - Number(birthDate.slice(0, 4));
  return age >= 0 ? age : null;
}

export const AGE_GROUPS = ['0-19', '20-29', '30-39', '40-49', '50-59', '60-69', '70-79', '80-89', '90-99', '>100', 'No Info'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

const isAge = (age: number | null | undefined): age is number => typeof age === 'number' && Number.isFinite(age) && age >= 0;

/**
 * The patient-list age group (SPEC §3). The label ">100" is kept as the spec writes it but the
 * group starts at 100: exactly 100 years would otherwise belong to no group.
 */
export function ageGroup(age: number | null | undefined): AgeGroup {
  if (!isAge(age)) return 'No Info';
  if (age < 20) return '0-19';
  if (age >= 100) return '>100';
  const decade = Math.floor(age / 10) * 10;
  return `${decade}-${decade + 9}` as AgeGroup;
}

export type AgeBand = (typeof AGE_BANDS)[number];

/** The statistics age bands of SPEC §7; null below 60, outside the study population. */
export function ageBand(age: number | null | undefined): AgeBand | null {
  if (!isAge(age) || age < 60) return null;
  if (age >= 100) return '100+';
  const decade = Math.floor(age / 10) * 10;
  return `${decade}-${decade + 9}` as AgeBand;
}

export * from './inactivity.ts';

/** More than four medicines (SPEC §3 "Medication"). */
export const isPolypharmacy = (medicationCount: number): boolean => medicationCount > POLYPHARMACY_ABOVE;

/** A blood pressure (either value) is recorded only with the arm it was taken from. */
export function bloodPressureArmCheck(reading: { systolic: number | null; diastolic: number | null; arm: string | null }): RuleCheck {
  const recorded = reading.systolic !== null || reading.diastolic !== null;
  return recorded && !reading.arm ? failed({ code: 'rules.calculations.bloodPressureArmRequired' }) : passed;
}
