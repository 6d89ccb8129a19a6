import { UK_CROSSWALK } from './eq5d5l-crosswalk-uk.ts';

/**
 * EQ-5D-5L index values. FR, IT, PT, ES and EN (England, Devlin 2018) are additive models:
 * 1 + the decrement of each dimension's level (0 at level 1), rounded to 3 decimals; coefficients
 * as in fragla/eq5d data-raw/VT.csv (catalogue §12). UK-CW is the van Hout 2012 crosswalk lookup.
 */
export const EQ5D_VALUE_SETS = ['FR', 'IT', 'PT', 'ES', 'EN', 'UK-CW'] as const;
export type Eq5dValueSet = (typeof EQ5D_VALUE_SETS)[number];

/** Decrements for levels 2–5 of MO, SC, UA, PD, AD. */
type Model = [number, number, number, number][];

const MODELS: Record<Exclude<Eq5dValueSet, 'UK-CW'>, Model> = {
  FR: [
    [-0.03759, -0.04774, -0.17949, -0.32509],
    [-0.03656, -0.050781, -0.172251, -0.258331],
    [-0.03313, -0.03979, -0.15689, -0.24005],
    [-0.02198, -0.04704, -0.26374, -0.44399],
    [-0.02046, -0.04683, -0.20005, -0.25803],
  ],
  IT: [
    [-0.051, -0.064, -0.244, -0.329],
    [-0.046, -0.056, -0.216, -0.257],
    [-0.05, -0.064, -0.225, -0.255],
    [-0.047, -0.088, -0.353, -0.408],
    [-0.044, -0.109, -0.318, -0.322],
  ],
  PT: [
    [-0.048, -0.092, -0.182, -0.356],
    [-0.048, -0.07, -0.156, -0.294],
    [-0.044, -0.063, -0.135, -0.263],
    [-0.041, -0.101, -0.254, -0.406],
    [-0.036, -0.085, -0.212, -0.284],
  ],
  ES: [
    [-0.0839717, -0.0992505, -0.2497363, -0.337318],
    [-0.0500236, -0.053293, -0.1640509, -0.1961494],
    [-0.0440448, -0.0489321, -0.1351463, -0.153155],
    [-0.077983, -0.1011491, -0.2454973, -0.3818179],
    [-0.0807394, -0.1275334, -0.2704687, -0.3477585],
  ],
  EN: [
    [-0.058, -0.076, -0.207, -0.274],
    [-0.05, -0.08, -0.164, -0.203],
    [-0.05, -0.063, -0.162, -0.184],
    [-0.063, -0.084, -0.276, -0.335],
    [-0.078, -0.104, -0.285, -0.289],
  ],
};

/** Rounds to 3 decimals, half away from zero, after removing binary noise (0.8495 stays 0.8495, not 0.84949…). */
const round3 = (value: number): number => {
  const scaled = Number((Math.abs(value) * 1000).toPrecision(12));
  return (Math.sign(value) * Math.round(scaled)) / 1000 + 0;
};

/** The five levels of a profile such as "12345". */
export const profileLevels = (profile: string): number[] => {
  if (!/^[1-5]{5}$/.test(profile)) throw new RangeError(`Not an EQ-5D-5L profile: ${profile}`);
  return [...profile].map(Number);
};

export function eq5dIndex(profile: string, valueSet: Eq5dValueSet): number {
  const levels = profileLevels(profile);
  if (valueSet === 'UK-CW') return UK_CROSSWALK[levels.reduce((position, level) => position * 5 + level - 1, 0)];
  const model = MODELS[valueSet];
  return round3(levels.reduce((index, level, dim) => (level === 1 ? index : index + model[dim][level - 2]), 1));
}

export const eq5dIndexes = (profile: string): Record<Eq5dValueSet, number> =>
  Object.fromEntries(EQ5D_VALUE_SETS.map((code) => [code, eq5dIndex(profile, code)])) as Record<Eq5dValueSet, number>;

/**
 * The value set shown by default for a participant's country (ISO code), per the catalogue's
 * Decisions: France, Italy, Portugal and Spain have their own; every other country (Greece,
 * Romania …) has none, so England's is the default with the UK crosswalk shown beside it.
 */
export function defaultEq5dValueSets(countryIso: string): { primary: Eq5dValueSet; alongside: Eq5dValueSet[] } {
  const own: Record<string, Eq5dValueSet> = { FR: 'FR', IT: 'IT', PT: 'PT', ES: 'ES' };
  const primary = own[countryIso.toUpperCase()];
  return primary ? { primary, alongside: [] } : { primary: 'EN', alongside: ['UK-CW'] };
}
