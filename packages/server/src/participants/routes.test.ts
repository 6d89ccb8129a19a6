import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createParticipant, newParticipant } from './test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const post = async (payload: Record<string, unknown>, username = 'test-ccm') =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/participant', headers: await ctx.as(username), payload });

describe('participant record', () => {
  it('creates a participant of the caller\'s organisation, with the phone in E.164', async () => {
    const res = await post(newParticipant());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      firstName: 'Giulia', organisation: 'MIL-GER', pilot: 2, recruitment: 0, creator: 'test-ccm',
      contactPhone: { number: '+390212345678', country: 'IT' }, caregiverEmails: ['marco.bianchi@example.org'],
    });
    expect(res.json().id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reads it back, and records the creation and the read in the audit trail', async () => {
    const id = await createParticipant(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${id}`, headers: await ctx.as('test-expert') });
    expect(res.statusCode).toBe(200);
    expect(res.json().ccmids).toEqual([{ ccmid: 'test-ccm', accepted: true, notifications: true }]);
    await ctx.app.readAudits.flush();
    const audit = await ctx.db.kysely.selectFrom('audit_event').selectAll().where('entity_id', '=', id).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['fhir.create', 'participant.create', 'read.participant']);
  });

  it('reads each participant\'s own record, and 404 for an id no one has (one statement serves every id)', async () => {
    const headers = await ctx.as('test-ccm');
    const ids = [await createParticipant(ctx, { firstName: 'Lea' }), await createParticipant(ctx, { firstName: 'Ugo' })];
    const read = async (id: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${id}`, headers });
    expect(await Promise.all(ids.map(async (id) => (await read(id)).json().firstName))).toEqual(['Lea', 'Ugo']);
    expect((await read(ids[0])).json().id).toBe(ids[0]);
    expect((await read('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('rejects a duplicate caregiver e-mail, whatever its letter case, with the fix-or-delete message', async () => {
    const res = await post(newParticipant({ caregiverEmails: ['a@example.org', 'A@example.org'] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'rules.fields.duplicateCaregiverEmail',
      message: 'The caregiver e-mail A@example.org is already in the list: fix or delete the duplicate.',
    });
  });

  it('accepts at most three caregivers and three care managers', async () => {
    const caregivers = await post(newParticipant({ caregiverEmails: ['a@x.org', 'b@x.org', 'c@x.org', 'd@x.org'] }));
    expect(caregivers.json().error.code).toBe('rules.fields.tooManyCaregivers');
    const managers = await post(newParticipant({
      ccmids: ['test-ccm', 'test-expert', 'test-tester', 'test-tech'].map((ccmid) => ({ ccmid, accepted: false, notifications: false })),
    }));
    expect(managers.json().error.code).toBe('rules.fields.tooManyCareManagers');
  });

  it('accepts only CCM accounts of the organisation as care managers', async () => {
    const res = await post(newParticipant({ ccmids: [{ ccmid: 'other-ccm', accepted: true, notifications: true }] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'participants.errors.careManagerUnknown', message: 'other-ccm is not a care-centre manager of your organisation.' });
  });

  it('validates the phone against its country', async () => {
    const invalid = await post(newParticipant({ contactPhone: { number: '12', country: 'IT' } }));
    expect(invalid.json().error).toMatchObject({ code: 'rules.fields.phoneInvalid', message: 'Phone Number is invalid' });
    const noCountry = await post(newParticipant({ contactPhone: { number: '02 1234 5678', country: null } }));
    expect(noCountry.json().error).toMatchObject({ code: 'rules.fields.phoneCountryRequired', message: 'Please select the country of the phone number' });
  });

  it('accepts only a pilot of the organisation', async () => {
    const res = await post(newParticipant({ pilot: 1 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('participants.errors.pilotNotInOrganisation');
  });

  it('refuses another organisation in the body', async () => {
    expect((await post(newParticipant({ organisation: 'ATH-GCC' }))).statusCode).toBe(403);
  });

  it('answers 400 field by field for an invalid body', async () => {
    const res = await post({ firstName: '', pilot: 'two', SB_Email: 'nope' });
    expect(res.statusCode).toBe(400);
    const paths = res.json().error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['firstName', 'lastName', 'pilot', 'SB_Email']));
  });

  it('updates the record and keeps the status to its own endpoint', async () => {
    const id = await createParticipant(ctx);
    const headers = await ctx.as('test-ccm');
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/v1/participant/${id}`, headers, payload: newParticipant({ lastName: 'Rossi', contactPhone: null }) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lastName: 'Rossi', contactPhone: null });
    const status = await ctx.app.inject({ method: 'PUT', url: `/api/v1/participant/${id}`, headers, payload: newParticipant({ recruitment: 1 }) });
    expect(status.statusCode).toBe(422);
    expect(status.json().error.code).toBe('participants.errors.recruitmentViaEndpoint');
  });

  it('creates participants pending only: the status changes through its endpoint', async () => {
    const res = await post(newParticipant({ recruitment: 1 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('participants.errors.recruitmentViaEndpoint');
  });
});

describe('organisation and roles', () => {
  it('answers 404 to a user of another organisation, for every verb', async () => {
    const id = await createParticipant(ctx);
    const headers = await ctx.as('other-ccm');
    for (const [method, url] of [['GET', ''], ['PUT', ''], ['DELETE', ''], ['POST', '/recruitement/4'], ['GET', '/device'], ['GET', '/identity']] as const) {
      const res = await ctx.app.inject({ method, url: `/api/v1/participant/${id}${url}`, headers, payload: method === 'PUT' ? newParticipant() : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('answers 404 for another organisation\'s list', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/participants/organisation/MIL-GER', headers: await ctx.as('other-ccm') });
    expect(res.statusCode).toBe(404);
  });

  it('forbids Auditor and SysAdmin', async () => {
    const id = await createParticipant(ctx);
    for (const username of ['test-auditor', 'test-sysadmin']) {
      const headers = await ctx.as(username);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/participants/organisation/MIL-GER', headers })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${id}`, headers })).statusCode).toBe(403);
    }
  });

  it('lets Tech read the list, devices and ids but not the record or any write', async () => {
    const id = await createParticipant(ctx);
    const headers = await ctx.as('test-tech');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/participants/organisation/MIL-GER', headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${id}/device`, headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${id}`, headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/participant', headers, payload: newParticipant() })).statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/participants/organisation/MIL-GER' })).statusCode).toBe(401);
  });

  it('lists the pilots of the caller\'s organisation', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/pilot', headers: await ctx.as('test-ccm') });
    expect(res.json().map((p: { pilotid: number }) => p.pilotid)).toEqual([2, 7]);
  });
});

