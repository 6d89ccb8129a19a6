import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../test/context.ts';
import { fhir, observation, OTHER_ORGID, patient } from '../test/fhir-fixtures.ts';
import { sessionUserFromClaims } from '@geria/domain';
import { FhirError, fhirService, type FhirClient } from './service.ts';

let ctx: TestContext;
let system: FhirClient;
const id: Record<string, string> = {};
let before: string;

const LOINC = 'http://loinc.org';
const VITALS = 'http://hl7.org/fhir/StructureDefinition/vitalsigns';
const concept = (system: string, code: string) => ({ coding: [{ system, code }] });

async function make(name: string, resource: Record<string, unknown>) {
  id[name] = (await system.create(resource)).id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  system = fhirService(ctx.db).withContext({ kind: 'system', name: 'search-test' });
  before = new Date(Date.now() - 1000).toISOString();
  await make('p1', patient(8, { gender: 'female', birthDate: '1948-05-17' }));
  await make('p2', patient(8, { gender: 'male', birthDate: '1960-01' }));
  await make('p3', patient(8, { gender: 'female', birthDate: '1935' }));
  await make('pOther', patient(OTHER_ORGID, { gender: 'female', birthDate: '1948-05-17' }));
  await make('e1', { resourceType: 'Encounter', status: 'finished', class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB' },
    subject: { reference: `Patient/${id.p1}` }, period: { start: '2024-03-01T09:00:00Z', end: '2024-03-01T12:00:00Z' } });
  await make('hr', observation(id.p1, { meta: { profile: [VITALS] }, encounter: { reference: `Encounter/${id.e1}` } }));
  await make('weight', observation(id.p1, { code: concept(LOINC, '29463-7'), effectiveDateTime: '2024-03-05', device: { reference: 'Device/scale-1' }, valueQuantity: { value: 70, unit: 'kg' } }));
  await make('bp', observation(id.p1, { code: concept(LOINC, '85354-9'), effectiveDateTime: '2024-04-10', valueQuantity: undefined }));
  await make('smoker', observation(id.p1, { code: concept('http://geria.example.org/codes', 'smoker'), effectiveDateTime: '2023-12-31T23:30:00Z', valueQuantity: undefined, valueBoolean: false }));
  await make('hr2', observation(id.p2, { effectiveDateTime: '2024-03-01T11:00:00Z' }));
  await make('hrOther', observation(id.pOther));
  await make('cond', { resourceType: 'Condition', subject: { reference: `Patient/${id.p1}` }, encounter: { reference: `Encounter/${id.e1}` },
    code: concept('http://snomed.info/sct', '38341003'), onsetDateTime: '2020-06',
    clinicalStatus: concept('http://terminology.hl7.org/CodeSystem/condition-clinical', 'active'),
    verificationStatus: concept('http://terminology.hl7.org/CodeSystem/condition-ver-status', 'confirmed') });
  await make('qr', { resourceType: 'QuestionnaireResponse', status: 'completed', questionnaire: 'http://geria.example.org/Questionnaire/moca|1.0',
    subject: { reference: `Patient/${id.p1}` }, encounter: { reference: `Encounter/${id.e1}` }, authored: '2024-03-02T08:00:00Z' });
  await make('rs1', { resourceType: 'ResearchSubject', status: 'on-study', study: { reference: 'ResearchStudy/geria' }, individual: { reference: `Patient/${id.p1}` } });
  await make('rs2', { resourceType: 'ResearchSubject', status: 'withdrawn', study: { reference: 'ResearchStudy/geria' }, individual: { reference: `Patient/${id.p2}` } });
  await make('dr', { resourceType: 'DiagnosticReport', status: 'final', code: concept(LOINC, '24323-8'), subject: { reference: `Patient/${id.p1}` }, effectiveDateTime: '2024-02-01' });
  await make('ms', { resourceType: 'MedicationStatement', status: 'active', medicationCodeableConcept: { text: 'Ramipril' }, subject: { reference: `Patient/${id.p1}` },
    effectivePeriod: { start: '2024-01-15' } });
  await make('ae', { resourceType: 'AdverseEvent', actuality: 'actual', subject: { reference: `Patient/${id.p1}` }, date: '2024-05-01T10:00:00Z' });
});
afterAll(async () => { await ctx?.close(); });

