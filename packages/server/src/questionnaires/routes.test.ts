import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTRUMENTS, questionnaireCanonical, getInstrument } from '@geria/domain';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createPatient, fhir, OTHER_ORGID } from '../test/fhir-fixtures.ts';
import { INSTRUMENT_SCORE_SYSTEM } from './derived-observations.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(user: string, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method, url: `/api/v1${url}`, headers: { ...(await ctx.as(user)), ...headers }, ...(payload !== undefined && { payload: payload as object }) });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

/** PHQ-9 answers 1,2,3,1,2,0,1,2,0: total 12, moderate; item 9 answered 0. */
const PHQ9 = Object.fromEntries([1, 2, 3, 1, 2, 0, 1, 2, 0].map((value, i) => [`phq9-${i + 1}`, value]));
const PHQ9_MILD = Object.fromEntries([1, 1, 1, 1, 1, 1, 1, 0, 0].map((value, i) => [`phq9-${i + 1}`, value]));

const encounterOf = async (patientId: string) => {
  const res = await fhir(ctx, 'test-ccm', 'POST', 'Encounter', {
    resourceType: 'Encounter', status: 'finished', class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB' },
    subject: { reference: `Patient/${patientId}` },
  });
  return res.body.id as string;
};

const save = (patientId: string, body: Record<string, unknown>, user = 'test-ccm', headers: Record<string, string> = {}) =>
  call(user, 'POST', `/patients/${patientId}/questionnaire-responses`, body, headers);

/** The derived observations of the store, found the way the dashboard finds them. */
async function scoreObservations(patientId: string, code: string) {
  const res = await fhir(ctx, 'test-expert', 'GET', `Observation?subject=Patient/${patientId}&code=${encodeURIComponent(`${INSTRUMENT_SCORE_SYSTEM}|${code}`)}`);
  return (res.body.entry ?? []).map((e: { resource: any }) => e.resource);
}

describe('instrument definitions and scoring', () => {
  it('lists every instrument with its texts in seven languages, items, groups and bands with meanings', async () => {
    const res = await call('test-tech', 'GET', '/instruments');
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { id: string }) => i.id)).toEqual(INSTRUMENTS.map((d) => d.id));
    const phq9 = res.body.items.find((i: { id: string }) => i.id === 'phq9');
    expect(phq9).toMatchObject({ version: '1.0.0', range: { min: 0, max: 27 }, canonical: questionnaireCanonical(getInstrument('phq9')!) });
    expect(Object.keys(phq9.title).sort()).toEqual(['el', 'en', 'es', 'fr', 'it', 'pt', 'ro']);
    expect(phq9.items[0]).toMatchObject({ linkId: 'phq9-1', type: 'choice' });
    expect(phq9.bands.find((b: { key: string }) => b.key === 'severe')).toMatchObject({ critical: true, meaning: { en: expect.stringContaining('20–27') } });
    expect(phq9).not.toHaveProperty('score');
    const ghabp = res.body.items.find((i: { id: string }) => i.id === 'ghabp');
    expect(ghabp.groups.map((g: { title: { en: string } }) => g.title.en)).toEqual(['Television', 'Background noise', 'Busy street', 'Several people']);
  });

  it('serves the FHIR Questionnaire of an instrument and 404 for an unknown one', async () => {
    const res = await call('test-ccm', 'GET', '/instruments/gds15/questionnaire');
    expect(res.body).toMatchObject({ resourceType: 'Questionnaire', id: 'gds15', url: 'https://geria.example.org/fhir/Questionnaire/gds15', version: '1.0.0' });
    expect(res.body.item).toHaveLength(15);
    expect((await call('test-ccm', 'GET', '/instruments/nope/questionnaire')).status).toBe(404);
  });

  it('scores an answer set', async () => {
    const res = await call('test-expert', 'POST', '/instruments/phq9/score', { answers: PHQ9 });
    expect(res.body).toEqual({ total: 12, band: 'moderate', subscales: { item9Alert: 0 } });
  });

  it('refuses an invalid answer with 400 naming the item, in the language asked', async () => {
    const res = await call('test-expert', 'POST', '/instruments/phq9/score', { answers: { ...PHQ9, 'phq9-3': 4 } }, { 'accept-language': 'it' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'questionnaire.answerError.not-an-option' });
    expect(res.body.error.message).toContain('phq9-3');
    expect(res.body.error.message).not.toContain('is not one of the options');
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'answers.phq9-3', linkId: 'phq9-3', reason: 'not-an-option' })]);
    const unknown = await call('test-expert', 'POST', '/instruments/phq9/score', { answers: { 'phq9-12': 1 } });
    expect(unknown.body.error).toMatchObject({ code: 'questionnaire.answerError.unknown-item', message: 'Item phq9-12 is not part of the phq9 questionnaire.' });
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/instruments' });
    expect(res.statusCode).toBe(401);
  });
});

