import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { apiOf, screenedParticipant, system } from './test-helpers.ts';

let ctx: TestContext;
let api: ReturnType<typeof apiOf>;
beforeAll(async () => { ctx = await createTestContext(); api = apiOf(ctx); });
afterAll(async () => { await ctx?.close(); });

describe('conditions and family history', () => {
  it('records conditions as confirmed FHIR Conditions, changes and removes them, in one transaction per save', async () => {
    const id = await screenedParticipant(ctx);
    const url = `/participants/${id}/conditions`;
    const saved = await api('PUT', url, { conditions: { hypertension: 'active', stroke: 'inactive' }, familyHistory: ['diabetesType2'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().conditions).toMatchObject({ hypertension: 'active', stroke: 'inactive', copd: null });
    expect(saved.json().familyHistory).toEqual(['diabetesType2']);
    const conditions = await system(ctx).search('Condition', { subject: `Patient/${id}`, _count: '0' });
    expect(conditions.total).toBe(2);
    const changed = (await api('PUT', url, { conditions: { hypertension: 'inactive', stroke: null }, familyHistory: [] })).json();
    expect(changed).toMatchObject({ conditions: { hypertension: 'inactive', stroke: null }, familyHistory: [] });
    expect((await api('GET', url)).json()).toEqual(changed);
  });

  it('sets the heart-failure-reduced flag of the working state while that condition is active', async () => {
    const id = await screenedParticipant(ctx);
    await api('PUT', `/participants/${id}/conditions`, { conditions: { heartFailureReduced: 'active' } });
    expect((await api('GET', `/participants/${id}/working-state`)).json().state.heartFailureReduced).toBe(true);
    await api('PUT', `/participants/${id}/conditions`, { conditions: { heartFailureReduced: 'inactive' } });
    expect((await api('GET', `/participants/${id}/working-state`)).json().state.heartFailureReduced).toBe(false);
  });

  it('refuses unknown conditions and other organisations', async () => {
    const id = await screenedParticipant(ctx);
    expect((await api('PUT', `/participants/${id}/conditions`, { conditions: { gout: 'active' } })).statusCode).toBe(400);
    expect((await api('GET', `/participants/${id}/conditions`, undefined, 'other-ccm')).statusCode).toBe(404);
  });
});
