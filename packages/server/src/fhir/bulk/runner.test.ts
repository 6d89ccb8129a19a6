import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { fhir, observation } from '../../test/fhir-fixtures.ts';
import { createParticipant } from '../../participants/test-helpers.ts';
import { BulkDataClient } from '../../test/bulk-data-client.ts';
import { claimNext, deleteExpired, drainQueue, executeJob, requeueOrphans } from './runner.ts';

/** No runner polls here: each test moves the queue itself, so every state is seen. */
let ctx: TestContext;
let client: BulkDataClient;
const idOf = (statusUrl: string) => statusUrl.split('/').pop()!;
const job = (statusUrl: string) => ctx.db.kysely.selectFrom('bulk_export_job').selectAll().where('id', '=', idOf(statusUrl)).executeTakeFirst();
const files = async (statusUrl: string) => (await ctx.db.kysely.selectFrom('bulk_export_file').select('seq').where('job_id', '=', idOf(statusUrl)).execute()).length;

beforeAll(async () => {
  ctx = await createTestContext();
  client = new BulkDataClient(ctx, await ctx.as('test-expert'));
  const id = await createParticipant(ctx);
  expect((await fhir(ctx, 'test-ccm', 'POST', 'Observation', observation(id))).status).toBe(201);
});
afterAll(async () => { await ctx?.close(); });

/** A kick-off on an empty queue: a job a test leaves queued must not run in the next one. */
const fresh = async (path: string) => {
  await ctx.db.kysely.deleteFrom('bulk_export_job').execute();
  return client.kickOff(path);
};

describe('the bulk export queue', () => {
  it('answers 202 with X-Progress and Retry-After while queued, then 200 once a worker ran it', async () => {
    const statusUrl = await fresh('$export?_type=Patient,Observation');
    const queued = await client.request('GET', statusUrl);
    expect(queued.status).toBe(202);
    expect(queued.headers['x-progress']).toBe('0% (0 of 0 resources)');
    expect(queued.headers['retry-after']).toBe('2');
    expect(await drainQueue(ctx.db, 'test-worker')).toBe(1);
    const done = await client.request('GET', statusUrl);
    expect(done.status).toBe(200);
    expect(JSON.parse(done.body).output.map((o: { type: string; count: number }) => [o.type, o.count])).toEqual([['Patient', 1], ['Observation', 1]]);
    expect(await job(statusUrl)).toMatchObject({ state: 'Completed', done: 2, total: 2, excluded_participants: 0 });
  });

  it('stops a running job its requester cancelled, writing nothing more', async () => {
    const statusUrl = await fresh('$export');
    const claimed = (await claimNext(ctx.db, 'test-worker'))!;
    expect((await client.request('DELETE', statusUrl)).status).toBe(202);
    await executeJob(ctx.db, claimed);
    expect(await job(statusUrl)).toBeUndefined();
    expect(await files(statusUrl)).toBe(0);
  });

  it('queues again, from the start, a job whose worker stopped beating', async () => {
    const statusUrl = await fresh('$export?_type=Patient');
    const claimed = (await claimNext(ctx.db, 'lost-worker'))!;
    // It wrote its files, then died before it could say so.
    await executeJob(ctx.db, claimed);
    expect(await files(statusUrl)).toBe(1);
    await ctx.db.kysely.updateTable('bulk_export_job').set({ state: 'Running', heartbeat_at: sql`now() - interval '1 minute'` }).where('id', '=', claimed.id).execute();
    expect(await requeueOrphans(ctx.db)).toBe(1);
    expect(await job(statusUrl)).toMatchObject({ state: 'Queued', worker: null, done: 0 });
    expect(await files(statusUrl)).toBe(0);
    // The lost worker, were it still alive, owns the job no more: its next checkpoint stops it.
    await executeJob(ctx.db, claimed);
    expect(await job(statusUrl)).toMatchObject({ state: 'Queued' });
    expect(await drainQueue(ctx.db, 'test-worker')).toBe(1);
    expect((await client.request('GET', statusUrl)).status).toBe(200);
  });

  it('leaves a job with a recent heartbeat to its worker', async () => {
    await fresh('$export?_type=Patient');
    await claimNext(ctx.db, 'live-worker');
    expect(await requeueOrphans(ctx.db)).toBe(0);
  });

  it('deletes a finished job and its files once its retention has passed: the status then answers 404', async () => {
    const statusUrl = await fresh('$export?_type=Patient');
    await drainQueue(ctx.db, 'test-worker');
    const { manifest } = await client.waitForManifest(statusUrl);
    expect(await deleteExpired(ctx.db)).toBe(0);
    await ctx.db.kysely.updateTable('bulk_export_job').set({ expires_at: sql`now() - interval '1 second'` }).where('id', '=', idOf(statusUrl)).execute();
    expect((await client.request('GET', statusUrl)).status).toBe(404);
    expect((await client.request('GET', manifest.output[0].url)).status).toBe(404);
    expect(await deleteExpired(ctx.db)).toBe(1);
    expect(await files(statusUrl)).toBe(0);
  });

  it('marks a job that failed, and its status answers 500 with an OperationOutcome saying why', async () => {
    const statusUrl = await fresh('$export?_type=Patient,Encounter');
    // The database fails under the export: the table it reads is gone for the moment. (Not a module
    // mock: test files share their modules here, so a mock would not reach the runner others imported.)
    await sql`alter table fhir_resource rename to fhir_resource_away`.execute(ctx.db.kysely);
    try {
      await drainQueue(ctx.db, 'test-worker');
    } finally {
      await sql`alter table fhir_resource_away rename to fhir_resource`.execute(ctx.db.kysely);
    }
    expect(await job(statusUrl)).toMatchObject({ state: 'Failed', error: { reason: expect.stringContaining('fhir_resource') } });
    const res = await client.request('GET', statusUrl);
    expect(res.status).toBe(500);
    expect(JSON.parse(res.body)).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'exception', details: { text: expect.stringContaining('fhir_resource') } }] });
  });
});
