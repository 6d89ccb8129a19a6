import type { Coding } from './observation-builder.ts';

/**
 * The answer lists of the coded observations (observation-codes.ts), without zod: Home and the
 * record show their labels at first paint. Smoking status and body sites use SNOMED CT; lists
 * without a standard value set use `https://geria.example.org/fhir/CodeSystem/<value set>`.
 */
export const SNOMED = 'http://snomed.info/sct';
const localOptionSystem = (valueSet: string) => `https://geria.example.org/fhir/CodeSystem/${valueSet}`;
const snomed = (code: string, display: string): Coding => ({ system: SNOMED, code, display });

export interface ValueSetOption { key: string; coding: Coding; labelKey: string }

function localValueSet(name: string, options: Record<string, string>): ValueSetOption[] {
  return Object.entries(options).map(([key, display]) => ({
    key, coding: { system: localOptionSystem(name), code: key, display }, labelKey: `rules.options.${name}.${key}`,
  }));
}

function codedValueSet(name: string, options: Record<string, Coding>): ValueSetOption[] {
  return Object.entries(options).map(([key, coding]) => ({ key, coding, labelKey: `rules.options.${name}.${key}` }));
}

export const VALUE_SETS = {
  gender: localValueSet('gender', {
    male: 'Male', female: 'Female', transgender: 'Transgender', nonBinary: 'Non-Binary', other: 'Other',
    notDisclosed: 'Does not wish to disclose', notAvailable: 'Not Available',
  }),
  /** ISCED 2011 groups, comparable across the pilot countries. */
  educationLevel: localValueSet('educationLevel', {
    none: 'No formal education', primary: 'Primary education', lowerSecondary: 'Lower secondary education',
    upperSecondary: 'Upper secondary education', postSecondary: 'Post-secondary non-tertiary education', tertiary: 'Tertiary education',
  }),
  livingSituation: localValueSet('livingSituation', { urban: 'Urban area', suburban: 'Suburban area', rural: 'Rural area' }),
  accommodationType: localValueSet('accommodationType', {
    house: 'House', apartment: 'Apartment', shelteredHousing: 'Sheltered housing', careHome: 'Care home', other: 'Other',
  }),
  livesWith: localValueSet('livesWith', {
    alone: 'Alone', spouse: 'Spouse or partner', children: 'Children', otherRelatives: 'Other relatives',
    caregiver: 'Paid caregiver', others: 'Other people',
  }),
  smokerStatus: codedValueSet('smokerStatus', {
    never: snomed('266919005', 'Never smoked tobacco'),
    former: snomed('8517006', 'Ex-smoker'),
    current: snomed('77176002', 'Smoker'),
    unknown: snomed('266927001', 'Tobacco smoking consumption unknown'),
  }),
  armUsed: codedValueSet('armUsed', {
    left: snomed('368208006', 'Left upper arm structure'),
    right: snomed('368209003', 'Right upper arm structure'),
  }),
  /** The GHABP hearing-aid use answers of SPEC §3. */
  hearingAidUse: localValueSet('hearingAidUse', {
    quarter: '1/4 of the time', half: '1/2 of the time', threeQuarters: '3/4 of the time', allTheTime: 'All the time',
  }),
  ecgRhythm: localValueSet('ecgRhythm', {
    sinus: 'Sinus rhythm', atrialFibrillation: 'Atrial fibrillation', atrialFlutter: 'Atrial flutter', paced: 'Paced rhythm', other: 'Other rhythm',
  }),
} satisfies Record<string, ValueSetOption[]>;
export type ValueSetName = keyof typeof VALUE_SETS;

export function findOption(valueSet: ValueSetName, key: string): ValueSetOption | undefined {
  return VALUE_SETS[valueSet].find((option) => option.key === key);
}
