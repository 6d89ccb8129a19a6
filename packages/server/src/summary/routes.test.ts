import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { mocaAnswers } from '../assessments/demo-answers.ts';
import { addResponse, apiOf, screenedParticipant } from '../assessments/test-helpers.ts';

let ctx: TestContext;
let api: ReturnType<typeof apiOf>;
beforeAll(async () => { ctx = await createTestContext(); api = apiOf(ctx); });
afterAll(async () => { await ctx?.close(); });

const event = (outcome: string, text: string) => ({
  event: text, recordedDate: '2026-10-02', detectedDate: '2026-10-01', category: 'wrong_dose', severity: 'mild', outcome,
  causality: 'no', actuality: 'actual', seriousness: 'non_serious',
});

/** An accepted participant (born 1950) with two assessments, MoCA 27 at baseline and 22 at follow-up. */
async function followedParticipant() {
  const id = await screenedParticipant(ctx, { dexterity: 2, moca: 27 });
  expect((await api('POST', `/participants/${id}/recruitment-decisions`, { to: 'accepted' })).statusCode).toBe(201);
  const first = (await api('POST', `/participants/${id}/assessments`)).json().id as string;
  const second = (await api('POST', `/participants/${id}/assessments`)).json().id as string;
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  await addResponse(ctx, id, 'moca', mocaAnswers(27), first, later(1));
  await addResponse(ctx, id, 'moca', mocaAnswers(22), second, later(2));
  expect((await api('PUT', `/participants/${id}/assessments/${first}/clinical-fields`, { values: { bodyWeight: 70, bodyHeight: 175 } })).statusCode).toBe(200);
  return id;
}

describe('the printable participant summary', () => {
  it('gives the pseudonymous identity, recruitment, latest scores with bands and change since baseline, clinical fields, active medications and adverse events, device usage', async () => {
    const id = await followedParticipant();
    expect((await api('POST', `/participant/${id}/medication`, { substance: 'Metformin' })).statusCode).toBe(201);
    expect((await api('POST', `/participant/${id}/adverse-event`, event('ongoing', 'Dizziness'))).statusCode).toBe(201);
    expect((await api('POST', `/participant/${id}/adverse-event`, event('resolved', 'Rash'))).statusCode).toBe(201);
    expect((await api('POST', `/participant/${id}/device`, { type: 'scale', serial: `S-${id}` })).statusCode).toBe(201);

    const res = await api('GET', `/participant/${id}/summary`);
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json();
    expect(summary.identity).toMatchObject({ id, ageBand: '70-79', pilot: expect.any(Number) });
    expect(JSON.stringify(summary)).not.toMatch(/firstName|lastName|SB_Email|contactPhone/);
    expect(summary.recruitment).toMatchObject({ status: 'accepted', registeredOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(summary.assessments.map((a: { number: number }) => a.number)).toEqual([1, 2]);
    expect(summary.scores.find((s: { instrument: string }) => s.instrument === 'moca')).toMatchObject({ total: 22, band: 'impaired', baselineTotal: 27, change: -5 });
    expect(summary.scores.find((s: { instrument: string }) => s.instrument === 'dexterity')).toMatchObject({ total: 2, band: 'eligible', change: null });
    expect(summary.clinical.assessment).toBe(1);
    expect(summary.clinical.values).toEqual(expect.arrayContaining([{ key: 'bodyWeight', value: 70 }, { key: 'bmi', value: 22.9 }]));
    expect(summary.medications.items.map((m: { substance: string }) => m.substance)).toEqual(['Metformin']);
    expect(summary.adverseEvents.map((e: { event: string }) => e.event)).toEqual(['Dizziness']);
    expect(summary.devices).toMatchObject({ days: 30, items: [{ type: 'scale', serial: `S-${id}`, daysWithData: 0 }] });
  }, 90_000);

  it('is audited as a read of the participant\'s clinical data', async () => {
    const id = await screenedParticipant(ctx);
    expect((await api('GET', `/participant/${id}/summary`, undefined, 'test-expert')).statusCode).toBe(200);
    await ctx.app.readAudits.flush();
    const entries = await ctx.db.kysely.selectFrom('audit_event').select(['actor', 'action', 'details']).where('entity_id', '=', id).where('action', 'like', 'read.%').execute();
    expect(entries).toMatchObject([{ actor: 'test-expert', action: 'read.clinical', details: { path: '/api/v1/participant/:id/summary' } }]);
  });

  it('is refused to other organisations (404) and to roles without patient access (403)', async () => {
    const id = await screenedParticipant(ctx);
    expect((await api('GET', `/participant/${id}/summary`, undefined, 'other-ccm')).statusCode).toBe(404);
    expect((await api('GET', `/participant/${id}/summary`, undefined, 'test-auditor')).statusCode).toBe(403);
    expect((await api('GET', '/participant/not-an-id/summary')).statusCode).toBe(404);
  });
});
