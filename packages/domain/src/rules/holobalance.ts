/**
 * HOLOBalance exercise sessions (issue 34 §4), as the balance platform stores them: one Observation
 * per session coded `1158` in the platform's own code system, whose components are SNOMED CT coded
 * measures of the session, each a SampledData of the session's readings (one per exercise or per
 * report, in the order taken); and the session's score, an Observation coded LOINC 89191-1.
 * The code system URI Geria accepts for `1158` is HOLOBALANCE_SYSTEM (README, CapabilityStatement).
 */
import { LOINC } from './observation-codes.ts';
import { SNOMED_SYSTEM } from './posture.ts';

export const HOLOBALANCE_SYSTEM = 'https://holobalance.eu/fhir/CodeSystem/observation';
export const HOLOBALANCE_SESSION_CODE = '1158';
export const HOLOBALANCE_SCORE = { system: LOINC, code: '89191-1', min: 0, max: 100 } as const;

/** The session's components by SNOMED CT code: what the exercises measured, then the symptoms reported. */
export const HOLOBALANCE_COMPONENTS = {
  rangeOfMovement: '404979006',
  speed: '282108002',
  repetitions: '1202026006',
  duration: '228450008',
  disorientation: '62476001',
  vision: '7973008',
  dizziness: '404640003',
  headache: '25064002',
} as const;
export type HoloBalanceComponent = keyof typeof HOLOBALANCE_COMPONENTS;
export const HOLOBALANCE_COMPONENT_KEYS = Object.keys(HOLOBALANCE_COMPONENTS) as HoloBalanceComponent[];
/** The components that are symptoms the participant reported (their trends over sessions). */
export const HOLOBALANCE_SYMPTOMS = ['disorientation', 'vision', 'dizziness', 'headache'] as const satisfies readonly HoloBalanceComponent[];

interface Coding { system?: string; code?: string }
interface SampledData {
  origin?: { value?: unknown; unit?: string; code?: string };
  period?: unknown; factor?: unknown; lowerLimit?: unknown; upperLimit?: unknown; dimensions?: unknown; data?: unknown;
}
interface Component { code?: { coding?: readonly Coding[] }; valueSampledData?: SampledData; [value: string]: unknown }
export interface HoloBalanceObservation {
  code?: { coding?: readonly Coding[] };
  effectivePeriod?: { start?: string; end?: string };
  effectiveDateTime?: string;
  component?: readonly Component[];
  valueQuantity?: { value?: unknown };
}

const coded = (codings: readonly Coding[] | undefined, system: string, code: string) => (codings ?? []).some((c) => c.system === system && c.code === code);
export const isHoloBalanceSession = (codings: readonly Coding[] | undefined) => coded(codings, HOLOBALANCE_SYSTEM, HOLOBALANCE_SESSION_CODE);
export const isHoloBalanceScore = (codings: readonly Coding[] | undefined) => coded(codings, HOLOBALANCE_SCORE.system, HOLOBALANCE_SCORE.code);

const componentOf = (c: Component): HoloBalanceComponent | undefined =>
  HOLOBALANCE_COMPONENT_KEYS.find((key) => coded(c.code?.coding, SNOMED_SYSTEM, HOLOBALANCE_COMPONENTS[key]));
const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const SAMPLE = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;
/** FHIR's markers of a sample that has no value (error, below and above the detection limit). */
const NO_VALUE = new Set(['E', 'L', 'U']);

/** Why a session or score cannot be stored: where (FHIRPath from the resource) and the catalogue message saying why. */
export interface HoloBalanceProblem { expression: string; key: string; params?: Record<string, unknown> }

/**
 * The samples' values (origin + factor × sample; null for E, L, U), or the problem: a SampledData
 * of one dimension, a positive period, and readings that are numbers, not negative, within the
 * lower and upper limits it states.
 */
function samplesOf(value: SampledData | undefined, at: string, code: string): { samples: (number | null)[] } | { problem: HoloBalanceProblem } {
  const shape = { problem: { expression: `${at}.valueSampledData`, key: 'errors.holobalance.sampledData', params: { code } } };
  if (!value || !finite(value.origin?.value) || !finite(value.period) || value.period <= 0 || value.dimensions !== 1 || typeof value.data !== 'string') return shape;
  const factor = value.factor === undefined ? 1 : value.factor;
  if (!finite(factor)) return shape;
  const tokens = value.data.trim().split(/\s+/).filter(Boolean);
  if (!tokens.length) return shape;
  const samples: (number | null)[] = [];
  for (const token of tokens) {
    if (NO_VALUE.has(token)) { samples.push(null); continue; }
    const reading = SAMPLE.test(token) ? value.origin!.value as number + factor * Number(token) : NaN;
    const outside = !Number.isFinite(reading) || reading < 0
      || (finite(value.lowerLimit) && reading < value.lowerLimit) || (finite(value.upperLimit) && reading > value.upperLimit);
    if (outside) return { problem: { expression: `${at}.valueSampledData.data`, key: 'errors.holobalance.sample', params: { sample: token, code } } };
    samples.push(reading);
  }
  return { samples };
}

