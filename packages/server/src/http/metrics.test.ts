import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParticipant } from '../participants/test-helpers.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { asIntegrationClient } from '../test/integration-client.ts';

const TOKEN = 'scraper-token-0123456789';
let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext({ METRICS_TOKEN: TOKEN }); });
afterAll(async () => { await ctx?.close(); });

const scrape = async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.body;
};
/** The value of a sample line `name{labels} value`, or undefined. */
const sample = (text: string, line: string) => {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
};

describe('/metrics', () => {
  it('is refused without the token, and with another one', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: TOKEN } })).statusCode).toBe(401);
  });

  it('counts requests and their latency by route template, not by URL', async () => {
    const participantId = await createParticipant(ctx);
    const before = await scrape();
    const line = 'geria_http_requests_total{method="GET",route="/api/v1/participant/:id",status="200"}';
    for (let i = 0; i < 3; i++) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${participantId}`, headers: await ctx.as('test-ccm') })).statusCode).toBe(200);
    }
    const after = await scrape();
    expect((sample(after, line) ?? 0) - (sample(before, line) ?? 0)).toBe(3);
    expect(after).not.toContain(participantId);
    expect(sample(after, 'geria_http_request_duration_seconds_count{method="GET",route="/api/v1/participant/:id"}')).toBeGreaterThanOrEqual(3);
  });

  it('reports jobs, open inbox streams and the process, and on PostgreSQL the pool', async () => {
    const text = await scrape();
    expect(sample(text, 'geria_jobs{kind="analytics",state="queued"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'geria_jobs{kind="analytics",state="running"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'geria_sse_streams_open')).toBe(0);
    expect(text).toContain('geria_process_cpu_seconds_total');
    if (ctx.db.kind === 'pg') expect(sample(text, 'geria_db_pool_connections{state="waiting"}')).toBe(0);
  });

  it('counts device-data uploads stored and refused', async () => {
    const participantId = await createParticipant(ctx);
    const hub = await asIntegrationClient(ctx, { clientId: 'metrics-hub', role: 'Tech', organisation: 'MIL-GER', permissions: ['devices.ingest'] });
    const post = (resource: object) => ctx.app.inject({ method: 'POST', url: '/fhir/Device', headers: { ...hub, 'content-type': 'application/fhir+json' }, payload: JSON.stringify(resource) });
    expect((await post({ resourceType: 'Device', serialNumber: 'M-1', patient: { reference: `Patient/${participantId}` } })).statusCode).toBe(201);
    expect((await post({ resourceType: 'Device', serialNumber: 'M-2', patient: { reference: 'Patient/nobody' } })).statusCode).toBeGreaterThanOrEqual(400);
    const text = await scrape();
    expect(sample(text, 'geria_ingest_total{outcome="stored"}')).toBe(1);
    expect(sample(text, 'geria_ingest_total{outcome="refused"}')).toBe(1);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('does not exist', async () => {
    const plain = await createTestContext();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
