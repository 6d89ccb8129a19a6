import type { InstrumentDef } from './types.ts';
// First half (instrument machinery owner).
import { dexterity } from './dexterity.ts';
// Second half: imports of the other 13 instruments go here.
import { phq9 } from './phq9.ts';

/** Every instrument of the study, in catalogue order (shared/instruments.md). */
export const CATALOGUE: readonly InstrumentDef[] = [
  // First half
  dexterity,
  // Second half
  phq9,
];
