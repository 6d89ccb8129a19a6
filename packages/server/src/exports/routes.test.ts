import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { strFromU8, unzipSync } from 'fflate';
import { parquetReadObjects } from 'hyparquet';
import { parseCsv } from '@geria/domain/cli/csv.ts';
import { assessmentEncounter } from '@geria/domain/rules/assessment-encounter.ts';
import { PROFILING_QUESTIONNAIRE, profilingResponseItems } from '@geria/domain/rules/assessment-profiling.ts';
import { STUDY_ID_PATTERN } from '@geria/domain/exports/index.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createParticipant } from '../participants/test-helpers.ts';
import { addResponse, setPatient, system } from '../assessments/test-helpers.ts';
import { claimNextExport, deleteExpiredFiles, drainExports, executeExport, failOrphanExports } from './runner.ts';

let ctx: TestContext;
const ids: string[] = [];
let restricted: string;

const inject = async (username: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: await ctx.as(username), ...(payload !== undefined && { payload: payload as object }) });

const phq9 = (first: number) => Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`phq9-${i + 1}`, i === 0 ? first : 1]));

async function assessment(patient: string, number: number, start: string) {
  return (await system(ctx).create(assessmentEncounter({ patient, number, start, author: { username: 'test-ccm', name: 'Test' } }))).resource!.id!;
}

beforeAll(async () => {
  ctx = await createTestContext();
  for (const [i, birthDate] of ['1950-04-02', '1941-07-30', '1938-01-15'].entries()) {
    const id = await createParticipant(ctx, { firstName: `Export${i}`, lastName: 'Fixture', pilot: 2, ccmids: [] });
    ids.push(id);
    await setPatient(ctx, id, { birthDate, gender: i === 1 ? 'male' : 'female' });
    const e1 = await assessment(id, 1, '2026-01-10T09:00:00Z');
    const e2 = await assessment(id, 2, '2026-06-10T09:00:00Z');
    await system(ctx).create({
      resourceType: 'QuestionnaireResponse', questionnaire: PROFILING_QUESTIONNAIRE, status: 'completed', subject: { reference: `Patient/${id}` },
      encounter: { reference: `Encounter/${e1}` }, item: profilingResponseItems({ hearingLoss: i === 0, cardiovascular: true, frailty: false, cognitive: false, mental: false, balance: false, backPain: false }),
    });
    await addResponse(ctx, id, 'phq9', phq9(3), e1);
    await addResponse(ctx, id, 'phq9', phq9(0), e2);
    await system(ctx).create({
      resourceType: 'Observation', status: 'final', code: { coding: [{ system: 'http://loinc.org', code: '29463-7' }] }, subject: { reference: `Patient/${id}` },
      encounter: { reference: `Encounter/${e1}` }, effectiveDateTime: '2026-01-10T09:00:00Z', valueQuantity: { value: 70 + i, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' },
    });
  }
  // The third participant asked for the restriction of processing (GDPR art. 18): never exported.
  restricted = ids[2]!;
  await sql`update participant set processing_restricted = true where id = ${restricted}`.execute(ctx.db.kysely);
}, 120_000);
afterAll(async () => { await ctx?.close(); });

async function exportAndRun(params: Record<string, unknown>, username = 'test-expert') {
  const res = await inject(username, 'POST', '/api/v1/exports', params);
  expect(res.statusCode).toBe(201);
  expect(res.json()).toMatchObject({ state: 'queued', progress: 0, downloadable: false });
  await drainExports(ctx.db, 'test-worker');
  const done = await inject(username, 'GET', `/api/v1/exports/${res.json().id}`);
  return done.json();
}

async function download(id: string, username = 'test-expert') {
  const res = await inject(username, 'GET', `/api/v1/exports/${id}/download`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="geria-dataset-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.zip"$/);
  return { zip: res.rawPayload, files: unzipSync(new Uint8Array(res.rawPayload)) };
}

const csvObjects = (text: string) => {
  const [header, ...rows] = parseCsv(text);
  return rows.filter((r) => r.length > 1).map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]])));
};

