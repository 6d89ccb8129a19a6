import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createParticipant } from '../participants/test-helpers.ts';

let ctx: TestContext;
let participantId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  participantId = await createParticipant(ctx, { firstName: 'Ada', lastName: 'Rossi' });
  // Two recruitment decisions notify the participant's care manager (test-ccm) twice.
  const headers = await ctx.as('test-expert');
  await ctx.app.inject({ method: 'POST', url: `/api/v1/participant/${participantId}/recruitement/4`, headers, payload: { dropOffDate: '2026-11-01', reason: 'Moved' } });
  await ctx.app.inject({ method: 'POST', url: `/api/v1/participant/${participantId}/recruitement/0`, headers, payload: { correction: true, reason: 'Wrong patient' } });
});
afterAll(async () => { await ctx?.close(); });

const inbox = async (user: string, query = '') => ctx.app.inject({ method: 'GET', url: `/api/v1/inbox${query}`, headers: await ctx.as(user) });

describe('inbox', () => {
  it('lists the signed-in user\'s notifications, newest first, with the unread count, naming the participant by name not id', async () => {
    const res = await inbox('test-ccm');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 2, unread: 2 });
    expect(body.items[0]).toMatchObject({ participantId, participantName: 'Ada Rossi', readAt: null, message: { code: 'assessments.notifications.recruitmentChanged', params: { participant: 'Ada Rossi' } } });
    expect(new Date(body.items[0].createdAt) >= new Date(body.items[1].createdAt)).toBe(true);
    expect((await inbox('test-expert')).json()).toMatchObject({ total: 0, unread: 0, items: [] });
  });

  it('marks one read (audited), refuses another user\'s, then marks the rest read', async () => {
    const [first] = (await inbox('test-ccm')).json().items;
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/inbox/${first.id}/read`, headers: await ctx.as('test-expert') })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/inbox/${first.id}/read`, headers: await ctx.as('test-ccm') })).statusCode).toBe(204);
    expect((await inbox('test-ccm')).json().unread).toBe(1);
    expect((await inbox('test-ccm', '?unread=true')).json()).toMatchObject({ total: 1 });
    const audit = await ctx.db.kysely.selectFrom('audit_event').select('actor').where('action', '=', 'inbox.read').where('entity_id', '=', first.id).execute();
    expect(audit).toEqual([{ actor: 'test-ccm' }]);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/inbox/read-all', headers: await ctx.as('test-ccm') })).json()).toEqual({ marked: 1 });
    expect((await inbox('test-ccm')).json().unread).toBe(0);
  });

  it('is for the inbox roles only, and refuses bad input with 400', async () => {
    for (const user of ['test-auditor', 'test-sysadmin', 'test-tech']) expect((await inbox(user)).statusCode).toBe(403);
    expect((await inbox('test-ccm', '?pageSize=1000')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/inbox/not-a-uuid/read', headers: await ctx.as('test-ccm') })).statusCode).toBe(400);
  });
});
