/**
 * The R4 vital-signs profiles (https://hl7.org/fhir/R4/observation-vitalsigns.html): which
 * Observation is a vital sign, and what it must carry to declare its profile in `meta.profile`, so
 * that a client finds every blood pressure, weight, heart rate ... with `_profile`, whichever screen,
 * device or integration wrote it. The server applies `asVitalSign` to every Observation it stores
 * (fhir/writes.ts); migration 115 did the same to those stored before.
 *
 * A profile is claimed only where the Observation meets it: the profile's LOINC code (added beside
 * the more specific codes Geria writes: pulse oximetry 59408-5 is an oxygen saturation 2708-6, a
 * standing systolic 8460-8 a systolic 8480-6), the vital-signs category (added), an effective time,
 * and a UCUM quantity in the profile's unit or a dataAbsentReason. An Observation that is a vital
 * sign but does not meet its own profile (a day's heart-rate series as SampledData) declares the
 * base vital-signs profile; one without an effective time declares none.
 */
export const VITAL_SIGNS_PROFILE = 'http://hl7.org/fhir/StructureDefinition/vitalsigns';
export const VITAL_SIGNS_CATEGORY = { system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs', display: 'Vital Signs' } as const;
const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const profileUrl = (id: string) => `http://hl7.org/fhir/StructureDefinition/${id}`;

interface VitalSign {
  /** The profile's id (its URL is http://hl7.org/fhir/StructureDefinition/<id>). */
  profile: string;
  /** The LOINC code the profile requires, and its display. */
  code: string;
  display: string;
  /** More specific LOINC codes that are this vital sign. */
  narrower?: readonly string[];
  /** The UCUM code the profile fixes for the value (undefined: any UCUM unit). */
  unit?: string;
}

export const VITAL_SIGNS: readonly VitalSign[] = [
  { profile: 'vitalspanel', code: '85353-1', display: 'Vital signs, weight, height, head circumference, oxygen saturation and BMI panel' },
  { profile: 'resprate', code: '9279-1', display: 'Respiratory rate', unit: '/min' },
  { profile: 'heartrate', code: '8867-4', display: 'Heart rate', unit: '/min' },
  { profile: 'oxygensat', code: '2708-6', display: 'Oxygen saturation in Arterial blood', narrower: ['59408-5'], unit: '%' },
  { profile: 'bodytemp', code: '8310-5', display: 'Body temperature' },
  { profile: 'bodyheight', code: '8302-2', display: 'Body height' },
  { profile: 'headcircum', code: '9843-4', display: 'Head Occipital-frontal circumference' },
  { profile: 'bodyweight', code: '29463-7', display: 'Body weight' },
  { profile: 'bmi', code: '39156-5', display: 'Body mass index (BMI) [Ratio]', unit: 'kg/m2' },
  { profile: 'bp', code: '85354-9', display: 'Blood pressure panel with all children optional' },
];

/** Blood-pressure components: the profile's systolic and diastolic codes, and the positional codes that are them. */
const BP_COMPONENTS = [
  { code: '8480-6', display: 'Systolic blood pressure', narrower: ['8459-0', '8460-8', '8461-6'] },
  { code: '8462-4', display: 'Diastolic blood pressure', narrower: ['8453-3', '8454-1', '8455-8'] },
] as const;

interface Coding { system?: string; code?: string; display?: string }
interface Concept { coding?: Coding[]; text?: string }
interface Quantity { value?: number; unit?: string; system?: string; code?: string }
interface Component { code?: Concept; valueQuantity?: Quantity; dataAbsentReason?: Concept; [element: string]: unknown }
/** The elements of an Observation this rule reads and writes; the others pass through unchanged. */
export interface ObservationLike {
  resourceType?: string;
  meta?: { profile?: string[]; [element: string]: unknown };
  category?: Concept[];
  code?: Concept;
  component?: Component[];
  hasMember?: unknown[];
  valueQuantity?: Quantity;
  dataAbsentReason?: Concept;
  effectiveDateTime?: string;
  effectivePeriod?: unknown;
  [element: string]: unknown;
}

const loincCodes = (concept: Concept | undefined) => (concept?.coding ?? []).filter((c) => c.system === LOINC).map((c) => c.code);

/** The vital sign an Observation's code names (its profile's code or a narrower one), if any. */
export function vitalSignOf(observation: ObservationLike): VitalSign | undefined {
  const codes = loincCodes(observation.code);
  return VITAL_SIGNS.find((v) => codes.includes(v.code)) ?? VITAL_SIGNS.find((v) => v.narrower?.some((c) => codes.includes(c)));
}

/** The concept with the required LOINC coding added after the others, unless it has it. */
function withCoding(concept: Concept | undefined, code: string, display: string): Concept {
  if (loincCodes(concept).includes(code)) return concept!;
  return { ...concept, coding: [...(concept?.coding ?? []), { system: LOINC, code, display }] };
}

const hasValue = (element: Record<string, unknown>) => Object.entries(element).some(([k, v]) => k.startsWith('value') && v !== undefined);

/** A value as the specific profiles require: a UCUM quantity with a value and unit (in `unit` when fixed), or an absent value with its reason. */
function quantityConforms(element: { valueQuantity?: Quantity; dataAbsentReason?: Concept }, unit: string | undefined) {
  const q = element.valueQuantity;
  if (!hasValue(element)) return element.dataAbsentReason !== undefined;
  return q !== undefined && typeof q.value === 'number' && !!q.unit && q.system === UCUM && !!q.code && (unit === undefined || q.code === unit);
}

function meetsSpecificProfile(observation: ObservationLike, sign: VitalSign): boolean {
  if (sign.profile === 'vitalspanel') return (observation.hasMember?.length ?? 0) > 0;
  if (sign.profile !== 'bp') return quantityConforms(observation, sign.unit);
  if (hasValue(observation)) return false;
  return BP_COMPONENTS.every((bp) => observation.component?.some((c) => loincCodes(c.code).includes(bp.code) && quantityConforms(c, 'mm[Hg]')));
}

/** effective[x] as the profile takes it: a Period, or a dateTime to the day at least (vs-1). */
const hasEffectiveTime = (o: ObservationLike) =>
  o.effectivePeriod !== undefined || (typeof o.effectiveDateTime === 'string' && o.effectiveDateTime.length >= 10);

/** vs-2/vs-3 of the base profile: a value, a reason for its absence, components or members. */
const meetsBaseProfile = (o: ObservationLike) =>
  hasValue(o) || o.dataAbsentReason !== undefined || (o.component?.length ?? 0) > 0 || (o.hasMember?.length ?? 0) > 0;

/**
 * The Observation as Geria stores it: a vital sign gains the profile's codes, the vital-signs
 * category and the profile it meets in meta.profile (kept with any the client declared); anything
 * else is given back unchanged. Never changes its argument; applying it twice changes nothing more.
 */
export function asVitalSign<T extends object>(resource: T): T {
  const observation = resource as ObservationLike;
  const sign = observation.resourceType === 'Observation' ? vitalSignOf(observation) : undefined;
  if (!sign || !hasEffectiveTime(observation)) return resource;
  const coded: ObservationLike = {
    ...observation,
    code: withCoding(observation.code, sign.code, sign.display),
    ...(sign.profile === 'bp' && observation.component && {
      component: observation.component.map((c) => {
        const bp = BP_COMPONENTS.find((b) => loincCodes(c.code).some((code) => code === b.code || (b.narrower as readonly string[]).includes(code!)));
        return bp ? { ...c, code: withCoding(c.code, bp.code, bp.display) } : c;
      }),
    }),
  };
  const profile = meetsSpecificProfile(coded, sign) ? profileUrl(sign.profile) : meetsBaseProfile(coded) ? VITAL_SIGNS_PROFILE : undefined;
  if (!profile) return resource;
  const categorised = (observation.category ?? []).some((c) => c.coding?.some((x) => x.system === VITAL_SIGNS_CATEGORY.system && x.code === VITAL_SIGNS_CATEGORY.code));
  const profiles = observation.meta?.profile ?? [];
  return {
    ...coded,
    ...(!categorised && { category: [...(observation.category ?? []), { coding: [{ ...VITAL_SIGNS_CATEGORY }] }] }),
    meta: { ...observation.meta, profile: profiles.includes(profile) ? profiles : [...profiles, profile] },
  } as T;
}
