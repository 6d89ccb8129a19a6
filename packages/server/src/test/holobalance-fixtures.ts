import { randomUUID } from 'node:crypto';
import { HOLOBALANCE_COMPONENTS, HOLOBALANCE_SCORE, HOLOBALANCE_SESSION_CODE, HOLOBALANCE_SYSTEM, SNOMED_SYSTEM, type HoloBalanceComponent } from '@geria/domain';

/**
 * A HOLOBalance exercise session as the balance platform stores and sends it (issue 34 §4): a
 * transaction Bundle of the session Observation (code 1158 of the platform's code system, one
 * SampledData component per SNOMED CT measure, a reading per exercise) and its score Observation
 * (LOINC 89191-1) derived from it; `subject` is the participant's HOLOBalance id, and new resources
 * carry the `urn:uuid:` of their fullUrl as id, as a HAPI client writes them.
 */
const UCUM = 'http://unitsofmeasure.org';
const UNITS: Record<HoloBalanceComponent, { unit: string; code: string; upperLimit?: number }> = {
  rangeOfMovement: { unit: 'degree', code: 'deg' },
  speed: { unit: 'degree per second', code: 'deg/s' },
  repetitions: { unit: 'repetitions', code: '{repetitions}' },
  duration: { unit: 'second', code: 's' },
  disorientation: { unit: 'score', code: '{score}', upperLimit: 10 },
  vision: { unit: 'score', code: '{score}', upperLimit: 10 },
  dizziness: { unit: 'score', code: '{score}', upperLimit: 10 },
  headache: { unit: 'score', code: '{score}', upperLimit: 10 },
};

/** One reading per exercise (four exercises); symptoms on the platform's 0-10 scale. */
export const READINGS: Record<HoloBalanceComponent, number[]> = {
  rangeOfMovement: [35, 42, 40, 38],
  speed: [20, 24.5, 22, 21],
  repetitions: [10, 12, 10, 8],
  duration: [120, 180, 150, 90],
  disorientation: [0, 1, 1, 0],
  vision: [0, 0, 1, 0],
  dizziness: [2, 3, 4, 2],
  headache: [1, 1, 2, 1],
};

export function sampledData(key: HoloBalanceComponent, readings: readonly (number | string)[]) {
  const { unit, code, upperLimit } = UNITS[key];
  return { origin: { value: 0, unit, system: UCUM, code }, period: 60000, lowerLimit: 0, ...(upperLimit !== undefined && { upperLimit }), dimensions: 1, data: readings.join(' ') };
}

export interface SessionOptions { readings?: Partial<Record<HoloBalanceComponent, readonly (number | string)[]>>; score?: number; minutes?: number }

/** The session of `externalId` that began at `start` (an instant with its offset). */
export function holoBalanceUpload(externalId: string, start: string, { readings = {}, score = 72, minutes = 25 }: SessionOptions = {}) {
  const sessionUrn = `urn:uuid:${randomUUID()}`;
  const scoreUrn = `urn:uuid:${randomUUID()}`;
  const effectivePeriod = { start, end: new Date(Date.parse(start) + minutes * 60_000).toISOString() };
  const subject = { reference: `Patient/${externalId}` };
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      {
        fullUrl: sessionUrn,
        resource: {
          resourceType: 'Observation', id: sessionUrn, status: 'final',
          category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'activity' }] }],
          code: { coding: [{ system: HOLOBALANCE_SYSTEM, code: HOLOBALANCE_SESSION_CODE, display: 'HOLOBalance exercise session' }] },
          subject, effectivePeriod,
          component: (Object.keys(HOLOBALANCE_COMPONENTS) as HoloBalanceComponent[]).map((key) => ({
            code: { coding: [{ system: SNOMED_SYSTEM, code: HOLOBALANCE_COMPONENTS[key] as string }] },
            valueSampledData: sampledData(key, readings[key] ?? READINGS[key]),
          })),
        },
        request: { method: 'POST', url: 'Observation' },
      },
      {
        fullUrl: scoreUrn,
        resource: {
          resourceType: 'Observation', id: scoreUrn, status: 'final',
          code: { coding: [{ system: HOLOBALANCE_SCORE.system, code: HOLOBALANCE_SCORE.code }] },
          subject, effectivePeriod,
          valueQuantity: { value: score, unit: 'score', system: UCUM, code: '{score}' },
          derivedFrom: [{ reference: sessionUrn }],
        },
        request: { method: 'POST', url: 'Observation' },
      },
    ],
  };
}
