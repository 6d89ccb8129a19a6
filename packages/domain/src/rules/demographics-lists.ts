import type { ObservationKey, ValueSetName } from './observation-codes.ts';

/* The coded items and genders of the demographics (participants-demographics.ts), without zod: the record's form shows them at first paint. */

export const CODED_DEMOGRAPHICS = ['gender', 'educationLevel', 'livingSituation', 'accommodationType', 'livesWith'] as const satisfies readonly (ObservationKey & ValueSetName)[];
export const DEMOGRAPHIC_OBSERVATIONS = [...CODED_DEMOGRAPHICS, 'stairsAtHome'] as const satisfies readonly ObservationKey[];
export type DemographicObservation = (typeof DEMOGRAPHIC_OBSERVATIONS)[number];

/** FHIR administrative gender (Patient.gender). */
export const BIOLOGICAL_GENDERS = ['male', 'female', 'other', 'unknown'] as const;
