import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParticipant } from '../participants/test-helpers.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { fhir } from '../test/fhir-fixtures.ts';
import { asIntegrationClient } from '../test/integration-client.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const SYSTEM = 'https://hub.example.org/serial';
const device = (participantId: string, serial: string) => ({
  resourceType: 'Device', identifier: [{ system: SYSTEM, value: serial }], serialNumber: serial, patient: { reference: `Patient/${participantId}` },
});
const ids = (bundle: { entry?: { resource: { id: string } }[] }) => (bundle.entry ?? []).map((e) => e.resource.id);

describe('Device identifier', () => {
  it('is a search parameter, so a hub creates its Device once in a transaction Bundle, however often it sends it', async () => {
    const participantId = await createParticipant(ctx);
    const hub = await asIntegrationClient(ctx, { clientId: 'device-id-hub', role: 'Tech', organisation: 'MIL-GER', permissions: ['devices.ingest'] });
    const bundle = {
      resourceType: 'Bundle', type: 'transaction',
      entry: [{ fullUrl: 'urn:uuid:0b6c7f8e-3d1a-4c55-9a0e-1f2b3c4d5e6f', resource: device(participantId, 'SER-1'), request: { method: 'POST', url: 'Device', ifNoneExist: `identifier=${SYSTEM}|SER-1` } }],
    };
    const send = () => ctx.app.inject({ method: 'POST', url: '/fhir', headers: { ...hub, 'content-type': 'application/fhir+json' }, payload: JSON.stringify(bundle) });
    const first = (await send()).json();
    expect(first.entry[0].response.status).toBe('201 Created');
    const again = (await send()).json();
    expect(again.entry[0].response.status).toBe('200 OK');
    expect(again.entry[0].response.location).toBe(first.entry[0].response.location);

    const found = await fhir(ctx, 'test-ccm', 'GET', `Device?identifier=${encodeURIComponent(`${SYSTEM}|SER-1`)}`);
    expect(found.status).toBe(200);
    expect(found.body.entry).toHaveLength(1);
    expect((await fhir(ctx, 'test-ccm', 'GET', 'Device?identifier=SER-1')).body.entry).toHaveLength(1);
    expect((await fhir(ctx, 'test-ccm', 'GET', 'Device?identifier=SER-2')).body.entry ?? []).toHaveLength(0);
  });

  it('is indexed for the Devices stored before, with the keys the server makes (migration 091)', async () => {
    const participantId = await createParticipant(ctx);
    const body = { ...device(participantId, 'OLD-1'), identifier: [{ system: SYSTEM, value: 'OLD-1' }, { value: 'LOCAL-9' }] };
    const old = (await fhir(ctx, 'test-ccm', 'POST', 'Device', body)).body.id as string;
    const fresh = (await fhir(ctx, 'test-ccm', 'POST', 'Device', body)).body.id as string;
    // The old Device as the server indexed it before: without its identifier.
    await ctx.db.exec(`update fhir_resource set tokens = array(select t from unnest(tokens) t where t not like 'identifier%') where id = '${old}'`);
    expect(ids((await fhir(ctx, 'test-ccm', 'GET', 'Device?identifier=LOCAL-9')).body)).toEqual([fresh]);

    await ctx.db.exec(await readFile(new URL('../db/migrations/091_device_identifier_index.sql', import.meta.url), 'utf8'));
    const tokens = async (id: string) => (await ctx.db.kysely.selectFrom('fhir_resource').select('tokens').where('id', '=', id).executeTakeFirstOrThrow()).tokens.sort();
    expect(await tokens(old)).toEqual(await tokens(fresh));
    expect(ids((await fhir(ctx, 'test-ccm', 'GET', 'Device?identifier=LOCAL-9')).body).sort()).toEqual([old, fresh].sort());
  });

  it('is declared in the CapabilityStatement, with conditional create, which also names the apikey header', async () => {
    const statement = (await ctx.app.inject({ method: 'GET', url: '/fhir/metadata' })).json();
    const resource = statement.rest[0].resource.find((r: { type: string }) => r.type === 'Device');
    expect(resource.conditionalCreate).toBe(true);
    expect(resource.searchParam.map((p: { name: string }) => p.name)).toContain('identifier');
    expect(statement.rest[0].documentation).toContain('apikey header');
  });
});
