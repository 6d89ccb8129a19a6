import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citizenHubUpload, GOOD_SECONDS, POOR_SECONDS, POSTURE_GOOD, POSTURE_POOR, POSTURE_REPORT } from '../test/citizen-hub-fixtures.ts';
import { registerAppClient } from '../test/app-client.ts';
import { createTestContext, type TestContext } from '../test/context.ts';

let ctx: TestContext;
let app: Awaited<ReturnType<typeof registerAppClient>>;
beforeAll(async () => {
  ctx = await createTestContext();
  app = await registerAppClient(ctx, { name: 'Citizen Hub', subjectIds: 'smart4health', identityScope: 2 });
});
afterAll(async () => { await ctx?.close(); });

const storedOf = async (participantId: string) => ctx.db.kysely.selectFrom('fhir_resource').select(['resource_type', 'id', 'content'])
  .where('patient_id', '=', participantId).where('resource_type', 'in', ['Observation', 'DiagnosticReport']).orderBy('resource_type').execute();

const read = async (path: string) => (await ctx.app.inject({ method: 'GET', url: `/fhir/${path}`, headers: await ctx.as('test-ccm') })).json();

describe('the Citizen Hub daily posture upload', () => {
  it('is accepted as the app sends it, stored under the participant its Smart4Health id names, and read back by the CCM', async () => {
    const participantId = await app.participantKnownAs('S4H-HUB-1');
    const res = await app.upload(citizenHubUpload('S4H-HUB-1', '2026-11-20'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().entry.map((e: { response: { status: string } }) => e.response.status)).toEqual(['201 Created', '201 Created', '201 Created']);

    const stored = await storedOf(participantId);
    expect(stored).toHaveLength(3);
    const observations = await read(`Observation?subject=Patient/${participantId}`);
    expect(observations.entry.map((e: { resource: { code: { coding: { code: string }[] } } }) => e.resource.code.coding[0].code).sort()).toEqual([POSTURE_POOR, POSTURE_GOOD].sort());
    const good = observations.entry.find((e: { resource: { code: { coding: { code: string }[] } } }) => e.resource.code.coding[0].code === POSTURE_GOOD).resource;
    expect(good.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(good.subject.reference).toBe(`Patient/${participantId}`);
    expect(good.valueSampledData.data).toBe(GOOD_SECONDS.join(' '));
    expect(good.effectivePeriod).toEqual({ start: '2026-11-20T00:00:00+01:00', end: '2026-11-20T23:59:59+01:00' });

    const reports = await read(`DiagnosticReport?subject=Patient/${participantId}`);
    expect(reports.entry).toHaveLength(1);
    const report = reports.entry[0].resource;
    expect(report.code.coding[0].code).toBe(POSTURE_REPORT);
    expect(report.subject.reference).toBe(`Patient/${participantId}`);
    // Its results name the Observations stored, not the app's urns.
    expect(report.result.map((r: { reference: string }) => r.reference).sort()).toEqual(observations.entry.map((e: { resource: { id: string } }) => `Observation/${e.resource.id}`).sort());

    // Audited as the client, in the participant's trail.
    const audits = await ctx.db.kysely.selectFrom('audit_event').select(['actor', 'participant_id']).where('action', '=', 'fhir.create').where('participant_id', '=', participantId).where('actor', '=', app.clientId).execute();
    expect(audits).toEqual(Array(3).fill({ actor: app.clientId, participant_id: participantId }));
  });

  it('stores nothing new when the same day is sent again (a retry), and a new day beside it', async () => {
    const participantId = await app.participantKnownAs('S4H-HUB-2');
    expect((await app.upload(citizenHubUpload('S4H-HUB-2', '2026-11-20'))).statusCode).toBe(200);
    // The app rebuilds the Bundle with new urns when it retries.
    const again = await app.upload(citizenHubUpload('S4H-HUB-2', '2026-11-20'));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().entry.map((e: { response: { status: string } }) => e.response.status)).toEqual(['200 OK', '200 OK', '200 OK']);
    // A write-only client learns that its data are there, not what they say.
    expect(again.body).not.toContain(GOOD_SECONDS.join(' '));
    expect(await storedOf(participantId)).toHaveLength(3);

    expect((await app.upload(citizenHubUpload('S4H-HUB-2', '2026-11-21'))).statusCode).toBe(200);
    expect(await storedOf(participantId)).toHaveLength(6);
  });

  it('refuses (422, naming each entry, translated) an unknown, an inactive or another organisation\'s Smart4Health id, storing nothing', async () => {
    const inactive = await app.participantKnownAs('S4H-HUB-SUSPENDED', 2);
    const other = await app.participantKnownAs('S4H-HUB-OTHER', 3, 'other-ccm');
    for (const externalId of ['S4H-HUB-UNKNOWN', 'S4H-HUB-SUSPENDED', 'S4H-HUB-OTHER']) {
      const res = await app.upload(citizenHubUpload(externalId, '2026-11-20'), app.key, { 'accept-language': 'it' });
      expect(res.statusCode, externalId).toBe(422);
      const issues = res.json().issue as { expression: string[]; details: { text: string } }[];
      expect(issues.map((i) => i.expression[0])).toEqual([0, 1, 2].map((i) => `Bundle.entry[${i}].resource.subject`));
      expect(issues[0].details.text).toContain(`${externalId} non è l'id Smart4Health attivo`);
    }
    expect(await storedOf(inactive)).toEqual([]);
    expect(await storedOf(other)).toEqual([]);
  });

  it('refuses (422) a posture day that is not 24 hourly seconds from 0 to 3600, storing nothing', async () => {
    const participantId = await app.participantKnownAs('S4H-HUB-7');
    for (const good of [GOOD_SECONDS.slice(1), GOOD_SECONDS.map((s, i) => (i === 9 ? 3601 : s))]) {
      const res = await app.upload(citizenHubUpload('S4H-HUB-7', '2026-11-20', { good, poor: POOR_SECONDS }));
      expect(res.statusCode).toBe(422);
      expect(res.json().issue[0].expression).toEqual(['Observation.valueSampledData']);
    }
    expect(await storedOf(participantId)).toEqual([]);
  });

  it('takes Geria\'s participant id for no external id: the client names participants only by their Smart4Health id', async () => {
    const participantId = await app.participantKnownAs('S4H-HUB-3');
    expect((await app.upload(citizenHubUpload(participantId, '2026-11-20'))).statusCode).toBe(422);
    expect(await storedOf(participantId)).toEqual([]);
  });

  it('is refused (401) with a wrong key and once its client is disabled', async () => {
    const participantId = await app.participantKnownAs('S4H-HUB-4');
    expect((await app.upload(citizenHubUpload('S4H-HUB-4', '2026-11-20'), `${app.key}x`)).statusCode).toBe(401);
    expect((await app.admin('POST', `/${app.clientId}/disable`)).statusCode).toBe(200);
    try {
      expect((await app.upload(citizenHubUpload('S4H-HUB-4', '2026-11-20'))).statusCode).toBe(401);
    } finally {
      await app.admin('POST', `/${app.clientId}/enable`);
    }
    expect(await storedOf(participantId)).toEqual([]);
  });

  it('leaves a client of Geria ids as it was: its Patient references are participant ids, so a Smart4Health id names nobody', async () => {
    const plain = (await app.admin('POST', '', { name: 'Plain hub', organisation: 'MIL-GER', role: 'Tech', kind: 'apikey', permissions: ['devices.ingest'] })).json();
    expect(plain.client.subjectIds).toBe('geria');
    const participantId = await app.participantKnownAs('S4H-HUB-5');
    expect((await app.upload(citizenHubUpload('S4H-HUB-5', '2026-11-20'), plain.secret)).statusCode).toBe(422);
    expect(await storedOf(participantId)).toEqual([]);
  });
});

describe('the participant\'s posture per day', () => {
  const posture = async (participantId: string, username: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${participantId}/measurements/posture?from=2026-11-19&to=2026-11-21`, headers: await ctx.as(username) });
  const hours = (seconds: number[]) => seconds.reduce((a, b) => a + b, 0) / 3600;

  it('is the hours of good and poor posture of each uploaded day, for the care team of the participant\'s organisation only', async () => {
    const participantId = await app.participantKnownAs('S4H-HUB-6');
    expect((await app.upload(citizenHubUpload('S4H-HUB-6', '2026-11-20'))).statusCode).toBe(200);
    expect((await app.upload(citizenHubUpload('S4H-HUB-6', '2026-11-22'))).statusCode).toBe(200);
    const res = await posture(participantId, 'test-ccm');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ days: [{ day: '2026-11-20', good: hours(GOOD_SECONDS), poor: hours(POOR_SECONDS) }] });
    expect((await posture(participantId, 'test-tech')).statusCode).toBe(403);
    expect((await posture(participantId, 'other-ccm')).statusCode).toBe(404);
  });
});

describe('the hourly posture profile of a day', () => {
  const profile = async (participantId: string, query: string, username = 'test-ccm') =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${participantId}/measurements/posture/hours?${query}`, headers: await ctx.as(username) });

  it('is the seconds of good and poor posture of each of the day\'s 24 hours, for the care team of the participant\'s organisation only', async () => {
    const participantId = await app.participantKnownAs('S4H-HUB-8');
    expect((await app.upload(citizenHubUpload('S4H-HUB-8', '2026-11-20'))).statusCode).toBe(200);
    // The next day's upload is not this day's, though its period starts within a UTC day of it.
    expect((await app.upload(citizenHubUpload('S4H-HUB-8', '2026-11-21', { good: GOOD_SECONDS.map(() => 3600), poor: POOR_SECONDS }))).statusCode).toBe(200);
    const res = await profile(participantId, 'day=2026-11-20');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ day: '2026-11-20', unit: 's', hours: GOOD_SECONDS.map((good, hour) => ({ hour, good, poor: POOR_SECONDS[hour] })) });
    const empty = (await profile(participantId, 'day=2026-11-23')).json();
    expect(empty.hours).toHaveLength(24);
    expect(empty.hours.every((h: { good: null; poor: null }) => h.good === null && h.poor === null)).toBe(true);
    expect((await profile(participantId, 'day=2026-11-20', 'test-tech')).statusCode).toBe(403);
    expect((await profile(participantId, 'day=2026-11-20', 'other-ccm')).statusCode).toBe(404);
  });

  it('needs a day (400)', async () => {
    const participantId = await app.participantKnownAs('S4H-HUB-9');
    for (const query of ['', 'day=2026-13-01', 'day=yesterday']) expect((await profile(participantId, query)).statusCode, query).toBe(400);
  });
});

describe('registering a client with Smart4Health subject ids', () => {
  it('needs the device data ingest permission (400, on its field)', async () => {
    const res = await app.admin('POST', '', { name: 'Reader', organisation: 'MIL-GER', role: 'CCM', kind: 'apikey', subjectIds: 'smart4health' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([expect.objectContaining({ path: 'subjectIds', code: 'integrationClients.rules.subjectIdsIngest' })]);
  });
});
