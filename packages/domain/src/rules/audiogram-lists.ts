/* The frequencies, ears and limits of an audiogram (participants-audiogram.ts), without zod: the record's chart shows them at first paint. */

export const AUDIOGRAM_FREQUENCIES = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000] as const;
export const EARS = ['left', 'right'] as const;
export type Ear = (typeof EARS)[number];
/** Audiometers measure from −10 to 120 dB HL. */
export const THRESHOLD_LIMITS = { min: -10, max: 120 } as const;
