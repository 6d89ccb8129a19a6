import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../test/context.ts';
import { fhir, observation, OTHER_ORGID, patient, TEST_ORGID } from '../test/fhir-fixtures.ts';
import { createParticipant } from '../participants/test-helpers.ts';
import { fhirService, type FhirClient } from './service.ts';

// Issue 35: _include and _revinclude over the stored types' references, within the caller's scope.
let ctx: TestContext;
let system: FhirClient;
const id: Record<string, string> = {};
const concept = (system: string, code: string) => ({ coding: [{ system, code }] });
const subject = (name: string) => ({ reference: `Patient/${id[name]}` });

async function make(name: string, resource: Record<string, unknown>) {
  id[name] = (await system.create(resource)).id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  system = fhirService(ctx.db).withContext({ kind: 'system', name: 'includes-test' });
  await make('p', patient(TEST_ORGID));
  await make('pOther', patient(OTHER_ORGID));
  await make('hr', observation(id.p));
  await make('hrOther', observation(id.pOther));
  await make('cond', { resourceType: 'Condition', subject: subject('p'), code: concept('http://snomed.info/sct', '38341003'),
    clinicalStatus: concept('http://terminology.hl7.org/CodeSystem/condition-clinical', 'active'),
    verificationStatus: concept('http://terminology.hl7.org/CodeSystem/condition-ver-status', 'confirmed') });
  await make('qr', { resourceType: 'QuestionnaireResponse', status: 'completed', subject: subject('p'), authored: '2024-03-02T08:00:00Z' });
  await make('rs', { resourceType: 'ResearchSubject', status: 'on-study', study: { reference: 'ResearchStudy/geria' }, individual: subject('p') });
  await make('ms', { resourceType: 'MedicationStatement', status: 'active', medicationCodeableConcept: { text: 'Ramipril' }, subject: subject('p') });
  await make('ae', { resourceType: 'AdverseEvent', actuality: 'actual', subject: subject('p'), date: '2024-05-01T10:00:00Z',
    suspectEntity: [{ instance: { reference: `MedicationStatement/${id.ms}` } }] });
  // A report of this organisation naming another organisation's Observation (written by the system, which sees every row).
  await make('dr', { resourceType: 'DiagnosticReport', status: 'final', code: concept('http://loinc.org', '24323-8'), subject: subject('p'),
    result: [{ reference: `Observation/${id.hr}` }, { reference: `Observation/${id.hrOther}` }] });
  await make('device', { resourceType: 'Device', patient: subject('p'), identifier: [{ system: 'https://hub.example.org/devices', value: 'inc-1' }] });
});
afterAll(async () => { await ctx?.close(); });

