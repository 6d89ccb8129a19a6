import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { recordAudits } from './service.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

describe('audit records', () => {
  it('are stored in thousands at once, beyond the parameters one statement may bind (a large FHIR transaction)', async () => {
    const entries = Array.from({ length: 4_500 }, (_, i) => ({ actor: 'bulk-writer', action: 'fhir.create' as const, entityType: 'Observation', entityId: `bulk-${i}`, after: { n: i } }));
    await recordAudits(ctx.db.kysely, entries);
    const { n } = await ctx.db.kysely.selectFrom('audit_event').select((eb) => eb.fn.countAll<number>().as('n')).where('actor', '=', 'bulk-writer').executeTakeFirstOrThrow();
    expect(Number(n)).toBe(4_500);
  });
});
