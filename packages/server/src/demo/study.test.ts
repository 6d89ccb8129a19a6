import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { fhirService } from '../fhir/service.ts';
import { openTestDb } from '../test/context.ts';
import { seedDemoStudy } from './study.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => { ({ db, drop } = await openTestDb()); });
afterAll(async () => { await drop?.(); });

describe('demo study', () => {
  it('writes only references that resolve on /fhir', { timeout: 600_000 }, async () => {
    await seedDemoStudy(db, { participants: 40 });
    // Every relative reference (Type/id) anywhere in a current resource; urn:uuid and absolute URLs are not relative.
    const { rows } = await sql<{ reference: string; n: number }>`
      select r.value #>> '{}' as reference, count(*)::int as n
      from fhir_resource f, jsonb_path_query(f.content, 'strict $.**.reference') as r(value)
      where not f.deleted and jsonb_typeof(r.value) = 'string' and r.value #>> '{}' ~ '^[A-Z][A-Za-z]+/[^/]+$'
      group by 1`.execute(db.kysely);
    expect(rows.length).toBeGreaterThan(100);
    const types = new Set(rows.map((r) => r.reference.split('/')[0]));
    expect([...types]).toEqual(expect.arrayContaining(['Patient', 'Encounter', 'QuestionnaireResponse', 'Device']));
    const fhir = fhirService(db).withContext({ kind: 'system', name: 'test' });
    const unresolved: string[] = [];
    for (const { reference, n } of rows) {
      const [type, id] = reference.split('/') as [string, string];
      const found = await fhir.read(type, id).then(() => true, () => false);
      if (!found) unresolved.push(`${reference} (${n}×)`);
    }
    expect(unresolved).toEqual([]);
  });
});
