import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createPatient, fhir, observation } from '../test/fhir-fixtures.ts';
import { createParticipant } from '../participants/test-helpers.ts';
import { UUID_KEYED_TABLES } from './repository.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const accountId = async (username: string) =>
  (await ctx.db.kysely.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

describe('PUT-as-create with a client id', () => {
  it('refuses an id naming another organisation\'s participant or a user account (409, translated), storing nothing', async () => {
    const own = await createPatient(ctx);
    const othersParticipant = await createParticipant(ctx, { firstName: 'Other', lastName: 'Org', pilot: 1, ccmids: [] }, 'other-ccm');
    for (const taken of [othersParticipant, await accountId('test-sysadmin')]) {
      const res = await fhir(ctx, 'test-ccm', 'PUT', `Observation/${taken}`, { ...observation(own), id: taken }, { 'accept-language': 'it' });
      expect(res.status).toBe(409);
      expect(res.body.issue[0]).toMatchObject({ code: 'conflict', expression: ['Observation.id'] });
      expect(res.body.issue[0].details.text).toContain(`L'id ${taken} identifica già un altro dato dello studio`);
      const stored = await ctx.db.kysely.selectFrom('fhir_resource').select('id').where('resource_type', '=', 'Observation').where('id', '=', taken).execute();
      expect(stored).toEqual([]);
    }
  });

  it('refuses the id of a resource of another type, also inside a transaction Bundle, and accepts a fresh id', async () => {
    const own = await createPatient(ctx);
    const condition = await fhir(ctx, 'test-ccm', 'POST', 'Condition', {
      resourceType: 'Condition', subject: { reference: `Patient/${own}` }, code: { text: 'Hypertension' },
    });
    expect(condition.status).toBe(201);
    const taken = condition.body.id as string;
    expect((await fhir(ctx, 'test-ccm', 'PUT', `Observation/${taken}`, { ...observation(own), id: taken })).status).toBe(409);
    const bundle = await fhir(ctx, 'test-ccm', 'POST', '', {
      resourceType: 'Bundle', type: 'transaction',
      entry: [{ resource: { ...observation(own), id: taken }, request: { method: 'PUT', url: `Observation/${taken}` } }],
    });
    expect(bundle.status).toBe(409);
    expect(bundle.body.issue[0].expression).toEqual(['Bundle.entry[0].resource.id']);
    const batch = await fhir(ctx, 'test-ccm', 'POST', '', {
      resourceType: 'Bundle', type: 'batch',
      entry: [{ resource: { ...observation(own), id: taken }, request: { method: 'PUT', url: `Observation/${taken}` } }],
    }, { 'accept-language': 'fr' });
    expect(batch.body.entry[0].response.status).toBe('409 Conflict');
    expect(batch.body.entry[0].response.outcome.issue[0].details.text).toContain(`L'identifiant ${taken} désigne déjà`);
    expect((await fhir(ctx, 'test-ccm', 'PUT', `Observation/hr-${own}`, { ...observation(own), id: `hr-${own}` })).status).toBe(201);
  });

  it('lets one of two simultaneous creates of different types take an id', async () => {
    const own = await createPatient(ctx);
    const id = `same-${own}`;
    const results = await Promise.all([
      fhir(ctx, 'test-ccm', 'PUT', `Observation/${id}`, { ...observation(own), id }),
      fhir(ctx, 'test-ccm', 'PUT', `Condition/${id}`, { resourceType: 'Condition', id, subject: { reference: `Patient/${own}` }, code: { text: 'Frailty' } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('checks every table keyed by a uuid', async () => {
    const { rows } = await sql<{ table: string }>`select c.table_name as table from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema() and c.column_name = 'id' and c.data_type = 'uuid'`.execute(ctx.db.kysely);
    expect(rows.map((r) => r.table).sort()).toEqual([...UUID_KEYED_TABLES].sort());
  });
});
