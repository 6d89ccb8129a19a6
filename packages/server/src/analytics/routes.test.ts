import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../test/context.ts';
import { apiOf, system } from '../assessments/test-helpers.ts';
import { createParticipant } from '../participants/test-helpers.ts';
import { addAssessmentScores } from './test-helpers.ts';
import { claimNext, drainQueue, executeRun, interruptOrphans, startRunner } from './runner.ts';

let ctx: TestContext;
let api: ReturnType<typeof apiOf>;
const expert = 'test-expert';
const ids: string[] = [];
let objector: string;
let notebookId: string;

const kmeans = (k = 2) => ({ name: 'Clusters', tags: ['pilot'], dataSource: {}, analysis: { type: 'kmeans', features: ['moca', 'fga'], k, seed: 3 }, charts: ['scatter', 'centroids'] });

beforeAll(async () => {
  ctx = await createTestContext();
  api = apiOf(ctx);
  // Two groups of scores; the fourth participant declines in cognition between assessments 1 and 2.
  const people = [[28, 28], [29, 27], [27, 29], [12, 10], [11, 12], [10, 11]];
  for (const [i, [moca, fga]] of people.entries()) {
    const id = await createParticipant(ctx, { firstName: `Anna${i}`, SB_Email: `anna${i}@study.example.org` });
    await addAssessmentScores(ctx, id, 1, { moca: moca!, fga: fga! });
    ids.push(id);
  }
  await addAssessmentScores(ctx, ids[0]!, 2, { moca: 20, fga: 28 });
  objector = await createParticipant(ctx, { firstName: 'Objecting', SB_Email: 'objecting@study.example.org' });
  await addAssessmentScores(ctx, objector, 1, { moca: 30, fga: 30 });
  await ctx.db.kysely.updateTable('participant').set({ processing_objected: true } as never).where(sql<boolean>`id::text = ${objector}`).execute();
  const res = await api('POST', '/notebooks', { name: 'Cohort A', description: 'First look' }, expert);
  expect(res.statusCode).toBe(201);
  notebookId = res.json().id;
});
afterAll(() => ctx?.close());

async function newAnalytic(body: object = kmeans()) {
  const res = await api('POST', `/notebooks/${notebookId}/analytics`, { analytic: body }, expert);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; runs: { id: string; state: string }[] };
}
const run = async (id: string) => (await api('GET', `/analytics/runs/${id}`, undefined, expert)).json();
const act = (id: string, action: string) => api('POST', `/analytics/runs/${id}/${action}`, undefined, expert);

describe('notebooks', () => {
  it('are listed, modified and deleted by clinical experts of the organisation only', async () => {
    expect((await api('GET', '/notebooks', undefined, 'test-ccm')).statusCode).toBe(403);
    const created = (await api('POST', '/notebooks', { name: 'Scratch' }, expert)).json();
    expect(created).toMatchObject({ name: 'Scratch', owner: expert, description: '' });
    expect((await api('GET', `/notebooks/${created.id}`, undefined, 'other-expert')).statusCode).toBe(404);
    expect((await api('PUT', `/notebooks/${created.id}`, { name: 'Renamed', description: 'x' }, expert)).json().name).toBe('Renamed');
    expect((await api('POST', '/notebooks', { name: '' }, expert)).statusCode).toBe(400);
    expect((await api('DELETE', `/notebooks/${created.id}`, undefined, expert)).statusCode).toBe(204);
    expect((await api('GET', '/notebooks', undefined, expert)).json().notebooks.map((n: { name: string }) => n.name)).toEqual(['Cohort A']);
    const audit = await ctx.db.kysely.selectFrom('audit_event').select('action').where('entity_id', '=', created.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['notebook.create', 'notebook.update', 'notebook.delete']);
  });
});

