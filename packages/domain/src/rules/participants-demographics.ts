import { z } from 'zod';
import { ageFromBirthDate, birthDateSchema } from './clinical-calculations.ts';
import { VALUE_SETS, type ValueSetName } from './observation-codes.ts';
import { BIOLOGICAL_GENDERS } from './demographics-lists.ts';

/**
 * The demographics section of the patient record (SPEC §3). Coded items are FHIR Observations;
 * birth date, biological gender and ethnicity belong to the Patient; the source of referral to the
 * ResearchSubject; the project identifier, age, consent dates and IMEI to the study record.
 */
export * from './demographics-lists.ts';

const optionOf = (valueSet: ValueSetName) => {
  const keys = VALUE_SETS[valueSet].map((option) => option.key) as [string, ...string[]];
  return z.enum(keys).nullable().default(null);
};

/** A 15-digit IMEI whose last digit is its Luhn check digit. */
export function isImei(value: string): boolean {
  if (!/^\d{15}$/.test(value)) return false;
  const sum = [...value].reverse().reduce((total, char, index) => {
    const digit = Number(char) * (index % 2 ? 2 : 1);
    return total + (digit > 9 ? digit - 9 : digit);
  }, 0);
  return sum % 10 === 0;
}

const date = z.iso.date().nullable().default(null);

export const demographicsInputSchema = z.object({
  projectIdentifier: z.string().trim().max(64).nullable().default(null),
  birthDate: birthDateSchema.nullable().default(null),
  age: z.number().int().min(0).max(130).nullable().default(null),
  gender: optionOf('gender'),
  biologicalGender: z.enum(BIOLOGICAL_GENDERS).nullable().default(null),
  educationLevel: optionOf('educationLevel'),
  livingSituation: optionOf('livingSituation'),
  accommodationType: optionOf('accommodationType'),
  livesWith: optionOf('livesWith'),
  stairsAtHome: z.boolean().nullable().default(null),
  sourceOfReferral: z.string().trim().max(200).nullable().default(null),
  ethnicity: z.string().trim().max(100).nullable().default(null),
  consentDate: date,
  consentWithdrawalDate: date,
  smartphoneImei: z.string().trim().refine(isImei, 'participants.errors.imeiInvalid').nullable().default(null),
}).strict()
  .refine((d) => !d.consentDate || !d.consentWithdrawalDate || d.consentDate <= d.consentWithdrawalDate,
    { path: ['consentWithdrawalDate'], message: 'participants.errors.endBeforeStart' });
export type DemographicsInput = z.input<typeof demographicsInputSchema>;
export type Demographics = z.output<typeof demographicsInputSchema>;

/**
 * The first-assessment rule of SPEC §4–§5, which every screen states: the birth date (a year and
 * month, e.g. 1950-03) is what an assessment needs, and the age and age group derive from it; an
 * age entered without it opens the assessments page only. So a birth date replaces an entered age:
 * the age recorded with a save is null whenever the save carries a birth date.
 */
export const recordedAge = (d: { birthDate: string | null; age: number | null }): number | null => (d.birthDate ? null : d.age);

/**
 * A participant's age in years, the one rule every screen, statistic and analysis uses: from the
 * birth date (SPEC §3: the current year minus the birth year; null for a date in the future), else
 * the entered age carried forward to this year.
 */
export function currentAge(d: { birthDate: string | null; age: { years: number; recordedOn: string | null } | null }, today: Date): number | null {
  if (d.birthDate) return ageFromBirthDate(d.birthDate, today);
  if (!d.age) return null;
  const recordedYear = d.age.recordedOn ? Number(d.age.recordedOn.slice(0, 4)) : today.getUTCFullYear();
  return d.age.years + today.getUTCFullYear() - recordedYear;
}

/** The demographics section as the API answers it: the editable items and what derives from the record. */
export const demographicsSchema = z.object({
  ...demographicsInputSchema.shape,
  currentAge: z.number().int().nullable(),
  ageGroup: z.string(),
  birthdayOrAgePresent: z.boolean(),
  inactivity: z.object({ days: z.number().int().nullable(), band: z.string() }),
  lastTransmission: z.string().nullable(),
  createdBy: z.string(),
  lastUpdated: z.string(),
});
