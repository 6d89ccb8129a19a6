import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createParticipant, newParticipant } from '../participants/test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const subscriptions = async (user = 'test-ccm') => (await ctx.app.inject({ method: 'GET', url: '/api/v1/inbox/subscriptions', headers: await ctx.as(user) })).json();
const answer = async (participantId: string, payload: object, user = 'test-ccm') =>
  ctx.app.inject({ method: 'PUT', url: `/api/v1/inbox/subscriptions/${participantId}`, headers: await ctx.as(user), payload });
const notices = async (participantId: string) =>
  (await ctx.db.kysely.selectFrom('participant_notification').select('id').where('participant_id', '=', participantId).where('recipient', '=', 'test-ccm').execute()).length;
const decide = async (participantId: string, status: number, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/participant/${participantId}/recruitement/${status}`, headers: await ctx.as('test-expert'), payload });

describe('care-centre manager subscriptions', () => {
  it('a manager added by someone else has a request; only once accepted with notifications on are they notified', async () => {
    const id = await createParticipant(ctx, {}, 'test-expert');
    expect(await subscriptions()).toMatchObject({ pending: 1, items: [{ participantId: id, accepted: false, notifications: true }] });
    await decide(id, 4, { dropOffDate: '2026-11-01', reason: 'Moved' });
    expect(await notices(id)).toBe(0);

    expect((await answer(id, { accepted: true })).json()).toEqual({ subscription: { ccmid: 'test-ccm', accepted: true, notifications: true } });
    expect((await subscriptions()).pending).toBe(0);
    await decide(id, 0, { correction: true, reason: 'Wrong patient' });
    expect(await notices(id)).toBe(1);

    await answer(id, { accepted: true, notifications: false });
    await decide(id, 4, { dropOffDate: '2026-11-02', reason: 'Moved again' });
    expect(await notices(id)).toBe(1);
    const audit = await ctx.db.kysely.selectFrom('audit_event').select('action').where('entity_id', '=', id).where('action', 'like', 'subscription.%').execute();
    expect(audit).toHaveLength(2);
  });

  it('an editor cannot accept for a manager, and a manager keeps their answer across edits', async () => {
    const id = await createParticipant(ctx, { ccmids: [{ ccmid: 'test-ccm', accepted: true, notifications: true }] }, 'test-expert');
    expect((await subscriptions()).items.find((i: { participantId: string }) => i.participantId === id)).toMatchObject({ accepted: false });
  });

  it('declining takes the manager off the participant; others\' and unknown ids are 404, bad input 400', async () => {
    const id = await createParticipant(ctx, {}, 'test-expert');
    expect((await answer(id, { accepted: true }, 'other-ccm')).statusCode).toBe(404);
    expect((await answer(id, { accepted: false })).json()).toEqual({ subscription: null });
    const row = await ctx.db.kysely.selectFrom('participant').select('ccmids').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.ccmids).toEqual([]);
    expect((await answer(id, { accepted: true })).statusCode).toBe(404);
    expect((await answer(id, { accepted: 'yes' })).statusCode).toBe(400);
    expect((await answer('nope', { accepted: true })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/inbox/subscriptions', headers: await ctx.as('test-tech') })).statusCode).toBe(403);
  });
});

describe('e-mail on a subscription request', () => {
  const mails = (participantId: string) => ctx.db.kysely.selectFrom('mail_outbox').selectAll().where('participant_id', '=', participantId).orderBy('id').execute();
  const edit = async (participantId: string, ccmids: string[]) => {
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/v1/participant/${participantId}`, headers: await ctx.as('test-ccm'),
      payload: newParticipant({ ccmids: ccmids.map((ccmid) => ({ ccmid, accepted: false, notifications: true })) }) });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    await ctx.db.kysely.insertInto('app_user').values({
      username: 'greek-ccm', email: 'greek-ccm@test.geria.example.org', given_name: 'Eleni', family_name: 'CCM', organisation: 'MIL-GER',
      roles: ['CCM'], password_hash: 'x', language: 'el',
    }).execute();
  });

  it('tells each newly added manager once, in their language, with the link to the inbox', async () => {
    const id = await createParticipant(ctx, { ccmids: [{ ccmid: 'test-ccm', accepted: false, notifications: true }] }, 'test-expert');
    const [first, ...rest] = await mails(id);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ recipient: 'test-ccm@test.geria.example.org', language: 'en', template: 'inbox.subscriptionRequest', participant_id: id });
    expect(first!.body).toContain('participant Giulia Bianchi.');
    expect(first!.body).not.toContain(id);
    expect(first!.body).toContain('test-expert');
    expect(first!.body).toMatch(/https?:\/\/[^\s]+\/inbox$/m);

    // test-ccm edits: already asked, not asked again; greek-ccm is new and reads Greek.
    await edit(id, ['test-ccm', 'greek-ccm']);
    const after = await mails(id);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({ recipient: 'greek-ccm@test.geria.example.org', language: 'el', subject: 'Geria: σας ζητείται να γίνετε υπεύθυνος κέντρου φροντίδας ενός συμμετέχοντα' });
    expect(after[1]!.body).toContain('εισερχόμενά σας');
    await edit(id, ['test-ccm', 'greek-ccm']);
    expect(await mails(id)).toHaveLength(2);
  });

  it('mails no one who adds themself, nor anyone when the edit is refused', async () => {
    const own = await createParticipant(ctx, { ccmids: [{ ccmid: 'test-ccm', accepted: false, notifications: true }] }, 'test-ccm');
    expect(await mails(own)).toEqual([]);
    const refused = await ctx.app.inject({ method: 'PUT', url: `/api/v1/participant/${own}`, headers: await ctx.as('test-ccm'),
      payload: newParticipant({ ccmids: [{ ccmid: 'greek-ccm', accepted: false, notifications: true }], contactPhone: { number: 'not a phone', country: 'IT' } }) });
    expect(refused.statusCode).toBe(422);
    expect(await mails(own)).toEqual([]);
  });
});
