import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { fhirService } from '../fhir/service.ts';
import { createParticipant } from './test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>, username = 'test-ccm') =>
  ctx.app.inject({ method, url: `/api/v1/participant/${url}`, headers: await ctx.as(username), ...(payload && { payload }) });
const system = () => fhirService(ctx.db).withContext({ kind: 'system', name: 'test' });

const medication = (substance: string, psychoactive = false) => ({
  substance, dose: 1, doseUnit: 'tablet', psychoactive, frequency: 2, period: 1, periodUnit: 'd', when: ['MORN', 'EVE'],
  daysOfWeek: ['mon', 'thu'], dosageForm: 'tablet', concentration: 5, concentrationUnit: 'mg', direction: 'After meals', start: '2026-01-10', end: null,
});

describe('FHIR Patient and ResearchSubject', () => {
  it('refuses to delete the Patient or ResearchSubject of a study record over /fhir (409), leaving the record whole', async () => {
    const id = await createParticipant(ctx);
    const headers = await ctx.as('test-ccm');
    const patient = await ctx.app.inject({ method: 'DELETE', url: `/fhir/Patient/${id}`, headers });
    expect(patient.statusCode).toBe(409);
    expect(patient.json().issue[0].details.text).toContain('delete the participant instead');
    const [subject] = (await system().search('ResearchSubject', { individual: `Patient/${id}` })).entry ?? [];
    expect((await ctx.app.inject({ method: 'DELETE', url: `/fhir/ResearchSubject/${subject.resource!.id}`, headers })).statusCode).toBe(409);
    const bundle = { resourceType: 'Bundle', type: 'transaction', entry: [{ request: { method: 'DELETE', url: `Patient/${id}` } }] };
    const viaBundle = await ctx.app.inject({ method: 'POST', url: '/fhir', headers: { ...headers, 'content-type': 'application/fhir+json' }, payload: JSON.stringify(bundle) });
    expect(viaBundle.statusCode).toBe(409);
    expect((await call('POST', `${id}/supplement`, { name: 'Vitamin D' })).statusCode).toBe(201);
    expect((await system().read('Patient', id)).id).toBe(id);
  });

  it('creates both with the participant, under the same id', async () => {
    const id = await createParticipant(ctx);
    const patient = await system().read('Patient', id);
    expect(patient).toMatchObject({ id, managingOrganization: { reference: 'Organization/8' } });
    const subjects = await system().search('ResearchSubject', { individual: `Patient/${id}` });
    expect(subjects.total ?? subjects.entry?.length).toBe(1);
    expect(subjects.entry![0]!.resource).toMatchObject({ status: 'screening', individual: { reference: `Patient/${id}` } });
  });

  it('deletes a participant without clinical data together with its Patient', async () => {
    const id = await createParticipant(ctx);
    expect((await call('DELETE', id)).statusCode).toBe(204);
    await expect(system().read('Patient', id)).rejects.toMatchObject({ status: 410 });
  });

  it('refuses to delete a participant with clinical data: erasure is a GDPR request', async () => {
    const id = await createParticipant(ctx);
    await call('POST', `${id}/supplement`, { name: 'Vitamin D' });
    const res = await call('DELETE', id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'participants.errors.hasClinicalData', message: expect.stringContaining('GDPR') });
    expect((await call('GET', id)).statusCode).toBe(200);
  });
});

