import { homePilot } from '@geria/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParticipant } from '../participants/test-helpers.ts';
import { dailyObservation, participantWithDevice, transaction } from '../measurements/test-helpers.ts';
import { asIntegrationClient } from '../test/integration-client.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { OTHER_ORGANISATION } from '../test/fixtures.ts';

let ctx: TestContext;
let hub: { authorization: string };
beforeAll(async () => {
  ctx = await createTestContext();
  hub = await asIntegrationClient(ctx, { clientId: 'ingest-hub', role: 'Tech', organisation: 'MIL-GER', permissions: ['devices.ingest'] });
});
afterAll(async () => { await ctx?.close(); });

const request = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => ctx.app.inject({
  method, url: `/fhir${path}`, ...(body === undefined ? { headers } : { headers: { ...headers, 'content-type': 'application/fhir+json' }, payload: JSON.stringify(body) }),
});
const observationsOf = async (participantId: string) => (await ctx.db.kysely.selectFrom('fhir_resource').select('id')
  .where('resource_type', '=', 'Observation').where('patient_id', '=', participantId).execute()).length;

describe('a device hub with the devices.ingest permission', () => {
  it('creates Observations and Devices for its organisation\'s participants, alone and in transaction Bundles', async () => {
    const { participantId, fhirDeviceId } = await participantWithDevice(ctx, 'INGEST-1');
    const observation = dailyObservation(participantId, fhirDeviceId, '29463-7', 70.2, 'kg', '2026-11-20');
    const created = await request(hub, 'POST', '/Observation', observation);
    expect(created.statusCode).toBe(201);
    expect((await request(hub, 'POST', '/Device', { resourceType: 'Device', serialNumber: 'HUB-DEV-1', patient: { reference: `Patient/${participantId}` } })).statusCode).toBe(201);

    const bundle = transaction([dailyObservation(participantId, fhirDeviceId, '41950-7', 5400, '/d', '2026-11-21')]);
    const first = await request(hub, 'POST', '', bundle);
    expect(first.statusCode).toBe(200);
    expect(first.json().entry[0].response.status).toBe('201 Created');
    // Sent again, nothing new is stored, and the hub is told the data are there, not what they say.
    const again = await request(hub, 'POST', '', bundle);
    expect(again.json().entry[0].response.status).toBe('200 OK');
    expect(JSON.stringify(again.json())).not.toContain('5400');
    expect(await observationsOf(participantId)).toBe(2);
  });

  it('reads nothing clinical: every read of the record is refused (403)', async () => {
    const { participantId, fhirDeviceId } = await participantWithDevice(ctx, 'INGEST-2');
    const id = (await request(hub, 'POST', '/Observation', dailyObservation(participantId, fhirDeviceId, '8310-5', 36.6, 'Cel', '2026-11-20'))).json().id;
    for (const path of [`/Observation/${id}`, `/Observation?subject=Patient/${participantId}`, `/Patient/${participantId}`, `/Observation/${id}/_history`, '/QuestionnaireResponse']) {
      expect((await request(hub, 'GET', path)).statusCode, path).toBe(403);
    }
    for (const url of [`/api/v1/participant/${participantId}/measurements?from=2026-11-01&to=2026-11-30`, `/api/v1/participants/${participantId}/conditions`, `/api/v1/participants/${participantId}/assessments`]) {
      expect((await ctx.app.inject({ method: 'GET', url, headers: hub })).statusCode, url).toBe(403);
    }
  });

  it('changes and deletes nothing, creates nothing but device data, and nothing for another organisation', async () => {
    const { participantId, fhirDeviceId } = await participantWithDevice(ctx, 'INGEST-3');
    const observation = dailyObservation(participantId, fhirDeviceId, '8867-4', 61, '/min', '2026-11-20');
    const id = (await request(hub, 'POST', '/Observation', observation)).json().id;
    expect((await request(hub, 'PUT', `/Observation/${id}`, { ...observation, id })).statusCode).toBe(403);
    expect((await request(hub, 'DELETE', `/Observation/${id}`)).statusCode).toBe(403);
    expect((await request(hub, 'POST', '/Patient', { resourceType: 'Patient' })).statusCode).toBe(403);
    expect((await request(hub, 'POST', '/Condition', { resourceType: 'Condition', subject: { reference: `Patient/${participantId}` }, code: { text: 'x' } })).statusCode).toBe(403);

    const other = await createParticipant(ctx, { pilot: homePilot(OTHER_ORGANISATION)!.pilotid, ccmids: [] }, 'other-ccm');
    const refused = await request(hub, 'POST', '/Observation', { ...dailyObservation(other, fhirDeviceId, '8867-4', 61, '/min', '2026-11-20'), device: undefined });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(await observationsOf(other)).toBe(0);
  });

  it('is what lets a Tech client post: without it the same hub is refused', async () => {
    const plain = await asIntegrationClient(ctx, { clientId: 'plain-tech-hub', role: 'Tech', organisation: 'MIL-GER' });
    const { participantId, fhirDeviceId } = await participantWithDevice(ctx, 'INGEST-4');
    expect((await request(plain, 'POST', '/Observation', dailyObservation(participantId, fhirDeviceId, '8867-4', 61, '/min', '2026-11-20'))).statusCode).toBe(403);
    // A person with the Tech role never holds the permission.
    expect((await request(await ctx.as('test-tech'), 'POST', '/Observation', dailyObservation(participantId, fhirDeviceId, '8867-4', 61, '/min', '2026-11-20'))).statusCode).toBe(403);
    expect(await observationsOf(participantId)).toBe(0);
  });
});
