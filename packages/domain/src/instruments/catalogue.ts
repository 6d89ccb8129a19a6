import type { InstrumentDef } from './types.ts';
// First half (instrument machinery owner).
import { dexterity } from './dexterity.ts';
import { efs } from './efs.ts';
import { ess } from './ess.ts';
import { fesi } from './fesi.ts';
import { sfesi } from './sfesi.ts';
import { sleep } from './sleep.ts';
import { iadl } from './iadl.ts';
import { godin } from './godin.ts';
import { moca, mocaV1 } from './moca.ts';
import { gds15 } from './gds15.ts';
import { mnasf } from './mnasf.ts';
import { eq5d5l } from './eq5d5l.ts';
import { fga } from './fga.ts';
// Second half: imports of the other 13 instruments go here.
import { minibest } from './minibest.ts';
import { abc } from './abc.ts';
import { hama } from './hama.ts';
import { mdpq, mdpq16 } from './mdpq.ts';
import { rapa } from './rapa.ts';
import { rga } from './rga.ts';
import { nprs } from './nprs.ts';
import { ghabp } from './ghabp.ts';
import { phq9 } from './phq9.ts';
import { gpe } from './gpe.ts';
import { psfs } from './psfs.ts';
import { nps } from './nps.ts';
import { umux } from './umux.ts';

/** Every instrument of the study, in catalogue order (shared/instruments.md). */
export const CATALOGUE: readonly InstrumentDef[] = [
  // First half
  dexterity, efs, ess, fesi, sfesi, sleep, iadl, godin, moca, gds15, mnasf, eq5d5l, fga,
  // Second half
  minibest,
  abc,
  hama,
  mdpq,
  rapa,
  rga,
  nprs,
  ghabp,
  phq9,
  gpe,
  psfs,
  nps,
  umux,
];

/**
 * Earlier versions whose items differ from the current definition's (a new major version): the
 * responses recorded with them are read, scored and edited with them (registry `instrumentAt`).
 */
export const PREVIOUS_VERSIONS: readonly InstrumentDef[] = [mocaV1, mdpq16];