async function search(url: string, user = 'test-ccm') {
  const res = await fhir(ctx, user, 'GET', url);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const nameOf = (resourceId: string) => Object.keys(id).find((k) => id[k] === resourceId);
/** The entries as `mode:name`, sorted. */
const entries = async (url: string, user?: string) =>
  ((await search(url, user)).entry ?? []).map((e: any) => `${e.search.mode}:${nameOf(e.resource.id)}`).sort();

describe('FHIR _include', () => {
  it.each([
    ['Observation', 'hr', 'Observation:subject', 'p'],
    ['Condition', 'cond', 'Condition:subject', 'p'],
    ['QuestionnaireResponse', 'qr', 'QuestionnaireResponse:subject', 'p'],
    ['ResearchSubject', 'rs', 'ResearchSubject:individual', 'p'],
    ['AdverseEvent', 'ae', 'AdverseEvent:suspectEntity', 'ms'],
    ['AdverseEvent', 'ae', 'AdverseEvent:substance:MedicationStatement', 'ms'],
  ])('%s?_include=%s adds what the matches reference, search mode include', async (type, match, include, included) => {
    expect(await entries(`${type}?_id=${id[match]}&_include=${include}`)).toEqual([`include:${included}`, `match:${match}`]);
  });

  it('never includes what the caller cannot see: another organisation\'s rows, types its role may not read', async () => {
    expect(await entries(`DiagnosticReport?_id=${id.dr}&_include=DiagnosticReport:result`)).toEqual(['include:hr', 'match:dr']);
    // Tech reads Devices, not Patients.
    expect(await entries(`Device?_id=${id.device}&_include=Device:patient`, 'test-tech')).toEqual(['match:device']);
    expect(await entries(`Device?_id=${id.device}&_include=Device:patient`)).toEqual(['include:p', 'match:device']);
  });

  it('gives included resources absolute fullUrls, once each, after the matches, without counting them in the total', async () => {
    const bundle = await search(`Observation?subject=${id.p}&_include=Observation:subject&_include=Observation:patient`);
    expect(bundle.total).toBe(1);
    expect(bundle.entry.map((e: any) => e.search.mode)).toEqual(['match', 'include']);
    expect(bundle.entry[1].fullUrl).toBe(`http://geria.test/fhir/Patient/${id.p}`);
  });

  it.each([
    'Observation?_include=Patient:subject',
    'Observation?_include=Observation:code',
    'Observation?_include=Observation:subject:Device',
    'Patient?_revinclude=DiagnosticReport:result',
    'Observation?_include=*',
  ])('refuses %s with 400', async (url) => {
    const res = await fhir(ctx, 'test-ccm', 'GET', url);
    expect(res.status).toBe(400);
    expect(res.body.issue[0].expression[0]).toMatch(/^_(rev)?include/);
  });
});

describe('FHIR _revinclude', () => {
  it('adds the Observations, Conditions, QuestionnaireResponses and ResearchSubjects about the matched Patients', async () => {
    const url = `Patient?_id=${id.p}&_revinclude=Observation:subject&_revinclude=Condition:subject&_revinclude=QuestionnaireResponse:subject&_revinclude=ResearchSubject:individual`;
    expect(await entries(url)).toEqual(['include:cond', 'include:hr', 'include:qr', 'include:rs', 'match:p']);
  });

  it('follows DiagnosticReport:result and AdverseEvent:suspectEntity backwards', async () => {
    expect(await entries(`Observation?_id=${id.hr}&_revinclude=DiagnosticReport:result`)).toEqual(['include:dr', 'match:hr']);
    expect(await entries(`MedicationStatement?_id=${id.ms}&_revinclude=AdverseEvent:suspectEntity`)).toEqual(['include:ae', 'match:ms']);
  });

  it('stays within the caller\'s organisation', async () => {
    // The report naming other-ccm's Observation belongs to the test organisation: other-ccm does not get it.
    expect(await entries(`Observation?_id=${id.hrOther}&_revinclude=DiagnosticReport:result`, 'other-ccm')).toEqual(['match:hrOther']);
    expect(await entries(`Patient?_id=${id.p}&_revinclude=Observation:subject`, 'other-ccm')).toEqual([]);
    expect(await entries(`Patient?_id=${id.pOther}&_revinclude=Observation:subject`, 'other-ccm')).toEqual(['include:hrOther', 'match:pOther']);
  });

  it('finds reports and events stored before their references were indexed (migration 111)', async () => {
    await sql`update fhir_resource set tokens = array(select t from unnest(tokens) t where t not like 'result%' and t not like 'substance%')
      where resource_type in ('DiagnosticReport', 'AdverseEvent')`.execute(ctx.db.kysely);
    expect(await entries(`Observation?_id=${id.hr}&_revinclude=DiagnosticReport:result`)).toEqual(['match:hr']);
    const migration = readFileSync(new URL('../db/migrations/111_fhir_include_references.sql', import.meta.url), 'utf8');
    await sql.raw(migration).execute(ctx.db.kysely);
    expect(await entries(`Observation?_id=${id.hr}&_revinclude=DiagnosticReport:result`)).toEqual(['include:dr', 'match:hr']);
    expect(await entries(`MedicationStatement?_id=${id.ms}&_revinclude=AdverseEvent:substance`)).toEqual(['include:ae', 'match:ms']);
    const [dr] = (await sql<{ tokens: string[] }>`select tokens from fhir_resource where id = ${id.dr}`.execute(ctx.db.kysely)).rows;
    expect(dr.tokens).toEqual(expect.arrayContaining(['result', `result=Observation/${id.hr}`, `result=Observation/${id.hrOther}`]));
  });

  it('counts what it included in the read audit, as reads of the participant', async () => {
    const participant = await createParticipant(ctx);
    await system.create(observation(participant));
    const bundle = await search(`Patient?_id=${participant}&_revinclude=Observation:subject&_revinclude=ResearchSubject:individual`);
    const answered = bundle.entry.length;
    expect(answered).toBeGreaterThanOrEqual(3);
    await ctx.app.readAudits.flush();
    const [entry] = await ctx.db.kysely.selectFrom('audit_event').select(['details']).where('action', '=', 'read.fhirSearch').where('entity_id', '=', participant).execute();
    expect(entry.details).toMatchObject({ resourceType: 'Patient', parameters: ['_id', '_revinclude'], count: answered });
  });

  it('is declared in the CapabilityStatement', async () => {
    const capability = (await fhir(ctx, 'test-ccm', 'GET', 'metadata')).body;
    const of = (type: string) => capability.rest[0].resource.find((r: any) => r.type === type);
    expect(of('Observation').searchInclude).toEqual(expect.arrayContaining(['Observation:subject', 'Observation:patient', 'Observation:device']));
    expect(of('Patient').searchRevInclude).toEqual(expect.arrayContaining(['Observation:subject', 'Condition:subject', 'QuestionnaireResponse:subject', 'ResearchSubject:individual']));
    expect(of('Observation').searchRevInclude).toEqual(expect.arrayContaining(['DiagnosticReport:result']));
    expect(of('AdverseEvent').searchInclude).toEqual(expect.arrayContaining(['AdverseEvent:substance', 'AdverseEvent:suspectEntity']));
  });
});
