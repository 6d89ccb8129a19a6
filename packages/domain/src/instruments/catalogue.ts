import type { InstrumentDef } from './types.ts';
// First half (instrument machinery owner).
import { dexterity } from './dexterity.ts';
// Second half: imports of the other 13 instruments go here.
import { abc } from './abc.ts';
import { hama } from './hama.ts';
import { mdpq } from './mdpq.ts';
import { nprs } from './nprs.ts';
import { phq9 } from './phq9.ts';
import { gpe } from './gpe.ts';
import { psfs } from './psfs.ts';
import { nps } from './nps.ts';
import { umux } from './umux.ts';

/** Every instrument of the study, in catalogue order (shared/instruments.md). */
export const CATALOGUE: readonly InstrumentDef[] = [
  // First half
  dexterity,
  // Second half
  abc,
  hama,
  mdpq,
  nprs,
  phq9,
  gpe,
  psfs,
  nps,
  umux,
];