describe('runs', () => {
  it('are queued by the wizard and completed by a worker with their input snapshot, excluding objectors', async () => {
    const analytic = await newAnalytic();
    expect(analytic.runs).toHaveLength(1);
    expect(analytic.runs[0]!.state).toBe('Queued');
    expect(await drainQueue(ctx.db, 'test-worker')).toBe(1);
    const done = await run(analytic.runs[0]!.id);
    expect(done).toMatchObject({ state: 'Completed', progress: 1, participants: 6 });
    expect(done.result.centroids.map((c: { size: number }) => c.size).sort()).toEqual([3, 3]);
    const snapshot = (await api('GET', `/analytics/runs/${done.id}/snapshot`, undefined, expert)).json().rows;
    expect(snapshot.map((r: { participantId: string }) => r.participantId)).not.toContain(objector);
    expect(done.parameters.analysis).toMatchObject({ k: 2, seed: 3 });
  });

  it('refuses K above the participants with a clear message (Failed)', async () => {
    const analytic = await newAnalytic(kmeans(7));
    await drainQueue(ctx.db, 'test-worker');
    const failed = await run(analytic.runs[0]!.id);
    expect(failed.state).toBe('Failed');
    expect(failed.error).toEqual({ code: 'analytics.errors.kTooLarge', values: { k: 7, n: 6 } });
  });

  it('stop a queued run at once; restart re-queues; a refused action is 409', async () => {
    const { runs: [queued] } = await newAnalytic();
    expect((await act(queued!.id, 'stop')).json().state).toBe('Stopped');
    expect((await act(queued!.id, 'stop')).statusCode).toBe(409);
    expect((await act(queued!.id, 'restart')).json().state).toBe('Queued');
    expect((await act(queued!.id, 'interrupt')).json().state).toBe('Interrupted');
    expect((await act(queued!.id, 'bogus')).statusCode).toBe(400);
  });

  it('stop and interrupt end a running job cooperatively at its next checkpoint', async () => {
    for (const [action, end] of [['stop', 'Stopped'], ['interrupt', 'Interrupted']] as const) {
      const { runs: [queued] } = await newAnalytic();
      const claimed = (await claimNext(ctx.db, 'test-worker'))!;
      expect(claimed.id).toBe(queued!.id);
      const asked = (await act(queued!.id, action)).json();
      expect(asked).toMatchObject({ state: 'Running', requested: action });
      expect((await api('DELETE', `/analytics/runs/${queued!.id}`, undefined, expert)).statusCode).toBe(409);
      await executeRun(ctx.db, claimed);
      expect(await run(queued!.id)).toMatchObject({ state: end, result: null, requested: null });
    }
  });

  it('reset clears the results; delete removes the run', async () => {
    const { runs: [queued] } = await newAnalytic();
    await drainQueue(ctx.db, 'test-worker');
    const reset = (await act(queued!.id, 'reset')).json();
    expect(reset).toMatchObject({ state: 'Stopped', result: null, participants: null });
    expect((await act(queued!.id, 'restart')).json().state).toBe('Queued');
    await drainQueue(ctx.db, 'test-worker');
    expect((await run(queued!.id)).state).toBe('Completed');
    expect((await api('DELETE', `/analytics/runs/${queued!.id}`, undefined, expert)).statusCode).toBe(204);
    expect((await api('GET', `/analytics/runs/${queued!.id}`, undefined, expert)).statusCode).toBe(404);
  });

  it('a run cut by a server restart shows Interrupted and can be restarted', async () => {
    const { runs: [queued] } = await newAnalytic();
    await claimNext(ctx.db, 'worker-that-dies');
    // A recent heartbeat belongs to a live worker elsewhere (PostgreSQL): left alone.
    expect(await interruptOrphans(ctx.db, 60_000)).toBe(0);
    // The restarted server's runner interrupts it (PGlite: every Running run; PostgreSQL: stale ones).
    await ctx.db.kysely.updateTable('analytic_run').set({ heartbeat_at: new Date(Date.now() - 120_000) }).where('id', '=', queued!.id).execute();
    const runner = await startRunner(ctx.db, { pollMs: 50 });
    await runner.stop();
    expect(await run(queued!.id)).toMatchObject({ state: 'Interrupted', error: { code: 'analytics.errors.workerLost' } });
    expect((await act(queued!.id, 'restart')).json().state).toBe('Queued');
    await drainQueue(ctx.db, 'test-worker');
    expect((await run(queued!.id)).state).toBe('Completed');
  });

  it('a worker told to stop finishes the run at hand and leaves the queued ones to the others', async () => {
    const { runs: [first] } = await newAnalytic();
    const { runs: [second] } = await newAnalytic();
    expect(await drainQueue(ctx.db, 'stopping-worker', () => false)).toBe(1);
    const states = [(await run(first!.id)).state, (await run(second!.id)).state];
    expect(states.sort()).toEqual(['Completed', 'Queued']);
    expect(await drainQueue(ctx.db, 'test-worker')).toBe(1);
  });

  it('workers polling at once never take the same job (scale-out on PostgreSQL)', async () => {
    const a = await newAnalytic();
    const b = await newAnalytic();
    const [first, second, third] = await Promise.all([claimNext(ctx.db, 'w1'), claimNext(ctx.db, 'w2'), claimNext(ctx.db, 'w3')]);
    const claimed = [first, second, third].filter((r) => r !== null).map((r) => r!.id).sort();
    expect(claimed).toEqual([a.runs[0]!.id, b.runs[0]!.id].sort());
    for (const run of [first, second, third]) if (run) await executeRun(ctx.db, run);
  });

  it('reads only the data source: recruitment status, assessment number, condition', async () => {
    const descriptive = (dataSource: object) => ({ name: 'Stats', dataSource, analysis: { type: 'descriptive', scores: ['moca'] }, charts: ['table'] });
    const second = await newAnalytic(descriptive({ assessmentNumber: 2 }));
    const accepted = await newAnalytic(descriptive({ recruitment: [1] }));
    const pending = await newAnalytic(descriptive({ recruitment: [0], ageBands: [] }));
    await system(ctx).create({
      resourceType: 'Condition', subject: { reference: `Patient/${ids[1]}` }, code: { coding: [{ system: 'http://snomed.info/sct', code: '38341003' }] },
      clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }] },
    } as never);
    const withCondition = await newAnalytic(descriptive({ condition: '38341003' }));
    await drainQueue(ctx.db, 'test-worker');
    const secondRun = await run(second.runs[0]!.id);
    expect(secondRun.result.stats[0]).toMatchObject({ n: 1, mean: 20 });
    expect((await run(accepted.runs[0]!.id)).error.code).toBe('analytics.errors.noData');
    expect((await run(pending.runs[0]!.id)).participants).toBe(6);
    expect((await run(withCondition.runs[0]!.id)).result.stats[0]).toMatchObject({ n: 1, mean: 29 });
  });

  it('filters and groups by the age every screen shows: from the birth date, else the entered age', async () => {
    const year = new Date().getUTCFullYear();
    // One participant with a birth date (no entered age), one with an entered age (no birth date), both in their seventies.
    const patient = await system(ctx).read('Patient', ids[1]!);
    await system(ctx).update('Patient', ids[1]!, { ...patient, birthDate: `${year - 75}-04` });
    await ctx.db.kysely.updateTable('participant').set({ age_years: 72, age_recorded_on: `${year}-01-02` } as never).where(sql<boolean>`id::text = ${ids[2]}`).execute();
    const seventies = await newAnalytic({ name: 'Seventies', dataSource: { ageBands: ['70-79'] }, analysis: { type: 'descriptive', scores: ['moca'], groupBy: 'ageBand' }, charts: ['table'] });
    await drainQueue(ctx.db, 'test-worker');
    const result = await run(seventies.runs[0]!.id);
    expect(result.state).toBe('Completed');
    expect(result.participants).toBe(2);
    expect(result.result.stats).toEqual([expect.objectContaining({ group: '70-79', n: 2, mean: 28 })]);
  });

  it('refuses an invalid definition field by field', async () => {
    const res = await api('POST', `/notebooks/${notebookId}/analytics`, { analytic: { ...kmeans(), analysis: { type: 'kmeans', features: ['moca'], k: 1 } } }, expert);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('errors.validation');
  });
});

