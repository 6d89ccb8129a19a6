import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type KyselyPlugin } from 'kysely';
import { createTestContext, type TestContext } from '../test/context.ts';
import { fhir, observation, OTHER_ORGID, patient } from '../test/fhir-fixtures.ts';
import { sessionUserFromClaims } from '@geria/domain';
import { fhirService, type FhirClient } from './service.ts';

// Issue 36: a transaction's conditional creates (ifNoneExist per entry, how devices retry safely) are
// looked up together, in one statement, instead of one search per entry; the answers stay those of
// one by one: matches against stored resources, duplicates within the Bundle, 412 per entry.
let ctx: TestContext;
let system: FhirClient;
let subject: string;
let otherSubject: string;

const KEY = 'https://device.example.org/reading';
let serial = 0;
const fresh = () => `r-${Date.now()}-${serial++}`;
const reading = (key: string, about = subject) => observation(about, { identifier: [{ system: KEY, value: key }] });
const conditional = (key: string, about = subject, query = `identifier=${KEY}|${key}`) =>
  ({ fullUrl: `urn:uuid:${crypto.randomUUID()}`, resource: reading(key, about), request: { method: 'POST', url: 'Observation', ifNoneExist: query } });
const transaction = (entry: unknown[]) => ({ resourceType: 'Bundle', type: 'transaction', entry });
const byKey = async (key: string) => (await fhir(ctx, 'test-ccm', 'GET', `Observation?identifier=${KEY}|${key}`)).body.entry?.map((e: any) => e.resource.id) ?? [];

beforeAll(async () => {
  ctx = await createTestContext();
  system = fhirService(ctx.db).withContext({ kind: 'system', name: 'conditional-test' });
  subject = (await system.create(patient())).id;
  otherSubject = (await system.create(patient(OTHER_ORGID))).id;
});
afterAll(async () => { await ctx?.close(); });

describe('a transaction of conditional creates', () => {
  it('answers each entry as one by one would: the stored match, a create, both of a pair within the Bundle', async () => {
    const [stored, fresh1, pair] = [fresh(), fresh(), fresh()];
    const existing = (await system.create(reading(stored))).id;
    const res = await fhir(ctx, 'test-ccm', 'POST', '', transaction([conditional(stored), conditional(fresh1), conditional(pair), conditional(pair)]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.entry.map((e: any) => e.response.status)).toEqual(['200 OK', '201 Created', '201 Created', '201 Created']);
    expect(res.body.entry[0].resource.id).toBe(existing);
    expect(await byKey(stored)).toEqual([existing]);
    expect(await byKey(fresh1)).toEqual([res.body.entry[1].resource.id]);
    // The search sees what was stored before the transaction: two entries of one Bundle with the same condition both create.
    expect((await byKey(pair)).sort()).toEqual([res.body.entry[2].resource.id, res.body.entry[3].resource.id].sort());
    // Sent again, every entry finds its resource.
    const again = await fhir(ctx, 'test-ccm', 'POST', '', transaction([conditional(stored), conditional(fresh1)]));
    expect(again.body.entry.map((e: any) => [e.response.status, e.resource.id])).toEqual([['200 OK', existing], ['200 OK', res.body.entry[1].resource.id]]);
  });

  it('fails with 412 naming the entry whose condition matches several, and stores nothing', async () => {
    const [twice, other] = [fresh(), fresh()];
    for (let i = 0; i < 2; i++) await system.create(reading(twice));
    const res = await fhir(ctx, 'test-ccm', 'POST', '', transaction([conditional(other), conditional(twice)]));
    expect(res.status).toBe(412);
    expect(res.body.issue[0].expression).toEqual(['Bundle.entry[1]']);
    expect(await byKey(other)).toEqual([]);
  });

  it('sees the deletions of its own Bundle, not another organisation\'s resources, and takes other criteria one by one', async () => {
    const [deleted, elsewhere, byTwo] = [fresh(), fresh(), fresh()];
    const gone = (await system.create(reading(deleted))).id;
    await system.create(reading(elsewhere, otherSubject));
    const stored = (await system.create(reading(byTwo))).id;
    const res = await fhir(ctx, 'test-ccm', 'POST', '', transaction([
      conditional(deleted), { request: { method: 'DELETE', url: `Observation/${gone}` } },
      conditional(elsewhere),
      // Two parameters: not a single token search.
      conditional(byTwo, subject, `identifier=${KEY}|${byTwo}&subject=Patient/${subject}`),
      // Alternatives of one parameter: one token search.
      conditional(fresh(), subject, `identifier=${KEY}|${fresh()},${KEY}|${byTwo}`),
    ]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.entry.map((e: any) => e.response.status)).toEqual(['201 Created', '204 No Content', '201 Created', '200 OK', '200 OK']);
    expect(res.body.entry[3].resource.id).toBe(stored);
    expect(res.body.entry[4].resource.id).toBe(stored);
  });

  it('refuses an unknown parameter in one entry\'s condition with 400 naming that entry', async () => {
    const res = await fhir(ctx, 'test-ccm', 'POST', '', transaction([conditional(fresh()), conditional(fresh(), subject, 'colour=blue')]));
    expect(res.status).toBe(400);
    expect(res.body.issue[0].expression[0]).toMatch(/^Bundle\.entry\[1\]/);
  });

  it('costs as many statements for twenty conditional creates as for two', async () => {
    const user = sessionUserFromClaims({ sub: 'cond', preferred_username: 'test-ccm', organisation: 'MIL-GER', realm_access: { roles: ['CCM'] } });
    const statements = async (n: number) => {
      let count = 0;
      const counter: KyselyPlugin = { transformQuery: (args) => { count++; return args.node; }, transformResult: async (args) => args.result };
      const client = fhirService(ctx.db.kysely.withPlugin(counter)).withContext({ kind: 'user', user });
      const stored = fresh();
      await system.create(reading(stored));
      const answer = await client.bundle(transaction([conditional(stored), ...Array.from({ length: n - 1 }, () => conditional(fresh()))]));
      expect(answer.entry!.map((e) => e.response!.status)).toEqual(['200 OK', ...Array.from({ length: n - 1 }, () => '201 Created')]);
      return count;
    };
    expect(await statements(20)).toBe(await statements(2));
  });
});

describe('the token index the conditional creates search', () => {
  // GIN keeps recent insertions in a pending list that every search reads through: at PostgreSQL's
  // default 4 MB, a device Bundle's lookup of a hundred identifiers took 42 ms instead of 1 ms
  // (bench/fhir-ingest, 200 000 Observations). Migration 142 keeps that list short.
  it('keeps a pending list of at most 256 kB', async () => {
    const { rows } = await sql<{ reloptions: string[] | null }>`select reloptions from pg_class where relname = 'fhir_resource_tokens'`.execute(ctx.db.kysely);
    expect(rows[0]?.reloptions ?? []).toContain('gin_pending_list_limit=256');
  });
});
