import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessmentEncounter } from '@geria/domain/rules/assessment-encounter.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createPatient, fhir } from '../test/fhir-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const author = { username: 'test-ccm', name: 'Test CCM' };
async function assessment(patientId: string, number: number) {
  const res = await fhir(ctx, 'test-ccm', 'POST', 'Encounter', assessmentEncounter({ patient: patientId, number, start: `2026-0${number}-01T10:00:00Z`, author }));
  return res.body.id as string;
}

const savePsfs = async (patientId: string, encounterId?: string) => {
  const res = await ctx.app.inject({
    method: 'POST', url: `/api/v1/patients/${patientId}/questionnaire-responses`, headers: await ctx.as('test-ccm'),
    payload: { instrumentId: 'psfs', answers: { 'psfs-1': 6, 'psfs-2': 4 }, ...(encounterId && { encounterId }) },
  });
  return { status: res.statusCode, body: res.json() };
};

describe('PSFS gate (SPEC §4: a PSFS cannot be submitted until created in the first assessment)', () => {
  it('refuses a PSFS in a later assessment while the first assessment has none, then accepts it', async () => {
    const patientId = await createPatient(ctx);
    const first = await assessment(patientId, 1);
    const second = await assessment(patientId, 2);

    const refused = await savePsfs(patientId, second);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('rules.assessment.psfsNotCreated');

    expect((await savePsfs(patientId, first)).status).toBe(201);
    expect((await savePsfs(patientId, second)).status).toBe(201);
  });

  it('does not gate a PSFS recorded outside an assessment', async () => {
    const patientId = await createPatient(ctx);
    expect((await savePsfs(patientId)).status).toBe(201);
  });
});