describe('results (SPEC §7), alerts and intrinsic capacity', () => {
  let icAnalytic: string;
  beforeAll(async () => {
    icAnalytic = (await newAnalytic({ name: 'IC', tags: ['ic'], dataSource: {}, analysis: { type: 'intrinsic_capacity' }, charts: ['radar'] })).id;
    await drainQueue(ctx.db, 'test-worker');
  });

  it('GET /analytics/all answers the latest completed result in SPEC §7\'s {data:{analytics}} shape, filtered by analytic and tag', async () => {
    const all = (await api('GET', '/analytics/all?tag=ic', undefined, expert)).json();
    expect(all.data.analytics).toHaveLength(1);
    expect(all.data.analytics[0]).toMatchObject({ analyticId: icAnalytic, type: 'intrinsic_capacity' });
    expect((await api('GET', `/analytics/all?analyticsId=${icAnalytic}`, undefined, expert)).json().data.analytics).toHaveLength(1);
    expect((await api('GET', '/analytics/all?organizationId=999', undefined, expert)).statusCode).toBe(403);
    expect((await api('GET', '/analytics/all', undefined, 'test-tech')).statusCode).toBe(403);
  });

  it('alerts name the participant whose cognition fell by 10 points or more, in the caller\'s language', async () => {
    const { alerts } = (await ctx.app.inject({ method: 'GET', url: '/api/v1/analytics/alerts', headers: { ...(await ctx.as('test-ccm')), 'accept-language': 'it' } })).json();
    expect(alerts).toEqual([expect.objectContaining({ participantId: ids[0], analyticId: icAnalytic, analyticName: 'IC', domains: ['cognition'], message: expect.stringContaining('Cognizione') })]);
  });

  it('/ic lists the organisation\'s participants and the resume plot compares first and latest', async () => {
    const ic = (await api('GET', '/analytics/ic', undefined, 'test-ccm')).json();
    expect(ic.participants.map((p: { participantId: string }) => p.participantId).sort()).toEqual([...ids].sort());
    const plot = (await api('GET', `/analytics/patient/${ids[0]}/analytic/ic_patient_info_resumeplot`, undefined, 'test-ccm')).json();
    expect(plot.data.first.profile.cognition).toBeCloseTo(93.3, 1);
    expect(plot.data.latest.profile.cognition).toBeCloseTo(66.7, 1);
    expect(plot.data.declines).toEqual(['cognition']);
    expect((await api('GET', `/analytics/patient/${objector}/analytic/ic_patient_info_resumeplot`, undefined, 'test-ccm')).json()).toMatchObject({ excluded: true, data: null });
    expect((await api('GET', `/analytics/patient/${ids[0]}/analytic/ic_patient_info_resumeplot`, undefined, 'other-ccm')).statusCode).toBe(404);
    expect((await api('GET', '/analytics/ic', undefined, expert)).statusCode).toBe(403);
  });
});
