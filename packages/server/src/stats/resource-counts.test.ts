import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createParticipant } from '../participants/test-helpers.ts';
import { system } from '../assessments/test-helpers.ts';

/** stat_resource_count (migration 016) equals a count of the live FHIR resources, whatever was written. */
let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const kept = async (patient: string) => Object.fromEntries((await sql<{ resource_type: string; n: number }>`
  select resource_type, n from stat_resource_count where patient_id = ${patient} and n <> 0 order by resource_type`.execute(ctx.db.kysely)).rows
  .map((r) => [r.resource_type, r.n]));
const counted = async (patient: string) => Object.fromEntries((await sql<{ resource_type: string; n: number }>`
  select resource_type, count(*)::int as n from fhir_resource where patient_id = ${patient} and not deleted group by resource_type order by resource_type`
  .execute(ctx.db.kysely)).rows.map((r) => [r.resource_type, r.n]));

const observation = (patient: string, value: number) => ({
  resourceType: 'Observation' as const, status: 'final' as const, code: { coding: [{ system: 'http://loinc.org', code: '29463-7' }] },
  subject: { reference: `Patient/${patient}` }, effectiveDateTime: '2026-11-01T10:00:00Z', valueQuantity: { value, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' },
});

describe('resources per participant and type', () => {
  it('follows creates, updates, a change of subject and deletes', async () => {
    const [a, b] = [await createParticipant(ctx, {}), await createParticipant(ctx, {})];
    const fhir = system(ctx);
    const first = (await fhir.create(observation(a, 70))).resource!;
    await fhir.create(observation(a, 71));
    await fhir.update('Observation', first.id!, { ...observation(a, 72), id: first.id });
    expect((await kept(a)).Observation).toBe(2);
    // Moved to another participant: off one count, onto the other.
    await fhir.update('Observation', first.id!, { ...observation(b, 72), id: first.id });
    expect([(await kept(a)).Observation, (await kept(b)).Observation]).toEqual([1, 1]);
    await fhir.delete('Observation', first.id!);
    expect((await kept(b)).Observation).toBeUndefined();
    for (const p of [a, b]) expect(await kept(p)).toEqual(await counted(p));
  });

  it('equals the FHIR store\'s counts for every participant after the fixtures and the writes above', async () => {
    const drift = await sql<{ patient_id: string }>`
      select coalesce(c.patient_id, r.patient_id) as patient_id from stat_resource_count c
      full join (select patient_id, resource_type, count(*)::int as n from fhir_resource where not deleted and patient_id is not null group by 1, 2) r
        on r.patient_id = c.patient_id and r.resource_type = c.resource_type
      where coalesce(c.n, 0) <> coalesce(r.n, 0)`.execute(ctx.db.kysely);
    expect(drift.rows).toEqual([]);
  });
});
