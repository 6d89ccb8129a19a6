import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createParticipant } from '../participants/test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const get = async (username: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: await ctx.as(username) });

describe('audit trail viewer', () => {
  it('filters by participant, action prefix, user and date, with before and after', async () => {
    const id = await createParticipant(ctx);
    await ctx.app.inject({ method: 'POST', url: `/api/v1/participant/${id}/device`, headers: await ctx.as('test-ccm'), payload: { type: 'scale', serial: `AU-${id}` } });
    const today = new Date().toISOString().slice(0, 10);
    const res = await get('test-auditor', `/api/v1/audit?participantId=${id}&action=device.&actor=test-ccm&from=${today}&to=${today}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(1);
    expect(res.json().items[0]).toMatchObject({ action: 'device.create', entity_type: 'device', before: null, after: { serial: `AU-${id}` } });
    expect((await get('test-auditor', `/api/v1/audit?participantId=${id}&from=2000-01-01&to=2000-01-02`)).json().items).toEqual([]);
    expect((await get('test-auditor', `/api/v1/audit?participantId=${id}&action=device`)).json().items).toEqual([]);
  });

  it('shows the Auditor the whole study and the SysAdmin only their organisation; refuses other roles', async () => {
    const other = await createParticipant(ctx, { pilot: 1 }, 'other-ccm').catch(() => undefined);
    const all = (await get('test-auditor', '/api/v1/audit?limit=500')).json().items as { actor_organisation: string }[];
    const own = (await get('test-sysadmin', '/api/v1/audit?limit=500')).json().items as { actor_organisation: string }[];
    expect(new Set(own.map((i) => i.actor_organisation)).size).toBeLessThanOrEqual(1);
    if (other) expect(new Set(all.map((i) => i.actor_organisation)).size).toBeGreaterThan(1);
    expect((await get('test-ccm', '/api/v1/audit')).statusCode).toBe(403);
    expect((await get('test-ccm', '/api/v1/audit/export.csv')).statusCode).toBe(403);
  });

  it('exports the filtered trail as CSV with before and after', async () => {
    const id = await createParticipant(ctx, { firstName: 'Audited' });
    const res = await get('test-auditor', `/api/v1/audit/export.csv?entityId=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('\uFEFFid,at,actor,organisation,action,entity_type,entity_id,before,after,details');
    // The study record and its FHIR Patient share the id.
    const created = lines.filter((l) => l.includes('participant.create'));
    expect(created).toHaveLength(1);
    expect(created[0]).toContain('Audited');
    expect(lines.slice(1).every((l) => l.includes(id))).toBe(true);
    expect((await get('test-auditor', '/api/v1/audit/export.csv?from=yesterday')).statusCode).toBe(400);
  });
});
