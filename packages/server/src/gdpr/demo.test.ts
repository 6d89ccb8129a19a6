import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../test/context.ts';
import type { Db } from '../db/connection.ts';
import { demoParticipants } from '../demo/participants.ts';
import { demoGdpr } from './demo.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => { ({ db, drop } = await openTestDb()); });
afterAll(async () => { await drop?.(); });

describe('GDPR and adverse-event demo data', () => {
  it('creates requests in every status and adverse events suspecting devices and medications, once', async () => {
    await demoParticipants(db, { participants: 60 });
    await demoGdpr(db, { participants: 60 });
    await demoGdpr(db, { participants: 60 });
    const statuses = await db.kysely.selectFrom('gdpr_request').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
    expect(Object.fromEntries(statuses.map((s) => [s.status, Number(s.n)]))).toEqual({ initiation: 3, queued: 2, closed: 3 });
    const files = await db.kysely.selectFrom('gdpr_request_file').select(['origin', 'size_bytes']).execute();
    expect(files).toHaveLength(1);
    expect(files[0].size_bytes).toBeGreaterThan(100);
    const flagged = await db.kysely.selectFrom('participant').select('id').where('processing_excluded', '=', true).execute();
    expect(flagged.length).toBeGreaterThanOrEqual(2);
    const events = await db.kysely.selectFrom('fhir_resource').select('content').where('resource_type', '=', 'AdverseEvent').execute();
    const references = events.map((e) => (e.content as { suspectEntity: { instance: { reference: string } }[] }).suspectEntity[0].instance.reference.split('/')[0]);
    expect(new Set(references)).toEqual(new Set(['Device', 'MedicationStatement']));
  });
});
