import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Transaction } from 'kysely';
import { organisationByAbbr } from '@geria/domain';
import { participantListQuerySchema } from '@geria/domain/rules/participants-record.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { fhirService } from '../fhir/service.ts';
import { compiledPageStatement, parseSearch } from '../fhir/search.ts';
import { listParticipants } from '../participants/list.ts';
import type { Database } from './types.ts';
import type { Db } from './connection.ts';

/**
 * The hot statements are prepared (db/prepared.ts) so that PostgreSQL can plan them once. It only
 * does so when a generic plan of the statement is as good as a custom one, which a parameter that
 * changes the plan's shape (a resource type, a constant of the query) prevents: every execution is
 * then planned again. Checked on PostgreSQL's own counters, on one connection (a transaction).
 */
const onPostgres = process.env.GERIA_TEST_DB === 'pg';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  if (!onPostgres) return;
  // Types as unevenly stored as in a study (many Observations, few Patients), participants spread over
  // organisations, with statistics: on near-empty tables every plan is the same and the checks would
  // pass whatever the statement.
  await sql`insert into fhir_resource (resource_type, id, version_id, last_updated, organisation_id, content, patient_id, date_start, date_end)
    select case when n % 50 = 0 then 'Patient' when n % 10 = 0 then 'Encounter' else 'Observation' end, 'r' || n, 1, now(),
      case when n % 300 < 150 then 8 else 10 + n % 300 % 30 end,
      jsonb_build_object('note', repeat(md5(n::text), 25)), 'p' || (n % 300), now() - n * interval '1 minute', now() - n * interval '1 minute'
    from generate_series(1, 30000) as n`.execute(ctx.db.kysely);
  await sql`analyze fhir_resource`.execute(ctx.db.kysely);
});
afterAll(async () => { await ctx?.close(); });

async function plansOf(trx: Transaction<Database>, fragment: string) {
  const { rows } = await sql<{ generic_plans: string; custom_plans: string }>`
    select generic_plans, custom_plans from pg_prepared_statements where statement like ${`%${fragment}%`}`.execute(trx);
  return rows.map((r) => ({ generic: Number(r.generic_plans), custom: Number(r.custom_plans) }));
}

describe.runIf(onPostgres)('statements PostgreSQL plans once', () => {
  it('a working state\'s FHIR searches (several types in one statement) reuse a generic plan', async () => {
    await ctx.db.kysely.transaction().execute(async (trx) => {
      const fhir = fhirService(trx).withContext({ kind: 'system', name: 'plan-test' });
      for (let i = 0; i < 12; i++) {
        const subject = `Patient/p${i}`;
        await fhir.searchMany([['Encounter', { subject }], ['QuestionnaireResponse', { subject, _sort: '-authored' }], ['Observation', { subject, _count: '20' }]]);
      }
      const [plans] = await plansOf(trx, 'string_agg');
      expect(plans.generic).toBeGreaterThan(0);
      expect(plans.custom).toBeLessThanOrEqual(5);
    });
  });

  it('a page of the participant list reuses a generic plan', async () => {
    await ctx.db.kysely.transaction().execute(async (trx) => {
      const db = { ...ctx.db, kysely: trx } as Db;
      for (let i = 0; i < 12; i++) {
        await listParticipants(db, organisationByAbbr('MIL-GER')!, participantListQuerySchema.parse({ page: i % 3 }));
      }
      const [plans] = await plansOf(trx, 'identity_id');
      expect(plans.generic).toBeGreaterThan(0);
      expect(plans.custom).toBeLessThanOrEqual(5);
    });
  });

  it('a participant\'s Observation search reads that participant\'s index entries, not the whole site\'s', async () => {
    await ctx.db.kysely.transaction().execute(async (trx) => {
      const request = parseSearch('Observation', new URLSearchParams('subject=Patient/p7&_count=20'));
      const { sql: text, parameters } = compiledPageStatement(trx, request, { organisationId: 8 }, true, true);
      const args = parameters.map((v) => (typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`)).join(', ');
      // As the server runs it: prepared, past the five custom plans PostgreSQL tries before a generic one.
      await sql.raw(`prepare observation_page as ${text}`).execute(trx);
      for (let i = 0; i < 6; i++) await sql.raw(`execute observation_page(${args})`).execute(trx);
      const plan = JSON.stringify((await sql.raw(`explain (format json) execute observation_page(${args})`).execute(trx)).rows);
      expect(plan).toContain('fhir_resource_patient');
      expect(plan).not.toContain('fhir_resource_org_type_date');
    });
  });
});