describe('audit of FHIR-backed writes', () => {
  it('records the resource before and after for a medication created, changed and deleted, and the demographics before', async () => {
    const id = await createParticipant(ctx);
    const created = await call('POST', `${id}/medication`, { substance: 'Ramipril' });
    const medicationId = created.json().id;
    await call('PUT', `${id}/medication/${medicationId}`, { substance: 'Ramipril', dose: 2, doseUnit: 'tablet' });
    await call('DELETE', `${id}/medication/${medicationId}`);
    const rows = await ctx.db.kysely.selectFrom('audit_event').select(['action', 'before', 'after'])
      .where('entity_type', '=', 'MedicationStatement').where('entity_id', '=', medicationId).orderBy('id').execute();
    expect(rows.map((r) => r.action)).toEqual(['fhir.create', 'fhir.update', 'fhir.delete']);
    expect(rows[0]).toMatchObject({ before: null, after: { resourceType: 'MedicationStatement' } });
    expect((rows[1].before as { dosage?: unknown }).dosage).toBeUndefined();
    expect(rows[1].after).toMatchObject({ dosage: [{ doseAndRate: [{ doseQuantity: { value: 2 } }] }] });
    expect(rows[2]).toMatchObject({ before: { resourceType: 'MedicationStatement' }, after: null });

    await call('PUT', `${id}/demographics`, { age: 80, gender: 'female', livesWith: 'alone' });
    await call('PUT', `${id}/demographics`, { age: 81, gender: 'female', livesWith: 'alone' });
    const [latest] = await ctx.db.kysely.selectFrom('audit_event').select(['before', 'after'])
      .where('action', '=', 'participant.demographics').where('entity_id', '=', id).orderBy('id', 'desc').limit(1).execute();
    expect(latest.before).toMatchObject({ age: 80, gender: 'female' });
    expect(latest.after).toMatchObject({ age: 81 });
  });
});

describe('demographics', () => {
  it('reminds to record the birth date or age until one is set', async () => {
    const id = await createParticipant(ctx);
    const res = await call('GET', `${id}/demographics`);
    expect(res.json()).toMatchObject({ birthdayOrAgePresent: false, ageGroup: 'No Info', createdBy: 'test-ccm', inactivity: { band: 'No Info' } });
  });

  it('saves coded items as Observations, birth date and ethnicity on the Patient, referral on the ResearchSubject', async () => {
    const id = await createParticipant(ctx);
    const year = new Date().getUTCFullYear();
    const res = await call('PUT', `${id}/demographics`, {
      projectIdentifier: 'MIL-0042', birthDate: `${year - 78}-03`, gender: 'female', biologicalGender: 'female', educationLevel: 'upperSecondary',
      livingSituation: 'urban', accommodationType: 'apartment', livesWith: 'spouse', stairsAtHome: true, sourceOfReferral: 'General practitioner',
      ethnicity: 'White European', consentDate: '2026-02-01', smartphoneImei: '490154203237518',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      projectIdentifier: 'MIL-0042', birthDate: `${year - 78}-03`, gender: 'female', stairsAtHome: true, livesWith: 'spouse',
      sourceOfReferral: 'General practitioner', ethnicity: 'White European', currentAge: 78, ageGroup: '70-79', birthdayOrAgePresent: true,
    });
    expect(await system().read('Patient', id)).toMatchObject({ birthDate: `${year - 78}-03`, gender: 'female' });
    const gender = await system().search('Observation', { subject: `Patient/${id}`, code: 'http://loinc.org|76691-5' });
    expect(gender.entry).toHaveLength(1);
  });

  it('changes and clears items with the write-operation rule (PUT and DELETE, nothing for unchanged)', async () => {
    const id = await createParticipant(ctx);
    await call('PUT', `${id}/demographics`, { age: 81, gender: 'male', livesWith: 'alone' });
    const res = await call('PUT', `${id}/demographics`, { age: 81, gender: 'other', livesWith: null });
    expect(res.json()).toMatchObject({ age: 81, gender: 'other', livesWith: null, ageGroup: '80-89' });
    const livesWith = await system().search('Observation', { subject: `Patient/${id}`, code: 'https://geria.example.org/fhir/CodeSystem/geria-observation|lives-with' });
    expect(livesWith.entry ?? []).toHaveLength(0);
  });

  it('replaces an entered age by a birth date, which derives the age, the age group and opens the first assessment', async () => {
    const id = await createParticipant(ctx);
    await call('PUT', `${id}/demographics`, { age: 76 });
    const gateOf = async () => (await ctx.app.inject({ method: 'GET', url: `/api/v1/participants/${id}/assessments`, headers: await ctx.as('test-ccm') })).json().canCreate;
    expect(await gateOf()).toMatchObject({ ok: false, code: 'rules.assessment.birthDateRequired' });
    const year = new Date().getUTCFullYear();
    const both = await call('PUT', `${id}/demographics`, { birthDate: `${year - 82}-03`, age: 76 });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({ birthDate: `${year - 82}-03`, age: null, currentAge: 82, ageGroup: '80-89', birthdayOrAgePresent: true });
    expect(await gateOf()).toMatchObject({ ok: true });
  });

  it('rejects an invalid IMEI and an unknown option', async () => {
    const id = await createParticipant(ctx);
    const res = await call('PUT', `${id}/demographics`, { smartphoneImei: '490154203237519', gender: 'robot' });
    expect(res.json().error.details.map((d: { path: string; code: string }) => `${d.path} ${d.code}`).sort())
      .toEqual(['gender validation.invalid', 'smartphoneImei participants.errors.imeiInvalid']);
  });
});

