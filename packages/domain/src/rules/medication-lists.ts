/* The answer lists of a medication (participants-medication.ts), without zod: the record's form shows them at first paint. */

export const PERIOD_UNITS = ['h', 'd', 'wk', 'mo'] as const;
/** FHIR event-timing codes offered by the form. */
export const WHEN_CODES = ['MORN', 'NOON', 'AFT', 'EVE', 'NIGHT', 'HS', 'WAKE', 'AC', 'PC', 'C'] as const;
export const DAYS_OF_WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const DOSAGE_FORMS = ['tablet', 'capsule', 'oralSolution', 'drops', 'injection', 'patch', 'inhaler', 'cream', 'suppository', 'other'] as const;
