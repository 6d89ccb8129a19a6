import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createParticipant } from '../participants/test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const inject = async (username: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: await ctx.as(username), ...(payload && { payload }) });

/** The read entries naming the participant, oldest first, once the pending ones are written. */
async function readsOf(participantId: string) {
  await ctx.app.readAudits.flush();
  return ctx.db.kysely.selectFrom('audit_event').select(['actor', 'actor_organisation', 'action', 'entity_type', 'entity_id', 'details'])
    .where('action', 'like', 'read.%')
    .where((eb) => eb.or([eb('entity_id', '=', participantId), sql<boolean>`details->'participants' ? ${participantId}`]))
    .orderBy('id').execute();
}

const heartRate = (participantId: string, value: number) => ({
  resourceType: 'Observation', status: 'final', code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] }, subject: { reference: `Patient/${participantId}` },
  effectiveDateTime: '2026-10-02T10:00:00Z', valueQuantity: { value, unit: '/min' },
});

describe('reads of patient data in the audit trail', () => {
  it('records one entry per read of a participant\'s record, assessments or clinical data, and none for writes or refused reads', async () => {
    const id = await createParticipant(ctx);
    expect((await readsOf(id))).toEqual([]);
    expect((await inject('test-ccm', 'GET', `/api/v1/participant/${id}`)).statusCode).toBe(200);
    expect((await inject('test-expert', 'GET', `/api/v1/participants/${id}/assessments`)).statusCode).toBe(200);
    expect((await inject('test-ccm', 'GET', `/api/v1/participants/${id}/conditions`)).statusCode).toBe(200);
    expect((await inject('other-ccm', 'GET', `/api/v1/participant/${id}`)).statusCode).toBe(404);
    expect((await inject('test-ccm', 'POST', `/api/v1/participant/${id}/device`, { type: 'scale', serial: `R-${id}` })).statusCode).toBe(201);
    expect(await readsOf(id)).toMatchObject([
      { actor: 'test-ccm', actor_organisation: 'MIL-GER', action: 'read.participant', entity_type: 'participant', entity_id: id, details: { participantId: id, path: '/api/v1/participant/:id' } },
      { actor: 'test-expert', action: 'read.assessments', entity_id: id },
      { actor: 'test-ccm', action: 'read.clinical', entity_id: id, details: { path: '/api/v1/participants/:id/conditions' } },
    ]);
  });

  it('records a FHIR read, and a search bound to one participant as one entry with its count', async () => {
    const id = await createParticipant(ctx);
    const created = [];
    for (const value of [70, 80, 90]) created.push((await inject('test-ccm', 'POST', '/fhir/Observation', heartRate(id, value))).json().id as string);
    expect((await inject('test-ccm', 'GET', `/fhir/Observation/${created[0]}`)).statusCode).toBe(200);
    const search = await inject('test-expert', 'GET', `/fhir/Observation?subject=Patient/${id}&_count=2`);
    expect(search.json().entry).toHaveLength(2);
    expect((await inject('test-ccm', 'GET', `/fhir/Observation/${created[1]}/_history/1`)).statusCode).toBe(200);
    expect(await readsOf(id)).toMatchObject([
      { actor: 'test-ccm', action: 'read.fhir', entity_id: id, details: { participantId: id, resourceType: 'Observation', id: created[0], count: 1 } },
      { actor: 'test-expert', action: 'read.fhirSearch', entity_id: id, details: { participantId: id, resourceType: 'Observation', parameters: ['subject', '_count'], count: 2 } },
      { actor: 'test-ccm', action: 'read.fhir', entity_id: id, details: { id: created[1] } },
    ]);
    // The search's values (here the participant, elsewhere a name) stay out of the trail.
    expect(JSON.stringify((await readsOf(id))[1].details)).not.toContain('Patient/');
  });

  it('summarises a search over several participants as one entry counting each, found by the trail\'s participant filter', async () => {
    const [a, b] = [await createParticipant(ctx), await createParticipant(ctx)];
    await inject('test-ccm', 'POST', '/fhir/Observation', heartRate(a, 61));
    await inject('test-ccm', 'POST', '/fhir/Observation', heartRate(a, 62));
    await inject('test-ccm', 'POST', '/fhir/Observation', heartRate(b, 63));
    const search = await inject('test-ccm', 'GET', `/fhir/Observation?subject=Patient/${a},Patient/${b}`);
    expect(search.json().entry).toHaveLength(3);
    await ctx.app.readAudits.flush();
    const summary = await ctx.db.kysely.selectFrom('audit_event').selectAll().where('action', '=', 'read.fhirSearch').where('entity_type', '=', 'participants').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(summary).toMatchObject({ entity_id: null, details: { participants: { [a]: 2, [b]: 1 }, count: 3, resourceType: 'Observation' } });
    const trail = (await inject('test-auditor', 'GET', `/api/v1/audit?participantId=${b}&action=read.`)).json().items;
    expect(trail.map((i: { id: number }) => i.id)).toContain(Number(summary.id));
    // Other organisations' users see nothing of it, and a search answering no patient data is not a read of one.
    expect((await inject('other-ccm', 'GET', `/fhir/Observation?subject=Patient/${a}`)).json().entry ?? []).toEqual([]);
    expect(await readsOf(a)).toHaveLength(1);
  });

  it('loses an erased participant from read summaries and keeps the others\' counts', async () => {
    const [a, b] = [await createParticipant(ctx), await createParticipant(ctx)];
    await inject('test-ccm', 'POST', '/fhir/Observation', heartRate(a, 71));
    await inject('test-ccm', 'POST', '/fhir/Observation', heartRate(b, 72));
    await inject('test-ccm', 'GET', `/fhir/Observation?subject=Patient/${a},Patient/${b}`);
    await inject('test-ccm', 'GET', `/api/v1/participant/${a}`);
    await ctx.app.readAudits.flush();
    const request = (await inject('test-ccm', 'POST', '/api/v1/GDPRRequest', { participantId: a, right: 4, about: 'Erase me' })).json().id;
    expect((await inject('test-ccm', 'POST', `/api/v1/GDPRRequest/${request}/execute`, { confirm: true, confirmation: 'Giulia Bianchi' })).statusCode).toBe(200);
    const [summary] = await readsOf(b);
    expect(summary.details).toEqual({ participants: { [b]: 1 }, count: 1, resourceType: 'Observation', parameters: ['subject'], redacted: Number(request) });
    const own = await ctx.db.kysely.selectFrom('audit_event').select('details').where('action', '=', 'read.participant').where('entity_id', '=', a).execute();
    expect(own).toEqual([{ details: { redacted: Number(request) } }]);
  });

  it('writes nothing about a participant erased between the read and the writing of its entry', async () => {
    const [a, b] = [await createParticipant(ctx), await createParticipant(ctx)];
    await inject('test-ccm', 'POST', '/fhir/Observation', heartRate(a, 73));
    await inject('test-ccm', 'POST', '/fhir/Observation', heartRate(b, 74));
    await ctx.app.readAudits.flush();
    // Answered, not yet written: the writer holds them for up to a second.
    await inject('test-ccm', 'GET', `/fhir/Observation?subject=Patient/${a},Patient/${b}`);
    await inject('test-ccm', 'GET', `/api/v1/participant/${a}`);
    const request = (await inject('test-ccm', 'POST', '/api/v1/GDPRRequest', { participantId: a, right: 4, about: 'Erase me' })).json().id;
    expect((await inject('test-ccm', 'POST', `/api/v1/GDPRRequest/${request}/execute`, { confirm: true, confirmation: 'Giulia Bianchi' })).statusCode).toBe(200);
    expect(await readsOf(a)).toEqual([]);
    expect((await readsOf(b)).map((entry) => entry.details)).toEqual([{ participantId: b, count: 1, resourceType: 'Observation', parameters: ['subject'] }]);
  });
});
