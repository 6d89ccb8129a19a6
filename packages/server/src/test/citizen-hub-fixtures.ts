import { randomUUID } from 'node:crypto';

/**
 * The Smart4Health Citizen Hub app's daily posture upload (issue 34 §3), as its HAPI FHIR (R4)
 * client builds it: a transaction Bundle of two Observations (good and poor posture, seconds per
 * hour of one day) whose `id` repeats their `urn:uuid:` fullUrl, and a DiagnosticReport without a
 * fullUrl that references them by those urns. `subject` is the participant's Smart4Health id.
 */
export const SNOMED = 'http://snomed.info/sct';
export const POSTURE_GOOD = '51093005';
export const POSTURE_POOR = '249858009';
export const POSTURE_REPORT = '298341003';

/** Seconds per hour: good posture in the day's waking hours, poor posture besides. */
export const GOOD_SECONDS = [0, 0, 0, 0, 0, 0, 0, 1200, 2400, 3000, 2700, 1800, 600, 2400, 3000, 3300, 2100, 1500, 900, 600, 300, 0, 0, 0];
export const POOR_SECONDS = [0, 0, 0, 0, 0, 0, 0, 600, 900, 300, 600, 1200, 0, 600, 300, 120, 1200, 1800, 900, 1200, 600, 0, 0, 0];

const period = (day: string) => ({ start: `${day}T00:00:00+01:00`, end: `${day}T23:59:59+01:00` });

function postureObservation(urn: string, externalId: string, day: string, code: string, display: string, seconds: number[]) {
  return {
    fullUrl: urn,
    resource: {
      resourceType: 'Observation',
      id: urn,
      status: 'final',
      code: { coding: [{ system: SNOMED, code, display }] },
      subject: { reference: `Patient/${externalId}` },
      effectivePeriod: period(day),
      valueSampledData: {
        origin: { value: 0, unit: 'second', system: 'http://unitsofmeasure.org', code: 's' },
        period: 3600000,
        lowerLimit: 0,
        upperLimit: 3600,
        dimensions: 1,
        data: seconds.join(' '),
      },
    },
    request: { method: 'POST', url: 'Observation' },
  };
}

/** One day's upload for the participant the app knows as `externalId` (day: YYYY-MM-DD). */
export function citizenHubUpload(externalId: string, day: string, seconds = { good: GOOD_SECONDS, poor: POOR_SECONDS }) {
  const good = `urn:uuid:${randomUUID()}`;
  const poor = `urn:uuid:${randomUUID()}`;
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      postureObservation(good, externalId, day, POSTURE_GOOD, 'Body posture normal', seconds.good),
      postureObservation(poor, externalId, day, POSTURE_POOR, 'Poor posture', seconds.poor),
      {
        resource: {
          resourceType: 'DiagnosticReport',
          text: { status: 'empty' },
          status: 'final',
          code: { coding: [{ system: SNOMED, code: POSTURE_REPORT, display: 'Finding of body posture' }] },
          subject: { reference: `Patient/${externalId}` },
          effectivePeriod: period(day),
          result: [{ reference: good }, { reference: poor }],
        },
        request: { method: 'POST', url: 'DiagnosticReport' },
      },
    ],
  };
}
