import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createParticipant } from './test-helpers.ts';

let ctx: TestContext;
const ids: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  for (const [first, last] of [['Anna', 'Verdi'], ['Carlo', 'Neri'], ['Bruno', 'Gialli'], ['Dora', 'Verdini']]) {
    ids[first] = await createParticipant(ctx, { firstName: first, lastName: last, caregiverEmails: [], ccmids: [] });
  }
  await createParticipant(ctx, { firstName: 'Other', lastName: 'Org', pilot: 1, ccmids: [] }, 'other-ccm');
  const headers = await ctx.as('test-ccm');
  await ctx.app.inject({ method: 'POST', url: `/api/v1/participant/${ids.Carlo}/device`, headers, payload: { type: 'scale', serial: 'L-1', LastUsed: new Date(Date.now() - 86_400_000).toISOString() } });
  await ctx.app.inject({ method: 'POST', url: `/api/v1/participant/${ids.Anna}/device`, headers, payload: { type: 'scale', serial: 'L-2', LastUsed: new Date(Date.now() - 20 * 86_400_000).toISOString() } });
  await ctx.app.inject({ method: 'POST', url: `/api/v1/participant/${ids.Bruno}/identity`, headers, payload: { Scope: 2, Status: 3, IdentityID: 'FINDME-77' } });
});
afterAll(async () => { await ctx?.close(); });

async function list(query: string, username = 'test-ccm') {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/participants/organisation/MIL-GER?${query}`, headers: await ctx.as(username) });
  expect(res.statusCode).toBe(200);
  return res.json() as { items: { id: string; fullName: string }[]; total: number };
}
const names = (page: { items: { fullName: string }[] }) => page.items.map((i) => i.fullName.split(' ')[0]);

describe('participant list', () => {
  it('pages the organisation\'s participants only, with the total', async () => {
    const first = await list('page=0&pageSize=3&sort=fullName&order=asc');
    expect(first.total).toBe(4);
    expect(names(first)).toEqual(['Anna', 'Bruno', 'Carlo']);
    expect(names(await list('page=1&pageSize=3&sort=fullName&order=asc'))).toEqual(['Dora']);
  });

  it('tells the total on a later page, past the last page and when nothing matches', async () => {
    expect((await list('page=1&pageSize=3')).total).toBe(4);
    const past = await list('page=5&pageSize=3');
    expect(past.items).toEqual([]);
    expect(past.total).toBe(4);
    expect(await list('page=0&pageSize=3&status=1')).toEqual({ items: [], total: 0 });
    expect(await list('page=2&pageSize=3&status=1')).toEqual({ items: [], total: 0 });
  });

  it('pages every sort as its whole view, each row with its own external ids', async () => {
    for (const sort of ['id', 'createdBy', 'fullName', 'recruitment', 'lastUpdated', 'inactivityPeriod']) {
      for (const order of ['asc', 'desc']) {
        const whole = (await list(`page=0&pageSize=100&sort=${sort}&order=${order}`)).items;
        const paged = [];
        for (let page = 0; page < whole.length; page++) paged.push(...(await list(`page=${page}&pageSize=1&sort=${sort}&order=${order}`)).items);
        expect(paged, `${sort} ${order}`).toEqual(whole);
        expect(paged.find((row) => row.id === ids.Bruno), `${sort} ${order}`).toMatchObject({ smart4HealthID: 'FINDME-77', sesaramID: null });
      }
    }
  });

  it('gives the last update and the last device use as JavaScript\'s ISO text of the stored times, none without a device', async () => {
    const rows = (await list('page=0&pageSize=10&sort=fullName&order=asc')).items as unknown as { id: string; last_updated: string; lastDeviceUse: string | null }[];
    const stored = await ctx.db.kysely.selectFrom('participant').select(['id', 'updated_at', 'last_device_use']).where('id', 'in', rows.map((r) => r.id)).execute();
    const iso = (time: Date | string | null) => (time === null ? null : new Date(time).toISOString());
    expect(rows.map((r) => [r.id, r.last_updated, r.lastDeviceUse])).toEqual(rows.map((r) => {
      const row = stored.find((s) => s.id === r.id)!;
      return [r.id, iso(row.updated_at), iso(row.last_device_use)];
    }));
    expect(rows.find((r) => r.id === ids.Dora)!.lastDeviceUse).toBeNull();
    expect(rows.find((r) => r.id === ids.Carlo)!.lastDeviceUse).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('sorts by inactivity: most recent use first, no device use last', async () => {
    expect(names(await list('sort=inactivityPeriod&order=asc')).slice(0, 2)).toEqual(['Carlo', 'Anna']);
    expect(names(await list('sort=inactivityPeriod&order=desc')).slice(2)).toEqual(['Anna', 'Carlo']);
  });

  it('finds by id prefix, by part of the name and by external id', async () => {
    expect((await list(`search=${ids.Dora.slice(0, 8)}`)).items.map((i) => i.id)).toContain(ids.Dora);
    expect(names(await list('search=verd&sort=fullName&order=asc'))).toEqual(['Anna', 'Dora']);
    expect(names(await list('search=findme'))).toEqual(['Bruno']);
  });

  it('treats LIKE wildcards in the search as text', async () => {
    expect((await list('search=%25')).total).toBe(0);
  });

  it('filters by recruitment status', async () => {
    expect((await list('status=0')).total).toBe(4);
    expect((await list('status=1')).total).toBe(0);
  });

  it('filters by inactivity band and device status, for tech support (Tech may list)', async () => {
    expect(names(await list('inactivity=green&sort=fullName&order=asc'))).toEqual(['Carlo']);
    expect(names(await list('inactivity=red'))).toEqual(['Anna']);
    expect(names(await list('inactivity=amber'))).toEqual([]);
    expect(names(await list(`inactivity=${encodeURIComponent('No Info')}&sort=fullName&order=asc`))).toEqual(['Bruno', 'Dora']);
    expect(names(await list('deviceStatus=active&sort=fullName&order=asc', 'test-tech'))).toEqual(['Anna', 'Carlo']);
    expect(names(await list('deviceStatus=suspended'))).toEqual([]);
  });

  it('answers 400 for an unknown sort column or query parameter', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/participants/organisation/MIL-GER?sort=secret&x=1', headers: await ctx.as('test-ccm') });
    expect(res.statusCode).toBe(400);
  });

  it('exports the current view as CSV with translated headers', async () => {
    const res = await ctx.app.inject({
      method: 'GET', url: '/api/v1/participants/organisation/MIL-GER/export?search=verd&sort=fullName&order=asc',
      headers: { ...(await ctx.as('test-ccm')), 'accept-language': 'it' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toContain('Nome completo');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Anna Verdi');
    expect(lines[1]).toContain('In attesa');
  });

  // Last: it adds a participant. A page's statement is compiled once; its answer must not be kept.
  it('reads the same page afresh each time: a participant added since appears, with the new total', async () => {
    const query = 'page=0&pageSize=10&sort=fullName&order=asc';
    expect(names(await list(query))).toEqual(['Anna', 'Bruno', 'Carlo', 'Dora']);
    await createParticipant(ctx, { firstName: 'Abel', lastName: 'Rossi', caregiverEmails: [], ccmids: [] });
    const again = await list(query);
    expect(names(again)).toEqual(['Abel', 'Anna', 'Bruno', 'Carlo', 'Dora']);
    expect(again.total).toBe(5);
  });
});
