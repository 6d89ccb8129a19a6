import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createParticipant } from '../participants/test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  const headers = await ctx.as('test-ccm');
  const born = [['1950-04-02', 'female'], ['1940-01', 'male'], ['1925', 'female']] as const;
  for (const [i, [birthDate, gender]] of born.entries()) {
    const id = await createParticipant(ctx, { firstName: `P${i}`, ccmids: [] });
    await ctx.app.inject({ method: 'PATCH', url: `/fhir/Patient/${id}`, headers: { ...headers, 'content-type': 'application/json-patch+json' }, payload: JSON.stringify([{ op: 'add', path: '/birthDate', value: birthDate }, { op: 'add', path: '/gender', value: gender }]) });
    await ctx.app.inject({ method: 'POST', url: `/api/v1/participant/${id}/device`, headers, payload: { type: 'scale', serial: `ST-${i}`, status: i === 2 ? 'suspended' : 'active' } });
  }
  // Another organisation's participant counts nowhere here.
  await createParticipant(ctx, { firstName: 'Other', pilot: 1, ccmids: [] }, 'other-ccm');
});
afterAll(async () => { await ctx?.close(); });

const get = async (user: string) => ctx.app.inject({ method: 'GET', url: '/api/v1/statistics/overview', headers: await ctx.as(user) });
const year = new Date().getUTCFullYear();

describe('Home overview', () => {
  it('aggregates the organisation by SQL: status, devices, gender and age bands (the domain bands)', async () => {
    const res = await get('test-expert');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.participantsByStatus).toEqual([{ key: '0', n: 3 }]);
    expect(body.devicesByStatus).toEqual([{ key: 'active', n: 2 }, { key: 'suspended', n: 1 }]);
    expect(body.devicesByType).toEqual([{ key: 'scale', n: 3 }]);
    expect(body.gender).toEqual(expect.arrayContaining([{ key: 'female', n: 2 }, { key: 'male', n: 1 }]));
    const band = (age: number) => (age >= 100 ? '100+' : `${Math.floor(age / 10) * 10}-${Math.floor(age / 10) * 10 + 9}`);
    const expected = new Map<string, number>();
    for (const born of [1950, 1940, 1925]) expected.set(band(year - born), (expected.get(band(year - born)) ?? 0) + 1);
    for (const { key, n } of body.ageBands) expect(n).toBe(expected.get(key) ?? 0);
    expect(body.assessments).toBe(0);
  });

  it('gives SysAdmin and Tech usage and devices only, no demographics', async () => {
    for (const user of ['test-sysadmin', 'test-tech']) {
      const body = (await get(user)).json();
      expect(body.participantsByStatus).toEqual([{ key: '0', n: 3 }]);
      expect(body.gender).toBeNull();
      expect(body.ageBands).toBeNull();
    }
  });

  it('answers 401 without a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/statistics/overview' })).statusCode).toBe(401);
  });
});