export interface HoloBalanceReading { key: HoloBalanceComponent; unit: string | null; samples: (number | null)[] }

/** A session's readings by component (in HOLOBALANCE_COMPONENTS order), or its problems. */
export function readHoloBalanceSession(obs: HoloBalanceObservation): { readings: HoloBalanceReading[] } | { problems: HoloBalanceProblem[] } {
  const problems: HoloBalanceProblem[] = [];
  if (!obs.effectivePeriod?.start || !obs.effectivePeriod.end) problems.push({ expression: 'Observation.effectivePeriod', key: 'errors.holobalance.period' });
  const readings = new Map<HoloBalanceComponent, HoloBalanceReading>();
  const seen = new Set<HoloBalanceComponent>();
  (obs.component ?? []).forEach((component, index) => {
    const at = `Observation.component[${index}]`;
    const key = componentOf(component);
    const code = component.code?.coding?.map((c) => `${c.system ?? ''}|${c.code ?? ''}`).join(', ') || '(none)';
    if (!key) { problems.push({ expression: `${at}.code`, key: 'errors.holobalance.component', params: { code } }); return; }
    if (seen.has(key)) { problems.push({ expression: `${at}.code`, key: 'errors.holobalance.componentTwice', params: { code: HOLOBALANCE_COMPONENTS[key] } }); return; }
    seen.add(key);
    const read = samplesOf(component.valueSampledData, at, HOLOBALANCE_COMPONENTS[key]);
    if ('problem' in read) { problems.push(read.problem); return; }
    const origin = component.valueSampledData!.origin!;
    readings.set(key, { key, unit: origin.code ?? origin.unit ?? null, samples: read.samples });
  });
  for (const key of HOLOBALANCE_COMPONENT_KEYS) {
    if (!seen.has(key)) {
      problems.push({ expression: 'Observation.component', key: 'errors.holobalance.componentMissing', params: { code: HOLOBALANCE_COMPONENTS[key] } });
    }
  }
  return problems.length ? { problems } : { readings: HOLOBALANCE_COMPONENT_KEYS.map((key) => readings.get(key)!) };
}

/** Why a HOLOBalance session or score Observation cannot be stored; empty when it can, or is neither. */
export function holoBalanceProblems(obs: HoloBalanceObservation): HoloBalanceProblem[] {
  if (isHoloBalanceSession(obs.code?.coding)) {
    const read = readHoloBalanceSession(obs);
    return 'problems' in read ? read.problems : [];
  }
  if (isHoloBalanceScore(obs.code?.coding)) {
    const problems: HoloBalanceProblem[] = [];
    const value = obs.valueQuantity?.value;
    if (!finite(value) || value < HOLOBALANCE_SCORE.min || value > HOLOBALANCE_SCORE.max) {
      problems.push({ expression: 'Observation.valueQuantity', key: 'errors.holobalance.score', params: { min: HOLOBALANCE_SCORE.min, max: HOLOBALANCE_SCORE.max } });
    }
    if (!obs.effectivePeriod?.start && !obs.effectiveDateTime) problems.push({ expression: 'Observation.effective', key: 'errors.holobalance.scoreTime' });
    return problems;
  }
  return [];
}

/** The mean and the highest of a component's readings (null without any). */
export function readingStats(samples: readonly (number | null)[]): { mean: number | null; max: number | null } {
  const values = samples.filter((s): s is number => s !== null);
  if (!values.length) return { mean: null, max: null };
  return { mean: values.reduce((a, b) => a + b, 0) / values.length, max: Math.max(...values) };
}

/** When a session or score was taken: the start of its period (or its dateTime), as an instant. */
export function holoBalanceStart(obs: HoloBalanceObservation): string | undefined {
  const at = obs.effectivePeriod?.start ?? obs.effectiveDateTime;
  return at && Number.isFinite(Date.parse(at)) ? new Date(at).toISOString() : undefined;
}