async function search(url: string, user = 'test-ccm') {
  const res = await fhir(ctx, user, 'GET', url);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const names = (bundle: any) => bundle.entry.map((e: any) => Object.keys(id).find((k) => id[k] === e.resource.id)).sort();
const find = async (url: string, user?: string) => names(await search(url, user));

describe('FHIR search: common parameters', () => {
  it('finds by _id, with comma-separated alternatives', async () => {
    expect(await find(`Patient?_id=${id.p1}`)).toEqual(['p1']);
    expect(await find(`Patient?_id=${id.p1},${id.p2}`)).toEqual(['p1', 'p2']);
  });

  it('finds by _lastUpdated with prefixes', async () => {
    expect(await find(`Patient?_lastUpdated=ge${before}`)).toEqual(['p1', 'p2', 'p3']);
    expect(await find(`Patient?_lastUpdated=lt${before}`)).toEqual([]);
  });

  it('finds by _profile', async () => {
    // hr declares the base profile itself; the weight, its value not the UCUM quantity bodyweight takes, gets it from the server (rules/vital-signs.ts).
    expect(await find(`Observation?_profile=${encodeURIComponent(VITALS)}`)).toEqual(['hr', 'weight']);
    expect(await find(`Observation?_profile=${encodeURIComponent('http://hl7.org/fhir/StructureDefinition/heartrate')}`)).toEqual(['hr', 'hr2']);
  });

  it('answers only the total for _count=0, and omits it for _total=none', async () => {
    const counted = await search(`Observation?subject=${id.p1}&_count=0`);
    expect(counted.total).toBe(4);
    expect(counted.entry).toEqual([]);
    const noTotal = await search(`Observation?subject=${id.p1}&_count=1&_total=none`);
    expect(noTotal.total).toBeUndefined();
    expect(noTotal.entry).toHaveLength(1);
  });

  it('pages with _count and links self, first, and next and previous by cursor', async () => {
    const first = await search(`Observation?subject=Patient/${id.p1}&_sort=date&_count=3`);
    expect(first.total).toBe(4);
    expect(names(first)).toEqual(['bp', 'hr', 'smoker', 'weight'].filter((n) => n !== 'bp'));
    const next = first.link.find((l: any) => l.relation === 'next').url;
    expect(first.link.find((l: any) => l.relation === 'self').url).toContain('_offset=0');
    expect(first.link.find((l: any) => l.relation === 'previous')).toBeUndefined();
    expect(next).toContain('_cursor=');
    const second = await search(next.slice(next.indexOf('/fhir/') + 6));
    expect(names(second)).toEqual(['bp']);
    const previous = second.link.find((l: any) => l.relation === 'previous').url;
    expect(names(await search(previous.slice(previous.indexOf('/fhir/') + 6)))).toEqual(names(first));
    expect(second.link.find((l: any) => l.relation === 'next')).toBeUndefined();
    expect(second.link.find((l: any) => l.relation === 'first').url).not.toMatch(/_offset|_cursor/);
  });

  it('tells the total on a full page, a later page, a page past the end and without rows', async () => {
    const total = async (query: string) => (await search(`Observation?subject=Patient/${id.p1}&${query}`)).total;
    expect(await total('_count=2')).toBe(4);
    expect(await total('_count=2&_offset=2')).toBe(4);
    expect(await total('_count=2&_offset=3')).toBe(4);
    expect(await total('_count=2&_offset=10')).toBe(4);
    expect(await total('_count=0')).toBe(4);
    expect(await total('_count=2&code=nothing-like-it')).toBe(0);
    expect(await total('_count=2&_offset=4&code=nothing-like-it')).toBe(0);
  });

  it('sorts by date, -date, birthdate and _lastUpdated', async () => {
    const order = async (url: string) => (await search(url)).entry.map((e: any) => Object.keys(id).find((k) => id[k] === e.resource.id));
    expect(await order(`Observation?subject=${id.p1}&_sort=date`)).toEqual(['smoker', 'hr', 'weight', 'bp']);
    expect(await order(`Observation?subject=${id.p1}&_sort=-date`)).toEqual(['bp', 'weight', 'hr', 'smoker']);
    expect(await order('Patient?_sort=birthdate')).toEqual(['p3', 'p1', 'p2']);
    expect(await order('Patient?_sort=-_lastUpdated')).toEqual(['p3', 'p2', 'p1']);
  });
});

describe('FHIR search: type parameters', () => {
  it('Patient by birthdate (partial dates, prefixes) and gender (OR values)', async () => {
    expect(await find('Patient?birthdate=1948')).toEqual(['p1']);
    expect(await find('Patient?birthdate=1948-05-17')).toEqual(['p1']);
    expect(await find('Patient?birthdate=lt1950')).toEqual(['p1', 'p3']);
    expect(await find('Patient?birthdate=ge1960-01-15')).toEqual(['p2']);
    expect(await find('Patient?birthdate=ge1940&birthdate=le1960')).toEqual(['p1', 'p2']);
    expect(await find('Patient?gender=female')).toEqual(['p1', 'p3']);
    expect(await find('Patient?gender=male,female')).toEqual(['p1', 'p2', 'p3']);
    expect(await find('Patient?gender=http://hl7.org/fhir/administrative-gender|male')).toEqual(['p2']);
  });

  it('Observation by subject or patient, and code with or without system', async () => {
    expect(await find(`Observation?subject=Patient/${id.p1}`)).toEqual(['bp', 'hr', 'smoker', 'weight']);
    expect(await find(`Observation?patient=${id.p2}`)).toEqual(['hr2']);
    expect(await find(`Observation?subject=Group/${id.p1}`)).toEqual([]);
    expect(await find(`Observation?subject=${id.p1}&code=8867-4`)).toEqual(['hr']);
    expect(await find(`Observation?subject=${id.p1}&code=${LOINC}|8867-4`)).toEqual(['hr']);
    expect(await find(`Observation?subject=${id.p1}&code=http://snomed.info/sct|8867-4`)).toEqual([]);
    expect(await find(`Observation?subject=${id.p1}&code=8867-4,29463-7`)).toEqual(['hr', 'weight']);
    expect(await find(`Observation?subject=${id.p1}&code=${LOINC}|`)).toEqual(['bp', 'hr', 'weight']);
    expect(await find('Observation?code=8867-4')).toEqual(['hr', 'hr2']);
  });

  it('Observation by encounter and device:missing', async () => {
    expect(await find(`Observation?encounter=Encounter/${id.e1}`)).toEqual(['hr']);
    expect(await find(`Observation?encounter=${id.e1}&subject=${id.p1}`)).toEqual(['hr']);
    expect(await find(`Observation?subject=${id.p1}&device:missing=false`)).toEqual(['weight']);
    expect(await find(`Observation?subject=${id.p1}&device:missing=true`)).toEqual(['bp', 'hr', 'smoker']);
    expect(await find(`Observation?subject=${id.p1}&device=Device/scale-1`)).toEqual(['weight']);
  });

  it('Observation by date with every prefix and partial dates', async () => {
    const p = `Observation?subject=${id.p1}`;
    expect(await find(`${p}&date=2024-03`)).toEqual(['hr', 'weight']);
    expect(await find(`${p}&date=eq2024-03-01`)).toEqual(['hr']);
    expect(await find(`${p}&date=ne2024-03-01`)).toEqual(['bp', 'smoker', 'weight']);
    expect(await find(`${p}&date=ge2024-03-01&date=lt2024-03-02`)).toEqual(['hr']);
    expect(await find(`${p}&date=gt2024-03-05`)).toEqual(['bp']);
    expect(await find(`${p}&date=ge2024-03-05`)).toEqual(['bp', 'weight']);
    expect(await find(`${p}&date=le2024-01`)).toEqual(['smoker']);
    expect(await find(`${p}&date=lt2023-12-31T23:30:00Z`)).toEqual([]);
    expect(await find(`${p}&date=le2023-12-31T23:30:00Z`)).toEqual(['smoker']);
    expect(await find(`${p}&date=ge2024-01-01T00:30:00%2B01:00&date=lt2024-01-01`)).toEqual(['smoker']);
    expect(await find('Encounter?date=ge2024-03-01T11:00:00Z&date=lt2024-03-01T10:00:00Z')).toEqual(['e1']);
  });

  it('Observation by subject, code and date together', async () => {
    expect(await find(`Observation?subject=${id.p1}&code=${LOINC}|8867-4&date=ge2024-01-01`)).toEqual(['hr']);
    expect(await find(`Observation?subject=${id.p1}&code=${LOINC}|8867-4&date=ge2024-03-02`)).toEqual([]);
  });

  it('Condition by subject, encounter, onset-date and code', async () => {
    expect(await find(`Condition?subject=${id.p1}&encounter=${id.e1}`)).toEqual(['cond']);
    expect(await find('Condition?onset-date=2020')).toEqual(['cond']);
    expect(await find('Condition?onset-date=ge2020-07-01')).toEqual([]);
    expect(await find('Condition?code=http://snomed.info/sct|38341003')).toEqual(['cond']);
    expect((await search(`Condition?encounter=${id.e1}&subject=${id.p1}&_count=0`)).total).toBe(1);
  });

  it('QuestionnaireResponse by subject, questionnaire, encounter and authored', async () => {
    expect(await find(`QuestionnaireResponse?subject=${id.p1}`)).toEqual(['qr']);
    expect(await find('QuestionnaireResponse?questionnaire=http://geria.example.org/Questionnaire/moca')).toEqual(['qr']);
    expect(await find('QuestionnaireResponse?questionnaire=http://geria.example.org/Questionnaire/moca|1.0')).toEqual(['qr']);
    expect(await find('QuestionnaireResponse?questionnaire=http://geria.example.org/Questionnaire/gds')).toEqual([]);
    expect(await find(`QuestionnaireResponse?encounter=${id.e1}&authored=2024-03-02`)).toEqual(['qr']);
    expect(await find('QuestionnaireResponse?authored=lt2024-03-02')).toEqual([]);
  });

  it('Encounter by subject and date (its period)', async () => {
    expect(await find(`Encounter?subject=${id.p1}`)).toEqual(['e1']);
    expect(await find('Encounter?date=2024-03-01')).toEqual(['e1']);
    expect(await find('Encounter?date=ge2024-03-01T11:00:00Z')).toEqual(['e1']);
    expect(await find('Encounter?date=ge2024-03-02')).toEqual([]);
  });

  it('ResearchSubject by individual and status', async () => {
    expect(await find(`ResearchSubject?individual=${id.p1}`)).toEqual(['rs1']);
    expect(await find('ResearchSubject?status=on-study')).toEqual(['rs1']);
    expect(await find('ResearchSubject?status=on-study,withdrawn')).toEqual(['rs1', 'rs2']);
  });

  it('DiagnosticReport, MedicationStatement and AdverseEvent by subject and date', async () => {
    expect(await find(`DiagnosticReport?subject=${id.p1}&date=2024-02`)).toEqual(['dr']);
    expect(await find(`MedicationStatement?subject=${id.p1}&date=ge2025-01-01`)).toEqual(['ms']);
    expect(await find(`MedicationStatement?subject=${id.p1}&effective=lt2024-01-15`)).toEqual([]);
    expect(await find(`AdverseEvent?subject=${id.p1}&date=2024-05-01`)).toEqual(['ae']);
    expect(await find(`AdverseEvent?subject=${id.p2}`)).toEqual([]);
  });
});

describe('FHIR search: errors and scoping', () => {
  it.each([
    ['Observation?colour=blue', 'colour'],
    ['Observation?code:text=heart', 'code:text'],
    ['Observation?date=2024-13-01', 'date'],
    ['Observation?date=sa2024', 'date'],
    ['Observation?_count=-1', '_count'],
    ['Observation?_offset=99999999999999999999', '_offset'],
    ['Observation?_sort=colour', '_sort'],
    ['Observation?_total=maybe', '_total'],
    ['Observation?device:missing=perhaps', 'device:missing'],
    ['Patient?birthdate:missing=true', 'birthdate:missing'],
    ['Observation?_include=Observation:colour', '_include'],
    ['Observation?_include:iterate=Observation:subject', '_include:iterate'],
  ])('rejects %s with a 400 OperationOutcome (strict)', async (url, expression) => {
    const res = await fhir(ctx, 'test-ccm', 'GET', url, undefined, { prefer: 'handling=strict' });
    expect(res.status).toBe(400);
    expect(res.body.resourceType).toBe('OperationOutcome');
    expect(res.body.issue[0].expression).toEqual([expression]);
  });

  it('never returns another organisation\'s rows', async () => {
    expect(await find('Observation?code=8867-4')).toEqual(['hr', 'hr2']);
    expect(await find('Observation?code=8867-4', 'other-ccm')).toEqual(['hrOther']);
    expect(await find('Patient?birthdate=1948-05-17', 'other-ccm')).toEqual(['pOther']);
    expect((await search(`Observation?subject=${id.p1}&_count=0`, 'other-ccm')).total).toBe(0);
    expect((await search('Patient?_count=0')).total).toBe(3);
  });
});

describe('FHIR searchMany', () => {
  const ccm = sessionUserFromClaims({ sub: 'u1', preferred_username: 'test-ccm', organisation: 'MIL-GER', realm_access: { roles: ['CCM'] } });
  const searches = (): [string, Record<string, string>][] => [
    ['Observation', { subject: `Patient/${id.p1}`, _sort: '-date' }],
    ['Observation', { subject: `Patient/${id.p1}`, _sort: 'date', _count: '2', _offset: '1' }],
    ['Observation', { code: `${LOINC}|8867-4` }],
    ['Patient', { _id: `${id.p1},${id.pOther}` }],
    ['QuestionnaireResponse', { subject: `Patient/${id.p1}`, _sort: '-authored' }],
    ['Condition', { subject: `Patient/${id.p2}` }],
    ['Encounter', { subject: `Patient/${id.p1}`, _count: '0' }],
  ];

  it('answers each search\'s page in one statement, in the order and scope search gives it', async () => {
    for (const client of [system, fhirService(ctx.db).withContext({ kind: 'user', user: ccm })]) {
      const many = await client.searchMany(searches());
      const one = await Promise.all(searches().map(async ([type, input]) => (await client.search(type, input)).entry?.map((e) => e.resource) ?? []));
      expect(many).toEqual(one);
    }
    // The user's organisation hides the other one's Patient that the system sees.
    expect((await fhirService(ctx.db).withContext({ kind: 'user', user: ccm }).searchMany([['Patient', { _id: `${id.p1},${id.pOther}` }]]))[0].map((p) => p.id)).toEqual([id.p1]);
  });

  it('answers searchJson with search\'s Bundle (totals, links, paging, scope), the resources\' JSON unparsed', async () => {
    const client = fhirService(ctx.db).withContext({ kind: 'user', user: ccm });
    const paged: [string, Record<string, string>] = ['Observation', { subject: `Patient/${id.p1}`, _count: '1', _offset: '1', _total: 'accurate' }];
    for (const [type, input] of [...searches(), paged, ['Patient', { _id: 'none-such' }] as [string, Record<string, string>]]) {
      expect(JSON.parse(await client.searchJson(type, input))).toEqual(await client.search(type, input));
    }
  });

  it('gives decimals in searchJson exactly as stored, where a parse would round them', async () => {
    const subject = (await system.create(patient())).id;
    const precise = await system.create(observation(subject, { valueQuantity: { value: 72.1, unit: 'kg' } }));
    await ctx.db.kysely.updateTable('fhir_resource').set({ content: sql`jsonb_set(content, '{valueQuantity,value}', '72.10000000000000000001'::jsonb)` })
      .where('id', '=', precise.id).execute();
    const json = await system.searchJson('Observation', { subject: `Patient/${subject}` });
    expect(json).toContain('72.10000000000000000001');
    expect(JSON.parse(json).entry[0].resource.id).toBe(precise.id);
  });

  it('reads json values alongside the lists in the same statement, null where a subquery finds nothing', async () => {
    const client = fhirService(ctx.db).withContext({ kind: 'user', user: ccm });
    const { query, read } = client.searchManyAlongsideStatement(searches(), {
      pair: sql`select json_build_object('n', 1, 'at', '2024-03-01T09:00:00Z'::timestamptz)`,
      none: sql`select row_to_json(x) from (select 1 as n where false) as x`,
    });
    const { lists, alongside } = await read(ctx.db.kysely, (await query.execute(ctx.db.kysely)).rows[0]);
    expect(lists).toEqual(await client.searchMany(searches()));
    expect(alongside.pair).toEqual({ n: 1, at: expect.stringMatching(/^2024-03-01T09:00:00(\.0+)?(Z|\+00:00)$/) });
    expect(alongside.none).toBeNull();
  });

  it('refuses a type the caller may not read, as search does', async () => {
    const auditor = sessionUserFromClaims({ sub: 'u2', preferred_username: 'test-auditor', organisation: 'MIL-GER', realm_access: { roles: ['Auditor'] } });
    const client = fhirService(ctx.db).withContext({ kind: 'user', user: auditor });
    const viaSearch = await client.search('Observation', {}).catch((e: unknown) => e);
    const viaMany = await client.searchMany([['Observation', {}]]).catch((e: unknown) => e);
    expect(viaSearch).toBeInstanceOf(FhirError);
    expect(viaMany).toEqual(viaSearch);
  });
});