describe('study dataset export', () => {
  it('exports the wide dataset as CSV and Parquet with its codebook and a README whose SHA-256s match, leaving out the restricted participant', async () => {
    const job = await exportAndRun({ pilots: [2], instruments: ['phq9'], clinicalSections: ['anthropometry'], language: 'it', birth: 'year' });
    expect(job).toMatchObject({ state: 'done', progress: 1, participants: 2, excluded: 1, rows: 2, downloadable: true, error: null });
    const { zip, files } = await download(job.id);
    expect(createHash('sha256').update(zip).digest('hex')).toBe(job.sha256);
    expect(Object.keys(files).sort()).toEqual(['README.txt', 'codebook.csv', 'codebook.html', 'data.csv', 'data.parquet']);

    const readme = strFromU8(files['README.txt']!);
    for (const name of ['codebook.csv', 'codebook.html', 'data.csv', 'data.parquet']) {
      const sha = createHash('sha256').update(files[name]!).digest('hex');
      expect(readme).toContain(`${sha}  ${name}  (${files[name]!.length} bytes)`);
    }
    expect(readme).toContain('(GDPR art. 18, 21): 1');
    expect(readme).toContain('Participants exported: 2');
    expect(readme).toMatch(/Geria version: +\d+\.\d+\.\d+/);

    const rows = csvObjects(strFromU8(files['data.csv']!));
    expect(rows).toHaveLength(2);
    const first = rows.find((r) => r.birth_year === '1950')!;
    expect(first).toMatchObject({
      pilot: '2', organisation: 'MIL-GER', gender: 'female', recruitment_status: 'pending', profiling_hearing_loss: 'true', profiling_cardiovascular: 'true',
      assessment_date_e1: '2026-01-10', assessment_date_e2: '2026-06-10', body_weight_e1: '70', body_weight_e2: '', phq9_1_e1: '3', phq9_1_e2: '0',
      phq9_total_e1: '11', phq9_band_e1: 'moderate', phq9_total_e2: '8', phq9_band_e2: 'mild',
    });
    expect(first.study_id).toMatch(STUDY_ID_PATTERN);
    const text = strFromU8(files['data.csv']!);
    for (const secret of ['Export0', 'Fixture', 'giulia.bianchi', '1234 5678', '1950-04-02', ids[0]!, restricted]) expect(text).not.toContain(secret);

    const parquet = await parquetReadObjects({ file: files['data.parquet']!.buffer.slice(files['data.parquet']!.byteOffset, files['data.parquet']!.byteOffset + files['data.parquet']!.byteLength) as ArrayBuffer });
    expect(parquet).toHaveLength(2);
    const p0 = parquet.find((r) => r.study_id === first.study_id)!;
    expect(p0).toMatchObject({ birth_year: 1950, phq9_total_e1: 11, body_weight_e1: 70, profiling_hearing_loss: true, assessment_date_e2: '2026-06-10' });

    const codebook = csvObjects(strFromU8(files['codebook.csv']!));
    expect(codebook.find((v) => v.variable === 'phq9_1')).toMatchObject({ level: 'encounter', type: 'integer', instrument: 'phq9', item: 'phq9-1' });
    expect(codebook.find((v) => v.variable === 'phq9_1')!.values).toContain('0=Per niente');
    expect(codebook.find((v) => v.variable === 'phq9_total')!.scoring_rule).toContain('da 0 a 27');
    expect(strFromU8(files['codebook.html']!)).toContain('<html lang="it">');
  });

  it('exports the long layout: one row per participant × assessment × variable, within the date range', async () => {
    const job = await exportAndRun({ pilots: [2], instruments: ['phq9'], layout: 'long', encounters: 'followUps', from: '2026-06-01', to: '2026-06-30' });
    expect(job).toMatchObject({ state: 'done', participants: 2, excluded: 1 });
    const { files } = await download(job.id);
    const rows = csvObjects(strFromU8(files['data.csv']!));
    expect(Object.keys(rows[0]!)).toEqual(['study_id', 'encounter', 'variable', 'value']);
    expect(new Set(rows.filter((r) => r.encounter).map((r) => r.encounter))).toEqual(new Set(['2']));
    expect(rows.filter((r) => r.variable === 'phq9_total').map((r) => r.value)).toEqual(['8', '8']);
    expect(rows.some((r) => r.variable === 'age_band' && r.value === '70-79')).toBe(true);
    const parquet = await parquetReadObjects({ file: new Uint8Array(files['data.parquet']!).buffer });
    expect(parquet).toHaveLength(rows.length);
  });

  it('adds the device daily summaries as a table of their own when asked, coded by measurement', async () => {
    await system(ctx).create({
      resourceType: 'Observation', status: 'final', code: { coding: [{ system: 'http://loinc.org', code: '41950-7' }] }, subject: { reference: `Patient/${ids[0]}` },
      device: { display: 'Activity tracker' }, effectiveDateTime: '2026-03-04T00:00:00Z', valueQuantity: { value: 4321, unit: '/d', system: 'http://unitsofmeasure.org', code: '/d' },
    });
    const job = await exportAndRun({ pilots: [2], deviceDaily: true, from: '2026-03-01', to: '2026-03-31' });
    const { files } = await download(job.id);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['device_daily.csv', 'device_daily.parquet']));
    const rows = csvObjects(strFromU8(files['device_daily.csv']!));
    expect(rows).toEqual([{ study_id: expect.stringMatching(STUDY_ID_PATTERN), day: '2026-03-04', measurement: 'steps', value: '4321', unit: '/d' }]);
    expect(strFromU8(files['README.txt']!)).toContain('device_daily.parquet');
    expect(csvObjects(strFromU8(files['codebook.csv']!)).find((v) => v.variable === 'measurement')).toMatchObject({ level: 'device' });
  });

  it('is for ClinicalExpert and Tester only, within their organisation', async () => {
    for (const username of ['test-ccm', 'test-auditor', 'test-tech', 'test-sysadmin']) {
      expect((await inject(username, 'POST', '/api/v1/exports', {})).statusCode).toBe(403);
      expect((await inject(username, 'GET', '/api/v1/exports')).statusCode).toBe(403);
    }
    const mine = await inject('test-tester', 'POST', '/api/v1/exports', {});
    expect(mine.statusCode).toBe(201);
    const id = mine.json().id as string;
    expect((await inject('other-expert', 'GET', `/api/v1/exports/${id}`)).statusCode).toBe(404);
    expect((await inject('other-expert', 'POST', `/api/v1/exports/${id}/cancel`)).statusCode).toBe(404);
    expect((await inject('other-expert', 'GET', `/api/v1/exports/${id}/download`)).statusCode).toBe(404);
    expect((await inject('other-expert', 'GET', '/api/v1/exports')).json().exports.map((e: { id: string }) => e.id)).not.toContain(id);
    expect((await inject('test-expert', 'GET', '/api/v1/exports')).json().exports.map((e: { id: string }) => e.id)).toContain(id);
    await drainExports(ctx.db, 'test-worker');
  });

  it('refuses bad parameters field by field', async () => {
    const res = await inject('test-expert', 'POST', '/api/v1/exports', { layout: 'diagonal', instruments: ['nope'], names: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('errors.validation');
    expect((await inject('test-expert', 'GET', '/api/v1/exports/not-a-uuid')).statusCode).toBe(400);
  });

  it('cancels a queued export at once and a running one at its next batch, keeping no file', async () => {
    const queued = (await inject('test-expert', 'POST', '/api/v1/exports', {})).json();
    const cancelled = await inject('test-expert', 'POST', `/api/v1/exports/${queued.id}/cancel`);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', downloadable: false });
    expect((await inject('test-expert', 'POST', `/api/v1/exports/${queued.id}/cancel`)).statusCode).toBe(409);

    const running = (await inject('test-expert', 'POST', '/api/v1/exports', { instruments: ['phq9'] })).json();
    const job = (await claimNextExport(ctx.db, 'test-worker'))!;
    expect(job.id).toBe(running.id);
    expect((await inject('test-expert', 'POST', `/api/v1/exports/${running.id}/cancel`)).json()).toMatchObject({ state: 'running', cancelRequested: true });
    await executeExport(ctx.db, job);
    expect((await inject('test-expert', 'GET', `/api/v1/exports/${running.id}`)).json()).toMatchObject({ state: 'cancelled', downloadable: false });
    expect((await inject('test-expert', 'GET', `/api/v1/exports/${running.id}/download`)).statusCode).toBe(409);
    const chunks = await ctx.db.kysely.selectFrom('dataset_export_chunk').select('seq').where('export_id', '=', running.id).execute();
    expect(chunks).toEqual([]);
  });

  it('fails an export whose worker is gone, and deletes the file when the retention period ends', async () => {
    const lost = (await inject('test-expert', 'POST', '/api/v1/exports', {})).json();
    await claimNextExport(ctx.db, 'gone-worker');
    expect(await failOrphanExports(ctx.db, 0)).toBe(1);
    expect((await inject('test-expert', 'GET', `/api/v1/exports/${lost.id}`)).json()).toMatchObject({ state: 'failed', error: { code: 'exports.errors.workerLost' } });

    const job = await exportAndRun({});
    expect(job.expiresAt).not.toBeNull();
    expect(new Date(job.expiresAt).getTime() - new Date(job.finishedAt).getTime()).toBe(7 * 86_400_000);
    await deleteExpiredFiles(ctx.db, new Date(new Date(job.expiresAt).getTime() + 1000));
    expect((await inject('test-expert', 'GET', `/api/v1/exports/${job.id}`)).json()).toMatchObject({ state: 'done', downloadable: false });
    expect((await inject('test-expert', 'GET', `/api/v1/exports/${job.id}/download`)).statusCode).toBe(409);
  });

  it('audits who asked for which export, who cancelled and who downloaded it', async () => {
    const job = await exportAndRun({ instruments: ['phq9'] }, 'test-tester');
    await download(job.id, 'test-expert');
    const audit = await ctx.db.kysely.selectFrom('audit_event').select(['action', 'actor', 'after']).where('entity_type', '=', 'DatasetExport').where('entity_id', '=', job.id).orderBy('id').execute();
    expect(audit.map((a) => [a.action, a.actor])).toEqual([['datasetExport.create', 'test-tester'], ['datasetExport.download', 'test-expert']]);
    expect(JSON.stringify(audit[0]!.after)).toContain('phq9');
  });
});
