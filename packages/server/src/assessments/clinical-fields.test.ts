import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ckdEpi2009, ckdEpi2021 } from '@geria/domain';
import { createTestContext, type TestContext } from '../test/context.ts';
import { entries } from '../participants/fhir-link.ts';
import { apiOf, screenedParticipant, system } from './test-helpers.ts';

let ctx: TestContext;
let api: ReturnType<typeof apiOf>;
beforeAll(async () => { ctx = await createTestContext(); api = apiOf(ctx); });
afterAll(async () => { await ctx?.close(); });

async function assessment(options: Parameters<typeof screenedParticipant>[1] = {}) {
  const id = await screenedParticipant(ctx, options);
  const encounter = (await api('POST', `/participants/${id}/assessments`)).json().id as string;
  const url = `/participants/${id}/assessments/${encounter}/clinical-fields`;
  return { id, encounter, url, save: (body: unknown, username?: string) => api('PUT', url, body, username) };
}

const observationsOf = async (encounter: string) =>
  entries(await system(ctx).search('Observation', { encounter: `Encounter/${encounter}`, _count: '100' })) as {
    id: string; code: { coding: { code: string }[] }; valueQuantity?: { value: number; unit: string }; encounter: { reference: string };
    bodySite?: { coding: { code: string }[] }; component?: { valueQuantity?: { value: number }; valueBoolean?: boolean }[];
  }[];
const loincOf = (o: { code: { coding: { code: string }[] } }) => o.code.coding[0]!.code;

