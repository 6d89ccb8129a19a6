import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { runIntegrationCommand } from './command.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

async function run(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runIntegrationCommand(ctx.db, argv, { out: (t) => { out += t; }, err: (t) => { err += t; } });
  return { code, out, err };
}

describe('the integration command', () => {
  it('creates an API-key client, printing its key once as the last line, audited as the command line', async () => {
    const created = await run('create', '--org', 'MIL-GER', '--name', 'Citizen Hub', '--role', 'Tech', '--kind', 'apikey', '--permission', 'devices.ingest');
    expect(created).toMatchObject({ code: 0, err: '' });
    const key = created.out.trim().split('\n').at(-1)!;
    const clientId = key.split('.')[0];
    expect(created.out).toContain(`client ${clientId} (apikey) for MIL-GER as Tech`);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers: { apikey: key } })).statusCode).toBe(200);
    const row = await ctx.db.kysely.selectFrom('oidc_client').selectAll().where('client_id', '=', clientId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Citizen Hub', kind: 'apikey', permissions: ['devices.ingest'] });
    expect(JSON.stringify(row)).not.toContain(key.split('.')[1]);
    const audit = await ctx.db.kysely.selectFrom('audit_event').select(['actor', 'action']).where('entity_id', '=', clientId).execute();
    expect(audit).toEqual([{ actor: 'command-line', action: 'integration-client.create' }]);

    const listed = await run('list');
    expect(listed.out).toMatch(new RegExp(`^${clientId}\\tCitizen Hub\\tMIL-GER\\tTech\\tapikey\\tdevices.ingest\\tenabled\\tlast used 20`, 'm'));

    const rotated = await run('rotate', clientId);
    expect(rotated.code).toBe(0);
    const newKey = rotated.out.trim().split('\n').at(-1)!;
    expect(newKey).toMatch(new RegExp(`^${clientId}\\.`));
    expect(newKey).not.toBe(key);
    expect(rotated.out).toMatch(/previous one works until 20/);

    expect(await run('disable', clientId)).toMatchObject({ code: 0, out: `${clientId} disabled\n` });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/me', headers: { apikey: newKey } })).statusCode).toBe(401);
    expect(await run('enable', clientId)).toMatchObject({ code: 0, out: `${clientId} enabled\n` });
    expect(await run('delete', clientId)).toMatchObject({ code: 0, out: `${clientId} deleted\n` });
  });

  it('registers a client whose subject ids are Smart4Health external ids, which needs device ingest', async () => {
    const created = await run('create', '--org', 'MIL-GER', '--name', 'Citizen Hub', '--role', 'Tech', '--kind', 'apikey', '--permission', 'devices.ingest', '--subject-ids', 'smart4health');
    expect(created.code).toBe(0);
    const clientId = created.out.trim().split('\n').at(-1)!.split('.')[0];
    const row = await ctx.db.kysely.selectFrom('oidc_client').select('subject_ids').where('client_id', '=', clientId).executeTakeFirstOrThrow();
    expect(row.subject_ids).toBe('smart4health');
    const refused = await run('create', '--org', 'MIL-GER', '--name', 'x', '--role', 'Tech', '--kind', 'apikey', '--subject-ids', 'smart4health');
    expect(refused).toMatchObject({ code: 1, err: 'subject-ids: External subject ids are resolved for device data: give the client the device data ingest permission.\n' });
  });

  it('refuses bad input field by field, unknown clients and unknown commands, storing nothing', async () => {
    const before = (await ctx.db.kysely.selectFrom('oidc_client').select('client_id').execute()).length;
    const bad = await run('create', '--org', 'NOPE', '--name', 'x', '--role', 'CCM', '--permission', 'devices.ingest');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('org: This organisation does not exist.');
    expect((await run('create', '--org', 'MIL-GER', '--name', 'x', '--role', 'CCM', '--permission', 'devices.ingest')).err)
      .toContain('permissions.0: The permission devices.ingest can only be given with the role Tech.');
    expect((await run('create', '--org', 'MIL-GER', '--name', 'x', '--role', 'CCM', '--permission', 'fhir.bulk-export')).err)
      .toContain('permissions.0: The permission fhir.bulk-export can only be given with the role ClinicalExpert.');
    expect((await run('create', '--org', 'MIL-GER', '--name', 'x', '--role', 'SysAdmin')).code).toBe(1);
    expect((await run('create', '--bogus')).code).toBe(2);
    expect(await run('rotate', 'ic-unknown')).toMatchObject({ code: 1, err: 'no integration client ic-unknown\n' });
    expect((await run('rotate')).code).toBe(2);
    expect((await run('frobnicate')).code).toBe(2);
    expect((await run()).err).toContain('usage: npm run -s integration');
    expect((await run()).err).toContain('permissions: interventions.app-notifications, devices.ingest, fhir.bulk-export');
    expect((await ctx.db.kysely.selectFrom('oidc_client').select('client_id').execute()).length).toBe(before);
  });
});
