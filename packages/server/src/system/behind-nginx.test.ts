import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../test/context.ts';
import { browser, freePort } from '../test/http-client.ts';
import { TEST_PASSWORD } from '../test/fixtures.ts';
import { nginxBinary, rollingRestart, startBalancer, type Balancer } from '../test/nginx.ts';
import { runLoad, staffCalls, unreadableSaves, type Call } from '../test/load.ts';
import { buildServer, startServerProcess, type ServerBuild, type ServerProcess } from '../test/server-process.ts';
import { eventReader, unreadOf } from '../test/event-stream.ts';
import { onceNoticed } from '../test/notice.ts';
import { findUserByUsername } from '../auth/accounts.ts';
import { createParticipant } from '../participants/test-helpers.ts';
import { STALE_AFTER_MS } from '../jobs/queue.ts';

/**
 * Three server processes on one PostgreSQL behind nginx with the repository's sample configuration
 * (deploy/nginx.conf), as a hospital deploys them (issue 38). One set of processes (a build of the
 * server, as `npm start` runs it) serves every check, in order. The load is steady and lighter than
 * bench/rolling-restart.ts's 100 connections as fast as they are answered: 30 connections at 60
 * requests a second in all (a connection per request, see runLoad), so that on a 2-core CI machine,
 * which also runs nginx, the load and the other tests, a restarting process gets the CPU to start.
 * The kill -9 comes before the rolling restart, which fills the 30 s the killed job's heartbeat
 * takes to go stale.
 */
const missing = process.env.GERIA_TEST_DB !== 'pg' ? 'PostgreSQL (the server-pg project, TEST_DATABASE_URL)'
  : !nginxBinary() ? 'nginx (apt-get install nginx, or NGINX=/path/to/nginx)' : undefined;