describe('medications', () => {
  it('records MedicationStatements with Timing and shows polypharmacy above four medicines', async () => {
    const id = await createParticipant(ctx);
    for (const name of ['Ramipril', 'Metformin', 'Atorvastatin', 'Aspirin']) expect((await call('POST', `${id}/medication`, medication(name))).statusCode).toBe(201);
    expect((await call('GET', `${id}/medication`)).json()).toMatchObject({ polypharmacy: false, psychoactive: false });
    await call('POST', `${id}/medication`, medication('Lorazepam', true));
    const list = (await call('GET', `${id}/medication`)).json();
    expect(list).toMatchObject({ polypharmacy: true, psychoactive: true });
    expect(list.items.find((m: { substance: string }) => m.substance === 'Lorazepam')).toMatchObject({
      dose: 1, doseUnit: 'tablet', frequency: 2, periodUnit: 'd', when: ['MORN', 'EVE'], daysOfWeek: ['mon', 'thu'], concentration: 5, direction: 'After meals',
    });
    const stored = await system().read('MedicationStatement', list.items[0].id);
    expect(stored).toMatchObject({ dosage: [{ timing: { repeat: { frequency: 2, period: 1, periodUnit: 'd' } } }] });
  });

  it('saves a medication given only its substance (no empty dosage element)', async () => {
    const id = await createParticipant(ctx);
    const res = await call('POST', `${id}/medication`, { substance: 'X' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await call('GET', `${id}/medication`)).json().items[0]).toMatchObject({ substance: 'X', dose: null });
  });

  it('modifies and deletes a medication', async () => {
    const id = await createParticipant(ctx);
    const created = (await call('POST', `${id}/medication`, medication('Ramipril'))).json();
    const updated = await call('PUT', `${id}/medication/${created.id}`, { ...medication('Ramipril'), dose: 2 });
    expect(updated.json()).toMatchObject({ dose: 2 });
    expect((await call('DELETE', `${id}/medication/${created.id}`)).statusCode).toBe(204);
    expect((await call('GET', `${id}/medication`)).json().items).toEqual([]);
  });

  it('requires units with amounts and an end after the start', async () => {
    const id = await createParticipant(ctx);
    const res = await call('POST', `${id}/medication`, { substance: 'X', dose: 5, start: '2026-02-01', end: '2026-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { path: string }) => d.path).sort()).toEqual(['doseUnit', 'end']);
  });

  it('answers 404 for another participant\'s medication', async () => {
    const a = await createParticipant(ctx);
    const b = await createParticipant(ctx);
    const created = (await call('POST', `${a}/medication`, medication('Ramipril'))).json();
    expect((await call('DELETE', `${b}/medication/${created.id}`)).statusCode).toBe(404);
  });
});

describe('diet supplements and audiograms', () => {
  it('adds, renames and removes a supplement', async () => {
    const id = await createParticipant(ctx);
    const added = await call('POST', `${id}/supplement`, { name: 'Vitamin D' });
    expect(added.statusCode).toBe(201);
    const renamed = await call('PUT', `${id}/supplement/${added.json().id}`, { name: 'Vitamin D3' });
    expect(renamed.json()).toMatchObject({ name: 'Vitamin D3' });
    expect((await call('DELETE', `${id}/supplement/${added.json().id}`)).statusCode).toBe(204);
    expect((await call('GET', `${id}/supplement`)).json()).toEqual([]);
  });

  it('records, replaces and deletes an audiogram', async () => {
    const id = await createParticipant(ctx);
    const created = await call('POST', `${id}/audiogram`, { date: '2026-11-01', left: { 500: 20, 1000: 25, 4000: 55 }, right: { 500: 15, 1000: 20 } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ date: '2026-11-01', left: { 500: 20, 4000: 55, 8000: null }, right: { 1000: 20 } });
    const replaced = await call('PUT', `${id}/audiogram/${created.json().id}`, { date: '2026-11-01', left: { 500: 30 }, right: {} });
    expect(replaced.json().left['500']).toBe(30);
    expect((await call('DELETE', `${id}/audiogram/${created.json().id}`)).statusCode).toBe(204);
    expect((await call('GET', `${id}/audiogram`)).json()).toEqual([]);
  });

  it('rejects an empty audiogram and thresholds out of the audiometer\'s range', async () => {
    const id = await createParticipant(ctx);
    expect((await call('POST', `${id}/audiogram`, { date: '2026-11-01', left: {}, right: {} })).json().error.details[0].code).toBe('participants.errors.audiogramEmpty');
    expect((await call('POST', `${id}/audiogram`, { date: '2026-11-01', left: { 500: 130 }, right: {} })).statusCode).toBe(400);
  });

  it('answers 404 to another organisation for every clinical section', async () => {
    const id = await createParticipant(ctx);
    for (const section of ['demographics', 'medication', 'supplement', 'audiogram']) {
      expect((await call('GET', `${id}/${section}`, undefined, 'other-ccm')).statusCode, section).toBe(404);
    }
  });
});

describe('recruitment status', () => {
  it('refuses acceptance before the screening with the first exclusion message', async () => {
    const id = await createParticipant(ctx);
    const res = await call('POST', `${id}/recruitement/1`, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'UPDATE.Message_113', message: 'Please fill the Dexterity questionnaire before deciding whether the patient could be accepted',
    });
  });

  it('withdraws with a drop-off date, then allows leaving the terminal status only as a correction', async () => {
    const id = await createParticipant(ctx);
    expect((await call('POST', `${id}/recruitement/4`, {})).json().error.code).toBe('rules.recruitment.dropOffDateRequired');
    const withdrawn = await call('POST', `${id}/recruitement/4`, { dropOffDate: '2026-11-15' });
    expect(withdrawn.json()).toMatchObject({ recruitment: 4, dropOff: '2026-11-15' });
    expect((await call('POST', `${id}/recruitement/0`, {})).json().error.code).toBe('rules.recruitment.terminalStatus');
    expect((await call('POST', `${id}/recruitement/0`, { correction: true, reason: 'Recorded on the wrong patient' })).statusCode).toBe(200);
  });

  it('answers 400 for a status code outside 0–5', async () => {
    const id = await createParticipant(ctx);
    for (const value of ['9', '-1', 'x']) expect((await call('POST', `${id}/recruitement/${value}`, {})).statusCode).toBe(400);
  });

  it('goes through the recruitment decision: ResearchSubject, decision record, care managers notified, audit', async () => {
    const id = await createParticipant(ctx);
    const subject = async () => ((await system().search('ResearchSubject', { individual: `Patient/${id}` })).entry ?? [])[0].resource as { status: string };
    expect((await subject()).status).toBe('screening');
    expect((await call('POST', `${id}/recruitement/4`, { dropOffDate: '2026-11-15', reason: 'Moved away' })).statusCode).toBe(200);
    expect((await subject()).status).toBe('withdrawn');
    const decisions = await ctx.db.kysely.selectFrom('recruitment_decision').selectAll().where('participant_id', '=', id).execute();
    expect(decisions).toMatchObject([{ from_status: 0, to_status: 4, reason: 'Moved away' }]);
    const notes = await ctx.db.kysely.selectFrom('participant_notification').select('recipient').where('participant_id', '=', id).execute();
    expect(notes.map((n) => n.recipient)).toEqual(['test-ccm']);
    const audit = await ctx.db.kysely.selectFrom('audit_event').select('action').where('entity_id', '=', id).execute();
    expect(audit.map((a) => a.action)).toContain('participant.recruitmentDecision');
  });
});
