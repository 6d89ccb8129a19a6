import type { TestContext } from '../test/context.ts';
import { fhir } from '../test/fhir-fixtures.ts';
import { createParticipant } from '../participants/test-helpers.ts';

export const LOINC = 'http://loinc.org';

/** A participant of MIL-GER with a registered device and its FHIR Device resource. */
export async function participantWithDevice(ctx: TestContext, serial: string, status = 'active', type = 'smartwatch', existing?: string) {
  const participantId = existing ?? await createParticipant(ctx);
  const device = await ctx.app.inject({
    method: 'POST', url: `/api/v1/participant/${participantId}/device`, headers: await ctx.as('test-ccm'), payload: { type, serial, status },
  });
  if (device.statusCode !== 201) throw new Error(`device: ${device.statusCode} ${device.body}`);
  const resource = await fhir(ctx, 'test-ccm', 'POST', 'Device', { resourceType: 'Device', serialNumber: serial, patient: { reference: `Patient/${participantId}` } });
  if (resource.status !== 201) throw new Error(`Device: ${resource.status} ${JSON.stringify(resource.body)}`);
  return { participantId, deviceId: device.json().id as string, fhirDeviceId: resource.body.id as string };
}

/** A daily summary Observation as the health-data app sends it, identified by app, participant, code and day. */
export function dailyObservation(participantId: string, fhirDeviceId: string, code: string, value: number, unit: string, day: string, system = LOINC) {
  return {
    resourceType: 'Observation', status: 'final',
    identifier: [{ system: 'https://geria.health/fhir/health-app', value: `${participantId}/${code}/${day}` }],
    code: { coding: [{ system, code }] },
    subject: { reference: `Patient/${participantId}` },
    device: { reference: `Device/${fhirDeviceId}` },
    effectiveDateTime: `${day}T08:00:00Z`,
    valueQuantity: { value, unit, system: 'http://unitsofmeasure.org', code: unit },
  };
}

/** A transaction Bundle creating each Observation once (conditional create on its identifier). */
export const transaction = (observations: ReturnType<typeof dailyObservation>[]) => ({
  resourceType: 'Bundle', type: 'transaction',
  entry: observations.map((resource) => ({
    resource,
    request: { method: 'POST', url: 'Observation', ifNoneExist: `identifier=${resource.identifier[0].system}|${resource.identifier[0].value}` },
  })),
});

/** A transaction Bundle of any resources, each created once (conditional create on its first identifier); urn:uuid fullUrls given by `fullUrl`. */
export const transactionOf = (entries: { resource: { resourceType: string; identifier: { system: string; value: string }[] }; fullUrl?: string }[]) => ({
  resourceType: 'Bundle', type: 'transaction',
  entry: entries.map(({ resource, fullUrl }) => ({
    ...(fullUrl && { fullUrl }), resource,
    request: { method: 'POST', url: resource.resourceType, ifNoneExist: `identifier=${resource.identifier[0]!.system}|${resource.identifier[0]!.value}` },
  })),
});
