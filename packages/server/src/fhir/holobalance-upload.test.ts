import { HOLOBALANCE_COMPONENTS, HOLOBALANCE_SESSION_CODE, HOLOBALANCE_SYSTEM } from '@geria/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParticipant } from '../participants/test-helpers.ts';
import { registerAppClient } from '../test/app-client.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { holoBalanceUpload, READINGS } from '../test/holobalance-fixtures.ts';

let ctx: TestContext;
let app: Awaited<ReturnType<typeof registerAppClient>>;
beforeAll(async () => {
  ctx = await createTestContext();
  app = await registerAppClient(ctx, { name: 'HOLOBalance', subjectIds: 'holobalance', identityScope: 1 });
});
afterAll(async () => { await ctx?.close(); });

const storedOf = async (participantId: string) => ctx.db.kysely.selectFrom('fhir_resource').select(['id', 'content'])
  .where('patient_id', '=', participantId).where('resource_type', '=', 'Observation').execute();

const sessions = async (participantId: string, username = 'test-ccm', range = 'from=2026-11-01&to=2026-11-30') =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${participantId}/holobalance-sessions?${range}`, headers: await ctx.as(username) });

const START = '2026-11-20T10:00:00+01:00';

describe('a HOLOBalance session upload', () => {
  it('is accepted as the platform sends it, stored under the participant its HOLOBalance id names, and shown by the read API', async () => {
    const participantId = await app.participantKnownAs('HB-1');
    const res = await app.upload(holoBalanceUpload('HB-1', START, { score: 81 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().entry.map((e: { response: { status: string } }) => e.response.status)).toEqual(['201 Created', '201 Created']);

    const stored = await storedOf(participantId);
    expect(stored).toHaveLength(2);
    const session = stored.find((r) => (r.content as { code: { coding: { code: string }[] } }).code.coding[0]!.code === HOLOBALANCE_SESSION_CODE)!;
    const score = stored.find((r) => r.id !== session.id)!.content as { subject: { reference: string }; derivedFrom: { reference: string }[] };
    expect(score.subject.reference).toBe(`Patient/${participantId}`);
    expect(score.derivedFrom).toEqual([{ reference: `Observation/${session.id}` }]);

    const read = await sessions(participantId);
    expect(read.statusCode).toBe(200);
    expect(read.json().sessions).toEqual([{
      id: session.id, start: '2026-11-20T09:00:00.000Z', end: '2026-11-20T09:25:00.000Z', durationMinutes: 25, score: 81,
      components: expect.any(Array),
    }]);
    const components = read.json().sessions[0].components as { key: string; unit: string; samples: number[]; mean: number; max: number }[];
    expect(components.map((c) => c.key)).toEqual(Object.keys(HOLOBALANCE_COMPONENTS));
    expect(components.find((c) => c.key === 'dizziness')).toEqual({ key: 'dizziness', unit: '{score}', samples: READINGS.dizziness, mean: 2.75, max: 4 });
    expect(components.find((c) => c.key === 'speed')).toMatchObject({ unit: 'deg/s', samples: READINGS.speed });

    // Audited as the client, in the participant's trail.
    const audits = await ctx.db.kysely.selectFrom('audit_event').select(['actor']).where('action', '=', 'fhir.create').where('participant_id', '=', participantId)
      .where('actor', '=', app.clientId).execute();
    expect(audits).toHaveLength(2);
  }, 60_000); // The file's first upload also warms the FHIR validator up, slow on a busy machine.

  it('stores nothing new when the same session is sent again (key: participant + code + effectivePeriod), and a later session beside it', async () => {
    const participantId = await app.participantKnownAs('HB-2');
    expect((await app.upload(holoBalanceUpload('HB-2', START))).statusCode).toBe(200);
    const again = await app.upload(holoBalanceUpload('HB-2', START));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().entry.map((e: { response: { status: string } }) => e.response.status)).toEqual(['200 OK', '200 OK']);
    expect(await storedOf(participantId)).toHaveLength(2);

    expect((await app.upload(holoBalanceUpload('HB-2', '2026-11-21T10:00:00+01:00', { score: 60 }))).statusCode).toBe(200);
    expect(await storedOf(participantId)).toHaveLength(4);
    expect((await sessions(participantId)).json().sessions.map((s: { start: string; score: number }) => [s.start, s.score]))
      .toEqual([['2026-11-21T09:00:00.000Z', 60], ['2026-11-20T09:00:00.000Z', 72]]);
  });

  it('refuses (422, naming the entry and the element, translated) malformed components and SampledData, storing nothing', async () => {
    const participantId = await app.participantKnownAs('HB-3');
    const bad = holoBalanceUpload('HB-3', START, { readings: { headache: [1, 'x', 2], rangeOfMovement: [-5] } });
    const components = bad.entry[0]!.resource.component!;
    components[2]!.valueSampledData.dimensions = 2;
    const res = await app.upload(bad, app.key, { 'accept-language': 'it' });
    expect(res.statusCode, res.body).toBe(422);
    const issues = res.json().issue as { expression: string[]; details: { text: string } }[];
    expect(issues.map((i) => i.expression[0])).toEqual([
      'Bundle.entry[0].resource.component[0].valueSampledData.data',
      'Bundle.entry[0].resource.component[2].valueSampledData',
      'Bundle.entry[0].resource.component[7].valueSampledData.data',
    ]);
    expect(issues[2]!.details.text).toBe(`La lettura x della componente ${HOLOBALANCE_COMPONENTS.headache} non è un numero da 0 entro i limiti indicati dai dati.`);

    // An unknown component, so one missing; a score out of range.
    const other = holoBalanceUpload('HB-3', START);
    other.entry[0]!.resource.component![5]!.code.coding[0]!.code = '271807003';
    const refused = await app.upload(other);
    expect(refused.statusCode).toBe(422);
    expect((refused.json().issue as { expression: string[] }[]).map((i) => i.expression[0])).toEqual([
      'Bundle.entry[0].resource.component[5].code', 'Bundle.entry[0].resource.component',
    ]);
    const score = await app.upload(holoBalanceUpload('HB-3', START, { score: 140 }));
    expect(score.statusCode).toBe(422);
    expect(score.json().issue).toEqual([expect.objectContaining({ expression: ['Bundle.entry[1].resource.valueQuantity'] })]);
    expect(await storedOf(participantId)).toEqual([]);
  });

  it('refuses (422) an unknown, an inactive or another organisation\'s HOLOBalance id, and a Smart4Health id, storing nothing', async () => {
    const inactive = await app.participantKnownAs('HB-SUSPENDED', 2);
    const other = await app.participantKnownAs('HB-OTHER', 3, 'other-ccm');
    const smart4health = await createParticipant(ctx, {}, 'test-ccm');
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/participant/${smart4health}/identity`, headers: await ctx.as('test-ccm'), payload: { Scope: 2, Status: 3, IdentityID: 'HB-S4H' } })).statusCode).toBe(201);
    for (const externalId of ['HB-UNKNOWN', 'HB-SUSPENDED', 'HB-OTHER', 'HB-S4H']) {
      const res = await app.upload(holoBalanceUpload(externalId, START));
      expect(res.statusCode, externalId).toBe(422);
      const issues = res.json().issue as { expression: string[]; details: { text: string } }[];
      expect(issues.map((i) => i.expression[0])).toEqual([0, 1].map((i) => `Bundle.entry[${i}].resource.subject`));
      expect(issues[0]!.details.text).toBe(`${externalId} is not the active HOLOBalance id of a participant of your organisation: nothing was stored.`);
    }
    for (const id of [inactive, other, smart4health]) expect(await storedOf(id)).toEqual([]);
  });

  it('is refused (401) with a wrong key and once its client is disabled', async () => {
    const participantId = await app.participantKnownAs('HB-4');
    expect((await app.upload(holoBalanceUpload('HB-4', START), `${app.key}x`)).statusCode).toBe(401);
    expect((await app.admin('POST', `/${app.clientId}/disable`)).statusCode).toBe(200);
    try {
      expect((await app.upload(holoBalanceUpload('HB-4', START))).statusCode).toBe(401);
    } finally {
      await app.admin('POST', `/${app.clientId}/enable`);
    }
    expect(await storedOf(participantId)).toEqual([]);
  });
});