const CONNECTIONS = 30;
const RATE = 60;
const METRICS_TOKEN = randomBytes(12).toString('hex');
// An SSE event that takes a second on an idle machine is given 5 s here: the test runs under load.
const EVENT_WAIT_MS = 5_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => { timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe.skipIf(missing)(`three server processes behind nginx${missing ? ` (skipped: needs ${missing})` : ''}`, () => {
  let ctx: TestContext;
  let build: ServerBuild;
  let balancer: Balancer;
  let servers: ServerProcess[] = [];
  let base: string;
  let mix: Call[];
  let tokens: string[];
  let participants: string[];
  const as = async (user: string) => ({ authorization: `Bearer ${await ctx.tokenFor(user)}` });
  const call = async (at: string, method: string, url: string, user?: string, body?: object) => fetch(`${at}${url}`, {
    method, headers: { ...(user && await as(user)), ...(body && { 'content-type': 'application/json' }) }, body: body && JSON.stringify(body),
  });
  const outputs = () => [...servers.map((s, i) => `--- process ${i + 1} (${s.base})\n${s.output()}`), `--- nginx\n${balancer.output()}`].join('\n');

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // Tokens the test mints name the balancer's issuer, as the processes' own do.
    [ctx, build] = await Promise.all([createTestContext({ PUBLIC_URL: base }), buildServer()]);
    participants = [];
    for (let i = 0; i < 6; i++) participants.push(await createParticipant(ctx, { firstName: `Nina${i}`, SB_Email: `nina${i}@study.example.org` }));
    servers = await Promise.all([0, 1, 2].map(() => startServerProcess(ctx.databaseUrl!, {
      PUBLIC_URL: base, TRUST_PROXY: '127.0.0.1', SHUTDOWN_DRAIN_SECONDS: '1', METRICS_TOKEN,
    }, { compiled: build })));
    balancer = await startBalancer(servers.map((s) => s.port), { port });
    tokens = await Promise.all(['test-ccm', 'test-expert', 'test-tester'].map((u) => ctx.tokenFor(u)));
    const { reads, save } = await staffCalls(base, tokens[0]!);
    // A save in every six requests.
    mix = [...reads, save];
  }, 240_000);

  afterAll(async () => {
    await balancer?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await ctx?.close();
    await build?.remove();
  }, 120_000);

  it('accepts on every process a token issued through one, after a sign-in walked through the balancer', async () => {
    const tab = browser();
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      client_id: 'geria-web', response_type: 'code', redirect_uri: `${base}/callback`, scope: 'openid profile email',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256', state: 's',
    });
    const interaction = new URL((await tab(`${base}/auth/auth?${query}`)).headers.get('location')!, base).href;
    const login = await tab(`${interaction}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'test-expert', password: TEST_PASSWORD }) });
    expect(login.status).toBe(200);
    const resumed = await tab(new URL(((await login.json()) as { redirectTo: string }).redirectTo, base).href);
    const callback = new URL(resumed.headers.get('location')!, base);
    // The code is exchanged on the first process itself.
    const issued = await tab(`${servers[0]!.base}/auth/token`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: callback.searchParams.get('code')!, redirect_uri: `${base}/callback`, client_id: 'geria-web', code_verifier: verifier }),
    });
    expect(issued.status).toBe(200);
    const { access_token: token } = (await issued.json()) as { access_token: string };
    for (const server of servers) {
      const me = await fetch(`${server.base}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ username: 'test-expert' });
    }
  });

  it('refuses on every process at once an account disabled through the balancer', async () => {
    const id = (await findUserByUsername(ctx.db, 'test-tech'))!.id;
    let answers: string[] = [];
    const statuses = async () => {
      const responses = await Promise.all(servers.map((s) => call(s.base, 'GET', '/api/v1/me', 'test-tech')));
      answers = await Promise.all(responses.map((r) => r.text()));
      return responses.map((r) => r.status);
    };
    // Every process has the account's state cached when it is disabled.
    expect(await statuses(), answers.join('\n')).toEqual([200, 200, 200]);
    expect((await call(base, 'PATCH', `/api/v1/users/${id}`, 'test-sysadmin', { disabled: true })).status).toBe(200);
    try {
      await onceNoticed(statuses, 'every process refuses the disabled account').toEqual([401, 401, 401]);
    } finally {
      expect((await call(base, 'PATCH', `/api/v1/users/${id}`, 'test-sysadmin', { disabled: false })).status).toBe(200);
    }
    await onceNoticed(statuses, 'every process accepts the re-enabled account').toEqual([200, 200, 200]);
  });

  it('shows on an inbox stream held through the balancer by one process a notification created through another', async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/v1/inbox/stream`, { headers: await as('test-ccm'), signal: controller.signal });
    try {
      const next = eventReader(res);
      const before = unreadOf(await within(EVENT_WAIT_MS, next(), 'first inbox event'));
      // Which process nginx gave the stream to: the one whose metrics count it.
      const open = await Promise.all(servers.map(async (s) => {
        const text = await (await fetch(`${s.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
        return Number(/^geria_sse_streams_open (\d+)/m.exec(text)![1]);
      }));
      expect(open.filter((n) => n === 1)).toHaveLength(1);
      const other = servers[(open.indexOf(1) + 1) % servers.length]!;
      // Dropping a participant out notifies the CCMs of its organisation (the inbox's trigger).
      const participantId = await createParticipant(ctx, { firstName: 'Dropping', SB_Email: 'dropping@study.example.org' });
      const drop = await call(other.base, 'POST', `/api/v1/participant/${participantId}/recruitement/4`, 'test-expert', { dropOffDate: '2026-11-01', reason: 'Moved' });
      expect(drop.status).toBeLessThan(300);
      expect(unreadOf(await within(EVENT_WAIT_MS, next(), 'inbox event after the drop-out'))).toBe(before + 1);
    } finally {
      controller.abort();
    }
  });

  it('counts wrong passwords for one username across processes: the eleventh sign-in is refused, from any address', async () => {
    const tab = browser();
    const query = new URLSearchParams({
      client_id: 'geria-web', response_type: 'code', redirect_uri: `${base}/callback`, scope: 'openid',
      code_challenge: randomBytes(32).toString('base64url'), code_challenge_method: 'S256',
    });
    const interaction = new URL((await tab(`${base}/auth/auth?${query}`)).headers.get('location')!, base).href;
    // Each attempt from another address (nginx passes X-Forwarded-For on, TRUST_PROXY believes it),
    // so only the per-username count can refuse; round-robin spreads them over the three processes.
    const attempt = async (i: number, password: string) => (await tab(`${interaction}/login`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` }, body: JSON.stringify({ username: 'test-auditor', password }),
    })).status;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push(await attempt(i, `wrong-${i}`));
    expect(statuses).toEqual(Array(10).fill(401));
    expect(await attempt(10, TEST_PASSWORD)).toBe(429);
  });

  // The job the killed process held is checked after the rolling restart.
  let killedWorker: string | undefined;
  let heldRun: string | undefined;

  it('loses no acknowledged save and leaves no save half-done when the process running a job is killed (kill -9) under load', async () => {
    // An analytics run, claimed by one process and held there: its executor waits for the
    // analytic's row, which this test keeps locked until that process is dead.
    const notebook = await call(base, 'POST', '/api/v1/notebooks', 'test-expert', { name: 'Kill -9', description: '' });
    const analytic = { name: 'Stats', tags: [], dataSource: {}, analysis: { type: 'descriptive', scores: ['moca'] }, charts: ['table'] };
    const created = await call(base, 'POST', `/api/v1/notebooks/${((await notebook.json()) as { id: string }).id}/analytics`, 'test-expert', { analytic, run: false });
    expect(created.status).toBe(201);
    const analyticId = ((await created.json()) as { id: string }).id;
    const { rows: [run] } = await sql<{ id: string }>`insert into analytic_run (analytic_id, parameters, created_by, state)
      values (${analyticId}, ${JSON.stringify(analytic)}, 'test-expert', 'Stopped') returning id`.execute(ctx.db.kysely);
    heldRun = run!.id;
    const locker = new pg.Client({ connectionString: ctx.databaseUrl });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table analytic in access exclusive mode');
      // Queued only now (the insert's foreign key check would have waited for the lock).
      await sql`update analytic_run set state = 'Queued', queued_at = now() where id = ${heldRun}`.execute(ctx.db.kysely);
      const crash = (async () => {
        for (let i = 0; !killedWorker; i++) {
          if (i > 600) throw new Error('no process claimed the analytics run');
          await pause(100);
          const { rows } = await sql<{ worker: string | null }>`select worker from analytic_run where id = ${heldRun} and state = 'Running'`.execute(ctx.db.kysely);
          killedWorker = rows[0]?.worker ?? undefined;
        }
        const victim = servers.findIndex((s) => killedWorker === `${hostname()}:${s.child.pid}`);
        expect(victim).toBeGreaterThanOrEqual(0);
        await pause(1000);
        servers[victim]!.child.kill('SIGKILL');
        await servers[victim]!.exited;
        await locker.query('rollback');
        servers[victim] = await servers[victim]!.restart();
        await pause(1000);
      })();
      const outcome = await runLoad({ base, calls: mix, tokens, connections: CONNECTIONS, rate: RATE, connectionPerRequest: true, until: crash });
      await crash;
      // Only the writes the killed process held may fail (nginx passes a read on to the next one).
      expect(outcome.failedReads, outcome.detail).toBe(0);
      expect(outcome.detail).toMatch(/^(none|\d+×502)$/);
      expect(outcome.acknowledgedSaves.length).toBeGreaterThan(0);
      expect(await unreadableSaves(base, outcome.acknowledgedSaves, tokens[0]!)).toBe(0);
      // A save is the response and its score observation in one transaction: never one without the other.
      const { rows: [halfDone] } = await sql<{ n: number }>`select count(*)::int as n from fhir_resource r
        where r.resource_type = 'QuestionnaireResponse' and not r.deleted and r.patient_id = any(${participants})
          and not exists (select 1 from fhir_resource o where o.resource_type = 'Observation' and not o.deleted
            and o.content->'derivedFrom' @> jsonb_build_array(jsonb_build_object('reference', 'QuestionnaireResponse/' || r.id)))`.execute(ctx.db.kysely);
      expect(halfDone!.n).toBe(0);
    } finally {
      await locker.end();
    }
  }, 180_000);

  it('fails no request during a rolling restart under load, and reads back every acknowledged save', async () => {
    // Each process in turn: out of nginx's upstream, SIGTERM (it finishes what it has), started
    // again on its port, back in; meanwhile nginx sends its share to the other two.
    const restarts = (async () => {
      await pause(1000);
      await rollingRestart(servers, balancer);
      await pause(1000);
    })();
    const outcome = await runLoad({ base, calls: mix, tokens, connections: CONNECTIONS, rate: RATE, connectionPerRequest: true, until: restarts });
    await restarts;
    expect(outcome.failed, `${outcome.detail}\n${outputs()}`).toBe(0);
    expect(outcome.acknowledgedSaves.length).toBeGreaterThan(0);
    expect(await unreadableSaves(base, outcome.acknowledgedSaves, tokens[0]!)).toBe(0);
  }, 240_000);

  it('hands the job the killed process held to no one for longer than its heartbeat allows: another process ends it', async () => {
    expect(killedWorker).toBeDefined();
    let state = 'Running';
    // The processes look for stale jobs after each poll (1 s); 30 s more for a loaded machine.
    for (const deadline = Date.now() + STALE_AFTER_MS + 30_000; state === 'Running' && Date.now() < deadline;) {
      await pause(500);
      state = (await sql<{ state: string }>`select state from analytic_run where id = ${heldRun}`.execute(ctx.db.kysely)).rows[0]!.state;
    }
    expect(state).toBe('Interrupted');
    const { rows: [claimed] } = await sql<{ n: number }>`select
      (select count(*) from analytic_run where state = 'Running' and worker = ${killedWorker})
      + (select count(*) from dataset_export where state = 'running' and worker = ${killedWorker})
      + (select count(*) from bulk_export_job where state = 'Running' and worker = ${killedWorker}) as n`.execute(ctx.db.kysely);
    expect(Number(claimed!.n)).toBe(0);
  }, 120_000);
});