describe('delete', () => {
  it('removes a participant with its devices and ids, and audits it', async () => {
    const id = await createParticipant(ctx);
    const headers = await ctx.as('test-ccm');
    await ctx.app.inject({ method: 'POST', url: `/api/v1/participant/${id}/device`, headers, payload: { type: 'smartwatch', serial: `DEL-${id}` } });
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/participant/${id}`, headers });
    expect(res.statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${id}`, headers })).statusCode).toBe(404);
    expect(await ctx.db.kysely.selectFrom('device').select('id').where('participant_id', '=', id).execute()).toEqual([]);
    const audit = await ctx.db.kysely.selectFrom('audit_event').select('action').where('entity_id', '=', id).orderBy('id').execute();
    expect(audit.at(-1)?.action).toBe('participant.delete');
  });
});

describe('the record with its devices, external ids and consent (SPEC §3)', () => {
  const devices = [{ type: 'scale', serial: 'REC-1-SC', LastUsed: '2026-11-02T08:00:00.000Z' }, { type: 'oximeter', serial: 'REC-2-OX' }];
  const identities = [{ Scope: 1, Status: 3, IdentityID: 'REC-HB-1' }, { Scope: 2, Status: 2, IdentityID: 'REC-S4H-1' }];

  it('creates them in one request and reads them back with the record', async () => {
    const res = await post(newParticipant({ devices, identities, participantConcentData: { consentDate: '2026-10-01', withdrawalDate: null } }));
    expect(res.statusCode).toBe(201);
    const read = await ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${res.json().id}`, headers: await ctx.as('test-expert') });
    expect(read.json()).toMatchObject({
      participantConcentData: { consentDate: '2026-10-01', withdrawalDate: null },
      devices: [
        { type: 'scale', serial: 'REC-1-SC', status: 'active', LastUsed: '2026-11-02T08:00:00.000Z' },
        { type: 'oximeter', serial: 'REC-2-OX', status: 'active', LastUsed: null },
      ],
      identities: [{ Scope: 1, Status: 3, IdentityID: 'REC-HB-1', project: 'balanceTraining' }, { Scope: 2, Status: 2, IdentityID: 'REC-S4H-1' }],
      lastDeviceUse: '2026-11-02T08:00:00.000Z',
    });
  });

  it('reads an empty record\'s devices and ids as empty lists', async () => {
    const id = await createParticipant(ctx);
    const read = await ctx.app.inject({ method: 'GET', url: `/api/v1/participant/${id}`, headers: await ctx.as('test-ccm') });
    expect(read.json()).toMatchObject({ devices: [], identities: [] });
  });

  it('creates nothing when a serial or an external id is taken, with the endpoints\' messages', async () => {
    await post(newParticipant({ firstName: 'First', devices: [{ type: 'scale', serial: 'TAKEN-SC' }], identities: [{ Scope: 3, Status: 3, IdentityID: 'TAKEN-ID' }] }));
    const count = async () => Number((await ctx.db.kysely.selectFrom('participant').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const serial = await post(newParticipant({ devices: [{ type: 'oximeter', serial: 'fresh-1' }, { type: 'scale', serial: ' taken-sc ' }] }));
    expect(serial.statusCode).toBe(409);
    expect(serial.json().error.code).toBe('rules.fields.deviceSerialConflict');
    const value = await post(newParticipant({ identities: [{ Scope: 1, Status: 3, IdentityID: 'TAKEN-ID' }] }));
    expect(value.json().error.code).toBe('participants.errors.identityValueTaken');
    const twoActive = await post(newParticipant({ identities: [{ Scope: 2, Status: 3, IdentityID: 'ACT-1' }, { Scope: 2, Status: 3, IdentityID: 'ACT-2' }] }));
    expect(twoActive.statusCode).toBe(409);
    expect(twoActive.json().error.code).toBe('rules.fields.externalIdActiveOnCreate');
    const sameSerialTwice = await post(newParticipant({ devices: [{ type: 'scale', serial: 'TWICE' }, { type: 'scale', serial: 'twice' }] }));
    expect(sameSerialTwice.statusCode).toBe(409);
    expect(await count()).toBe(before);
    expect(await ctx.db.kysely.selectFrom('device').select('id').where('serial', 'in', ['fresh-1', 'TWICE']).execute()).toEqual([]);
  });

  it('names the path of each invalid or unknown field', async () => {
    const res = await post(newParticipant({
      devices: [{ type: 'toaster', serial: 'X' }], identities: [{ Scope: 2, Status: 3 }],
      participantConcentData: { consentDate: '2026-10-02', withdrawalDate: '2026-10-01' }, nickname: 'G',
    }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { path: string; code: string }) => `${d.path} ${d.code}`).sort()).toEqual([
      'devices.0.type validation.invalid', 'identities.0.IdentityID validation.required', 'nickname validation.unknownField',
      'participantConcentData.withdrawalDate participants.errors.endBeforeStart',
    ]);
  });

  it('makes a CCM who creates a participant one of its care-centre managers; other roles are not added', async () => {
    const byCcm = await post(newParticipant({ ccmids: [] }));
    expect(byCcm.json().ccmids).toEqual([{ ccmid: 'test-ccm', accepted: true, notifications: true }]);
    const byExpert = await post(newParticipant({ ccmids: [] }), 'test-expert');
    expect(byExpert.json().ccmids).toEqual([]);
  });
});