describe('clinical fields', () => {
  it('saves weight, height, waist and hip as Observations of the assessment, with BMI and waist-hip ratio computed', async () => {
    const { encounter, save } = await assessment();
    const res = await save({ values: { bodyWeight: 70, bodyHeight: 175, waistCircumference: 90, hipCircumference: 100 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().values).toMatchObject({ bodyWeight: 70, bodyHeight: 175, bmi: 22.9, waistHipRatio: 0.9 });
    const stored = await observationsOf(encounter);
    expect(stored.map(loincOf).sort()).toEqual(['29463-7', '39156-5', '62409-8', '8280-0', '8302-2', 'waist-hip-ratio'].sort());
    expect(stored.every((o) => o.encounter.reference === `Encounter/${encounter}`)).toBe(true);
    expect(stored.find((o) => loincOf(o) === '29463-7')!.valueQuantity).toMatchObject({ value: 70, unit: 'kg' });
  });

  it('updates a changed value in place, keeps unchanged ones, and deletes an emptied one with its derived value', async () => {
    const { encounter, save } = await assessment();
    await save({ values: { bodyWeight: 70, bodyHeight: 175, heartRate: 72 } });
    const before = await observationsOf(encounter);
    await save({ values: { bodyWeight: 72, heartRate: 72 } });
    const after = await observationsOf(encounter);
    const weight = (list: typeof before) => list.find((o) => loincOf(o) === '29463-7')!;
    expect(weight(after).id).toBe(weight(before).id);
    expect(weight(after).valueQuantity!.value).toBe(72);
    const versions = await system(ctx).history('Observation', after.find((o) => loincOf(o) === '8867-4')!.id);
    expect(versions.total).toBe(1);
    const res = await save({ values: { bodyHeight: null } });
    expect(res.json().values).toMatchObject({ bodyHeight: null, bmi: null, bodyWeight: 72 });
    expect((await observationsOf(encounter)).map(loincOf)).not.toContain('39156-5');
  });

  it('refuses an implausible value with a clear message and saves nothing', async () => {
    const { encounter, save } = await assessment();
    const res = await save({ values: { bodyWeight: 70, bloodPressureStanding: { systolic: 300, diastolic: 80, arm: 'left' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'rules.observationCodes.outOfRange', message: 'Systolic blood pressure must be between 60 and 260 mmHg',
    });
    expect(await observationsOf(encounter)).toEqual([]);
    const weight = await save({ values: { bodyWeight: 500 } });
    expect(weight.json().error.message).toBe('Body weight must be between 20 and 300 kg');
  });

  it('reports every broken field rule, in the language of the request', async () => {
    const { url } = await assessment();
    const res = await ctx.app.inject({
      method: 'PUT', url: `/api/v1${url}`, headers: { ...(await ctx.as('test-ccm')), 'accept-language': 'it' },
      payload: { values: { heartRate: 5, hba1c: 50 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toHaveLength(2);
    expect(res.json().error.message).not.toMatch(/must be between/);
  });

  it('requires the arm a blood pressure was taken from, and records it as the body site', async () => {
    const { encounter, save } = await assessment();
    const missing = await save({ values: { bloodPressureSupine: { systolic: 120, diastolic: 80, arm: null } } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      code: 'rules.calculations.bloodPressureArmRequired', message: 'Arm from which the pressure was taken is required to insert the Blood Pressure',
    });
    const res = await save({ values: { bloodPressureSupine: { systolic: 120, diastolic: 80, arm: 'right' } } });
    expect(res.json().values.bloodPressureSupine).toEqual({ systolic: 120, diastolic: 80, arm: 'right' });
    const [stored] = await observationsOf(encounter);
    expect(stored!.bodySite!.coding[0]!.code).toBe('368209003');
    expect(stored!.component!.map((c) => c.valueQuantity!.value)).toEqual([120, 80]);
  });

  it('computes both CKD-EPI equations from creatinine, age and sex, with the African-American flag on 2009 only', async () => {
    const { save } = await assessment({ birthDate: '1956-02-01', gender: 'male' });
    const age = new Date().getUTCFullYear() - 1956;
    const res = await save({ values: { serumCreatinine: 1.1 }, africanAmerican: true });
    expect(res.statusCode).toBe(200);
    const input = { creatinineMgDl: 1.1, age, sex: 'male' as const, africanAmerican: true };
    const round = (r: { ok: boolean; value?: number }) => Math.round(r.value! * 10) / 10;
    expect(res.json()).toMatchObject({
      africanAmerican: true,
      values: { egfrCkdEpi2009: round(ckdEpi2009(input)), egfrCkdEpi2021: round(ckdEpi2021(input)) },
    });
    const plain = (await save({ values: {}, africanAmerican: false })).json();
    expect(plain.values.egfrCkdEpi2009).toBe(round(ckdEpi2009({ ...input, africanAmerican: false })));
    expect(plain.values.egfrCkdEpi2021).toBe(res.json().values.egfrCkdEpi2021);
  });

  it('answers the CKD-EPI error when the sex gives no equation', async () => {
    const { save } = await assessment({ gender: 'other' });
    const res = await save({ values: { serumCreatinine: 1 } });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'rules.calculations.ckdEpiError', message: 'There was an error while calculating the CKD Epi Score' });
  });

  it('stores coded answers and reads them back as option keys', async () => {
    const { save, url } = await assessment();
    await save({ values: { smokerStatus: 'former', alcoholUnits: 4, ecgRhythm: 'sinus', ecgPr: 160, usesHearingAid: true, heartScore: 3 } });
    const read = (await api('GET', url)).json();
    expect(read.values).toMatchObject({ smokerStatus: 'former', alcoholUnits: 4, ecgRhythm: 'sinus', ecgPr: 160, usesHearingAid: true, heartScore: 3 });
    expect((await save({ values: { smokerStatus: 'sometimes' } })).statusCode).toBe(400);
  });

  it('records cigarettes a day and years smoked of a current smoker, and refuses them for anyone else (422, nothing saved)', async () => {
    const { encounter, save, url } = await assessment();
    const refused = await ctx.app.inject({
      method: 'PUT', url: `/api/v1${url}`, headers: { ...(await ctx.as('test-ccm')), 'accept-language': 'it' },
      payload: { values: { smokerStatus: 'former', cigarettesPerDay: 10, yearsSmoked: 30 } },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'rules.fields.smokingDetailsForSmokers', message: expect.stringContaining('Sigarette al giorno') });
    expect(refused.json().error.details).toHaveLength(2);
    expect(await observationsOf(encounter)).toEqual([]);
    expect((await save({ values: { smokerStatus: 'current', cigarettesPerDay: 10, yearsSmoked: 30 } })).statusCode).toBe(200);
    expect((await api('GET', url)).json().values).toMatchObject({ smokerStatus: 'current', cigarettesPerDay: 10, yearsSmoked: 30 });
    // The stored amounts hold the status: it changes to former only with them cleared.
    expect((await save({ values: { smokerStatus: 'former' } })).statusCode).toBe(422);
    expect((await save({ values: { smokerStatus: 'former', cigarettesPerDay: null, yearsSmoked: null } })).statusCode).toBe(200);
    expect((await api('GET', url)).json().values).toMatchObject({ smokerStatus: 'former', cigarettesPerDay: null, yearsSmoked: null });
    expect((await save({ values: { smokerStatus: 'current', cigarettesPerDay: 0 } })).statusCode).toBe(400);
  });

  it('records weekly physical activity as the LOINC exercise vital sign, within plausible limits', async () => {
    const { save, url } = await assessment();
    expect((await save({ values: { physicalActivity: 150 } })).statusCode).toBe(200);
    expect((await api('GET', url)).json().values).toMatchObject({ physicalActivity: 150 });
    expect((await save({ values: { physicalActivity: 6000 } })).statusCode).toBe(400);
  });

  it('refuses derived values and unknown fields, and other organisations', async () => {
    const { save } = await assessment();
    expect((await save({ values: { bmi: 25 } })).statusCode).toBe(400);
    expect((await save({ values: { bodyWeight: 70 } }, 'other-ccm')).statusCode).toBe(404);
  });
});