describe('the participant\'s HOLOBalance sessions', () => {
  it('are read by the care team of the participant\'s organisation only, within the days asked', async () => {
    const participantId = await app.participantKnownAs('HB-5');
    expect((await app.upload(holoBalanceUpload('HB-5', START))).statusCode).toBe(200);
    expect((await sessions(participantId, 'test-expert')).json().sessions).toHaveLength(1);
    expect((await sessions(participantId, 'test-ccm', 'from=2026-11-21&to=2026-11-30')).json().sessions).toEqual([]);
    expect((await sessions(participantId, 'test-tech')).statusCode).toBe(403);
    expect((await sessions(participantId, 'other-ccm')).statusCode).toBe(404);
    expect((await sessions(participantId, 'test-ccm', 'from=2026-11-30&to=2026-11-01')).statusCode).toBe(400);
  });
});

describe('the CapabilityStatement', () => {
  it('tells an integrator the HOLOBalance session code system and what a session must carry', async () => {
    const metadata = (await ctx.app.inject({ method: 'GET', url: '/fhir/metadata' })).json();
    const observation = metadata.rest[0].resource.find((r: { type: string }) => r.type === 'Observation');
    expect(observation.documentation).toContain(`${HOLOBALANCE_SYSTEM}|${HOLOBALANCE_SESSION_CODE}`);
    for (const code of Object.values(HOLOBALANCE_COMPONENTS)) expect(observation.documentation).toContain(code);
  });
});
