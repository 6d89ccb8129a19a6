import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createParticipant } from '../participants/test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const ACTIVE = 3;
const SUSPENDED = 2;

async function addIdentity(participantId: string, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: `/api/v1/participant/${participantId}/identity`, headers: await ctx.as('test-ccm'), payload });
}

describe('external ids', () => {
  it('adds an id with its project and lists it', async () => {
    const id = await createParticipant(ctx);
    const res = await addIdentity(id, { Scope: 2, Status: ACTIVE, IdentityID: 'S4H-0001' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ Scope: 2, Status: 3, IdentityID: 'S4H-0001', project: 'healthDataApp' });
    const list = await ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${id}/identity`, headers: await ctx.as('test-tech') });
    expect(list.json()).toHaveLength(1);
  });

  it('refuses a second active id on a scope, with the create message', async () => {
    const id = await createParticipant(ctx);
    await addIdentity(id, { Scope: 1, Status: ACTIVE, IdentityID: 'HB-1' });
    const res = await addIdentity(id, { Scope: 1, Status: ACTIVE, IdentityID: 'HB-2' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'rules.fields.externalIdActiveOnCreate',
      message: "Can't create external id because there is already one activated on this scope",
    });
  });

  it('allows inactive ids beside the active one, and refuses activating one of them with the modify message', async () => {
    const id = await createParticipant(ctx);
    await addIdentity(id, { Scope: 3, Status: ACTIVE, IdentityID: 'SES-1' });
    const old = await addIdentity(id, { Scope: 3, Status: SUSPENDED, IdentityID: 'SES-0' });
    expect(old.statusCode).toBe(201);
    const res = await ctx.app.inject({
      method: 'PUT', url: `/api/v1/participant/${id}/identity/${old.json().id}`, headers: await ctx.as('test-ccm'),
      payload: { Scope: 3, Status: ACTIVE, IdentityID: 'SES-0' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'rules.fields.externalIdActiveOnModify',
      message: "Can't proceed with modify because there is already one external id activated on this scope.",
    });
  });

  it('refuses an id value already recorded', async () => {
    const a = await createParticipant(ctx);
    const b = await createParticipant(ctx);
    await addIdentity(a, { Scope: 2, Status: ACTIVE, IdentityID: 'DUP-1' });
    const res = await addIdentity(b, { Scope: 2, Status: ACTIVE, IdentityID: 'DUP-1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('participants.errors.identityValueTaken');
  });

  it('lets exactly one of 20 concurrent activations on one scope succeed', async () => {
    const id = await createParticipant(ctx);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => addIdentity(id, { Scope: 2, Status: ACTIVE, IdentityID: `RACE-${i}` })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
  });

  it('lets exactly one of two concurrent modifications activate an id on the scope', async () => {
    const id = await createParticipant(ctx);
    const first = await addIdentity(id, { Scope: 1, Status: SUSPENDED, IdentityID: 'TWO-A' });
    const second = await addIdentity(id, { Scope: 1, Status: SUSPENDED, IdentityID: 'TWO-B' });
    const headers = await ctx.as('test-ccm');
    const results = await Promise.all([first, second].map((r) => ctx.app.inject({
      method: 'PUT', url: `/api/v1/participant/${id}/identity/${r.json().id}`, headers,
      payload: { Scope: 1, Status: ACTIVE, IdentityID: r.json().IdentityID },
    })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('shows the active ids of each scope in the list row', async () => {
    const id = await createParticipant(ctx, { firstName: 'Listed', lastName: 'Ids' });
    await addIdentity(id, { Scope: 1, Status: ACTIVE, IdentityID: 'ROW-HB' });
    await addIdentity(id, { Scope: 2, Status: ACTIVE, IdentityID: 'ROW-S4H' });
    await addIdentity(id, { Scope: 3, Status: SUSPENDED, IdentityID: 'ROW-SES' });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/participants/organisation/MIL-GER?search=${id}`, headers: await ctx.as('test-ccm') });
    expect(res.json().items[0]).toMatchObject({ holobalanceID: 'ROW-HB', smart4HealthID: 'ROW-S4H', sesaramID: null });
  });

  it('validates scope and status', async () => {
    const id = await createParticipant(ctx);
    const res = await addIdentity(id, { Scope: 9, Status: 7, IdentityID: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { path: string }) => d.path).sort()).toEqual(['IdentityID', 'Scope', 'Status']);
  });
});