describe('questionnaire responses', () => {
  it('saves a response with its derived observations, reads it back and finds the observations by code', async () => {
    const patientId = await createPatient(ctx);
    const saved = await save(patientId, { instrumentId: 'phq9', answers: PHQ9, authored: '2026-10-05T09:30:00+02:00' });
    expect(saved.status).toBe(201);
    expect(saved.body.message).toEqual({ code: 'questionnaire.updated', params: { name: 'Patient Health Questionnaire (PHQ-9)' }, text: 'The Patient Health Questionnaire (PHQ-9) Questionnaire was updated.' });
    expect(saved.body.score).toEqual({ total: 12, band: 'moderate', subscales: { item9Alert: 0 } });
    expect(saved.body.response).toMatchObject({
      resourceType: 'QuestionnaireResponse', status: 'completed', subject: { reference: `Patient/${patientId}` },
      questionnaire: 'https://geria.example.org/fhir/Questionnaire/phq9|1.0.0', authored: '2026-10-05T09:30:00+02:00',
      author: { identifier: { value: 'test-ccm' }, display: 'Test CCM' },
    });
    expect(saved.body.observations).toHaveLength(2);

    const read = await call('test-expert', 'GET', `/questionnaire-responses/${saved.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: saved.body.id, instrumentId: 'phq9', version: '1.0.0', patientId, encounterId: null, answers: PHQ9, score: saved.body.score });
    expect(read.body.observations.map((o: { id: string }) => o.id).sort()).toEqual(saved.body.observations.map((o: { id: string }) => o.id).sort());

    const [total] = await scoreObservations(patientId, 'phq9');
    expect(total).toMatchObject({
      status: 'final', valueQuantity: { value: 12, unit: '{score}', system: 'http://unitsofmeasure.org', code: '{score}' },
      interpretation: [{ coding: [{ code: 'moderate', display: 'Moderate' }] }],
      effectiveDateTime: '2026-10-05T09:30:00+02:00', derivedFrom: [{ reference: `QuestionnaireResponse/${saved.body.id}` }],
    });
    expect(await scoreObservations(patientId, 'phq9.item9Alert')).toEqual([expect.objectContaining({ valueQuantity: expect.objectContaining({ value: 0 }) })]);

    const questionnaire = await fhir(ctx, 'test-ccm', 'GET', 'Questionnaire/phq9');
    expect(questionnaire.body).toMatchObject({ url: 'https://geria.example.org/fhir/Questionnaire/phq9', version: '1.0.0' });
  });

  it('records the encounter on the response and its observations, and lists by instrument and encounter', async () => {
    const patientId = await createPatient(ctx);
    const encounterId = await encounterOf(patientId);
    const inEncounter = await save(patientId, { instrumentId: 'phq9', answers: PHQ9, encounterId, authored: '2026-10-01T10:00:00Z' });
    expect(inEncounter.body.response.encounter).toEqual({ reference: `Encounter/${encounterId}` });
    expect(inEncounter.body.observations.every((o: { encounter?: { reference: string } }) => o.encounter?.reference === `Encounter/${encounterId}`)).toBe(true);
    await save(patientId, { instrumentId: 'phq9', answers: PHQ9_MILD, authored: '2026-11-01T10:00:00Z' });
    await save(patientId, { instrumentId: 'gds15', answers: { 'gds15-1': true }, authored: '2026-11-02T10:00:00Z' });

    const all = await call('test-ccm', 'GET', `/patients/${patientId}/questionnaire-responses`);
    expect(all.body.total).toBe(3);
    expect(all.body.items.map((r: { instrumentId: string }) => r.instrumentId)).toEqual(['gds15', 'phq9', 'phq9']);
    const phq9 = await call('test-ccm', 'GET', `/patients/${patientId}/questionnaire-responses?instrumentId=phq9`);
    expect(phq9.body.items.map((r: { score: { total: number; band: string } }) => [r.score.total, r.score.band])).toEqual([[7, 'mild'], [12, 'moderate']]);
    const inIt = await call('test-ccm', 'GET', `/patients/${patientId}/questionnaire-responses?encounterId=${encounterId}`);
    expect(inIt.body.items).toEqual([expect.objectContaining({ id: inEncounter.body.id, encounterId })]);
    expect((await call('test-ccm', 'GET', `/patients/${patientId}/questionnaire-responses?instrumentId=nope`)).status).toBe(400);
  });

  it('refuses an encounter of another patient', async () => {
    const patientId = await createPatient(ctx);
    const otherEncounter = await encounterOf(await createPatient(ctx));
    const res = await save(patientId, { instrumentId: 'phq9', answers: PHQ9, encounterId: otherEncounter });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('questionnaire.encounterNotFound');
  });

  it('stores the six GHABP scales as observations', async () => {
    const patientId = await createPatient(ctx);
    const answers = { 'ghabp-s1-applies': true, 'ghabp-s1-q1': 3, 'ghabp-s1-q2': 2, 'ghabp-s2-applies': false, 'ghabp-s3-applies': true, 'ghabp-s3-q1': 5, 'ghabp-s3-q2': 4 };
    const saved = await save(patientId, { instrumentId: 'ghabp', answers });
    expect(saved.body.score.subscales).toEqual({ initialDisability: 75, handicap: 50, use: null, benefit: null, residualDisability: null, satisfaction: null });
    expect(saved.body.observations.map((o: { code: { coding: { code: string }[] } }) => o.code.coding[0].code)).toEqual(['ghabp.initialDisability', 'ghabp.handicap']);
  });

  it('refuses invalid answers and an unknown instrument with 400, saving nothing', async () => {
    const patientId = await createPatient(ctx);
    const bad = await save(patientId, { instrumentId: 'phq9', answers: { 'phq9-1': 'often' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'questionnaire.answerError.wrong-type', details: [expect.objectContaining({ path: 'answers.phq9-1' })] });
    const unknown = await save(patientId, { instrumentId: 'nope', answers: {} });
    expect(unknown.body.error.code).toBe('questionnaire.answerError.unknown-instrument');
    expect((await save(patientId, { instrumentId: 'phq9' })).status).toBe(400);
    expect((await call('test-ccm', 'GET', `/patients/${patientId}/questionnaire-responses`)).body.total).toBe(0);
    expect(await scoreObservations(patientId, 'phq9')).toEqual([]);
  });

  it('an update replaces the derived observations', async () => {
    const patientId = await createPatient(ctx);
    const saved = await save(patientId, { instrumentId: 'phq9', answers: PHQ9 });
    const oldIds = saved.body.observations.map((o: { id: string }) => o.id);
    const updated = await call('test-expert', 'PUT', `/questionnaire-responses/${saved.body.id}`, { answers: { ...PHQ9_MILD, 'phq9-9': 2 } }, { 'accept-language': 'fr' });
    expect(updated.status).toBe(200);
    expect(updated.body.message.text).toBe('Le questionnaire Questionnaire sur la santé du patient (PHQ-9) a été mis à jour.');
    expect(updated.body.score).toEqual({ total: 9, band: 'mild', subscales: { item9Alert: 1 } });
    expect(updated.body.response).toMatchObject({ id: saved.body.id, meta: { versionId: '2' }, author: { identifier: { value: 'test-ccm' } } });
    expect(updated.body.response.authored).toBe(saved.body.response.authored);
    const [total] = await scoreObservations(patientId, 'phq9');
    expect(total.valueQuantity.value).toBe(9);
    expect(await scoreObservations(patientId, 'phq9.item9Alert')).toEqual([expect.objectContaining({ valueQuantity: expect.objectContaining({ value: 1 }) })]);
    for (const id of oldIds) expect((await fhir(ctx, 'test-ccm', 'GET', `Observation/${id}`)).status).toBe(410);
    expect((await call('test-ccm', 'PUT', `/questionnaire-responses/${saved.body.id}`, { instrumentId: 'gds15', answers: {} })).status).toBe(400);
  });

  it('a failing update leaves the response and its observations as they were', async () => {
    const patientId = await createPatient(ctx);
    const saved = await save(patientId, { instrumentId: 'phq9', answers: PHQ9 });
    await call('test-ccm', 'PUT', `/questionnaire-responses/${saved.body.id}`, { answers: PHQ9 });
    // Made from version 1 while the store holds version 2: refused after the old observations were deleted in the transaction.
    const stale = await call('test-ccm', 'PUT', `/questionnaire-responses/${saved.body.id}`, { answers: PHQ9_MILD }, { 'if-match': 'W/"1"' });
    expect(stale.status).toBe(412);
    expect(stale.body.error.code).toBe('questionnaire.changedMeanwhile');
    const read = await call('test-ccm', 'GET', `/questionnaire-responses/${saved.body.id}`);
    expect(read.body.response.meta.versionId).toBe('2');
    expect(read.body.score.total).toBe(12);
    expect((await scoreObservations(patientId, 'phq9')).map((o: { valueQuantity: { value: number } }) => o.valueQuantity.value)).toEqual([12]);
    const fresh = await call('test-ccm', 'PUT', `/questionnaire-responses/${saved.body.id}`, { answers: PHQ9_MILD }, { 'if-match': 'W/"2"' });
    expect(fresh.status).toBe(200);
  });

  it('a deletion removes the response and its derived observations', async () => {
    const patientId = await createPatient(ctx);
    const saved = await save(patientId, { instrumentId: 'phq9', answers: PHQ9 });
    const res = await call('test-tester', 'DELETE', `/questionnaire-responses/${saved.body.id}`, undefined, { 'accept-language': 'es' });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ code: 'questionnaire.deleted', text: 'El cuestionario se ha eliminado correctamente.' });
    expect(await scoreObservations(patientId, 'phq9')).toEqual([]);
    expect((await fhir(ctx, 'test-ccm', 'GET', `QuestionnaireResponse/${saved.body.id}`)).status).toBe(410);
    expect((await call('test-ccm', 'GET', `/questionnaire-responses/${saved.body.id}`)).status).toBe(404);
    expect((await call('test-ccm', 'DELETE', `/questionnaire-responses/${saved.body.id}`)).status).toBe(404);
  });

  it('audits every write once, as the user', async () => {
    const patientId = await createPatient(ctx);
    const saved = await save(patientId, { instrumentId: 'phq9', answers: PHQ9 });
    const rows = await ctx.db.kysely.selectFrom('audit_event').select(['actor', 'action', 'entity_type'])
      .where('entity_id', 'in', [saved.body.id, ...saved.body.observations.map((o: { id: string }) => o.id)]).execute();
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.actor === 'test-ccm' && r.action === 'fhir.create')).toBe(true);
  });

  it('another organisation\'s patient and responses do not exist (404)', async () => {
    const patientId = await createPatient(ctx);
    const saved = await save(patientId, { instrumentId: 'phq9', answers: PHQ9 });
    expect((await save(patientId, { instrumentId: 'phq9', answers: PHQ9 }, 'other-ccm')).status).toBe(404);
    expect((await call('other-ccm', 'GET', `/patients/${patientId}/questionnaire-responses`)).status).toBe(404);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call('other-expert', method, `/questionnaire-responses/${saved.body.id}`, method === 'PUT' ? { answers: PHQ9 } : undefined);
      expect(res.status, method).toBe(404);
    }
    const theirs = await createPatient(ctx, 'other-ccm', OTHER_ORGID);
    expect((await save(theirs, { instrumentId: 'phq9', answers: PHQ9 }, 'other-ccm')).status).toBe(201);
    expect((await save(theirs, { instrumentId: 'phq9', answers: PHQ9 })).status).toBe(404);
  });

  it('refuses the Auditor, SysAdmin and Tech support (no individual clinical records), like /fhir', async () => {
    const patientId = await createPatient(ctx);
    const saved = await save(patientId, { instrumentId: 'phq9', answers: PHQ9 });
    for (const user of ['test-auditor', 'test-sysadmin', 'test-tech']) {
      expect((await call(user, 'GET', `/questionnaire-responses/${saved.body.id}`)).status, user).toBe(403);
      expect((await call(user, 'GET', `/patients/${patientId}/questionnaire-responses`)).status, user).toBe(403);
      expect((await save(patientId, { instrumentId: 'phq9', answers: PHQ9 }, user)).status, user).toBe(403);
      expect((await call(user, 'PUT', `/questionnaire-responses/${saved.body.id}`, { answers: PHQ9 })).status, user).toBe(403);
      expect((await call(user, 'DELETE', `/questionnaire-responses/${saved.body.id}`)).status, user).toBe(403);
    }
  });

});
