import { z } from 'zod';
import { GERIA_OBSERVATION_SYSTEM, UCUM } from './observation-codes.ts';
import type { FhirObservation, ObservationItem } from './observation-builder.ts';
import { AUDIOGRAM_FREQUENCIES, EARS, THRESHOLD_LIMITS, type Ear } from './audiogram-lists.ts';

/**
 * A pure-tone audiogram (SPEC §3 "Audiogram": left ear, right ear): hearing thresholds in dB HL
 * at the standard audiometric frequencies, one Observation with a component per ear and frequency.
 */
export * from './audiogram-lists.ts';

export const AUDIOGRAM_CODE = { system: GERIA_OBSERVATION_SYSTEM, code: 'audiogram', display: 'Pure-tone audiogram' };
const DB_HL = { unit: 'dB HL', code: 'dB[HL]', system: UCUM };

const threshold = z.number().int().min(THRESHOLD_LIMITS.min).max(THRESHOLD_LIMITS.max).nullable();
const earSchema = z.object(Object.fromEntries(AUDIOGRAM_FREQUENCIES.map((f) => [String(f), threshold.default(null)])) as Record<string, z.ZodDefault<typeof threshold>>);

export const audiogramInputSchema = z.object({
  date: z.iso.date(),
  left: earSchema,
  right: earSchema,
}).strict().refine((a) => EARS.some((ear) => Object.values(a[ear]).some((v) => v !== null)), { path: ['left'], message: 'participants.errors.audiogramEmpty' });
export type AudiogramInput = z.input<typeof audiogramInputSchema>;
export type Audiogram = z.output<typeof audiogramInputSchema>;

const componentCode = (ear: Ear, frequency: number) => ({
  system: GERIA_OBSERVATION_SYSTEM, code: `hearing-threshold-${ear}-${frequency}`, display: `Hearing threshold, ${ear} ear, ${frequency} Hz`,
});

/** The observation-builder item of an audiogram: only the thresholds measured become components. */
export function audiogramItem(patientId: string, audiogram: Audiogram, stored?: { id: string }): ObservationItem {
  const components = EARS.flatMap((ear) => AUDIOGRAM_FREQUENCIES.flatMap((frequency) => {
    const value = audiogram[ear][String(frequency)];
    return value === null || value === undefined ? [] : [{ ...componentCode(ear, frequency), quantity: { value, ...DB_HL } }];
  }));
  return {
    patient: patientId, type: 'Editable', alreadyPresent: Boolean(stored), ...(stored && { id: stored.id }),
    code: AUDIOGRAM_CODE, inBundle: true, status: 'final', effectiveDateTime: audiogram.date, components,
  };
}

export function audiogramFromObservation(observation: Pick<FhirObservation, 'component' | 'effectiveDateTime'>): Audiogram {
  const ear = (side: Ear) => Object.fromEntries(AUDIOGRAM_FREQUENCIES.map((frequency) => {
    const found = observation.component?.find((c) => c.code.coding[0]?.code === `hearing-threshold-${side}-${frequency}`);
    return [String(frequency), found?.valueQuantity?.value ?? null];
  }));
  return { date: (observation.effectiveDateTime ?? '').slice(0, 10), left: ear('left'), right: ear('right') };
}

/** An audiogram as the API answers it. */
export const audiogramSchema = z.object({ id: z.string(), ...audiogramInputSchema.shape });
