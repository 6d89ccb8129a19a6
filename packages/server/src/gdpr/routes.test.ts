import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { strFromU8, unzipSync } from 'fflate';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createParticipant } from '../participants/test-helpers.ts';
import { outboxMailer } from '../mail/outbox.ts';
import { deliverDueEmails } from '../interventions/deliveries.ts';
import { recordAudit } from '../audit/service.ts';
import { fhirService } from '../fhir/service.ts';
import { observation } from '../test/fhir-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const inject = async (username: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, language = 'en') =>
  ctx.app.inject({ method, url, headers: { ...await ctx.as(username), 'accept-language': language }, ...(payload !== undefined && { payload: payload as object }) });

/** A participant with a device, an external id, a medication and a female Patient. */
async function richParticipant() {
  const marker = Math.random().toString(36).slice(2, 10);
  const id = await createParticipant(ctx, { firstName: 'Erminia', lastName: `Zanardelli${marker}` });
  const device = await inject('test-ccm', 'POST', `/api/v1/participant/${id}/device`, { type: 'smartwatch', serial: `G-${id}` });
  expect(device.statusCode).toBe(201);
  expect((await inject('test-ccm', 'POST', `/api/v1/participant/${id}/medication`, { substance: `Levothyroxine-${marker}` })).statusCode).toBe(201);
  const patient = (await inject('test-ccm', 'GET', `/fhir/Patient/${id}`)).json();
  expect((await inject('test-ccm', 'PUT', `/fhir/Patient/${id}`, { ...patient, gender: 'female' })).statusCode).toBe(200);
  // A BMI, which the Home statistics index outside the FHIR store.
  const bmi = await inject('test-ccm', 'POST', '/fhir/Observation', {
    resourceType: 'Observation', status: 'final', code: { coding: [{ system: 'http://loinc.org', code: '39156-5' }] }, subject: { reference: `Patient/${id}` },
    effectiveDateTime: '2026-10-01T10:00:00Z', valueQuantity: { value: 24.5, unit: 'kg/m2', system: 'http://unitsofmeasure.org', code: 'kg/m2' },
  });
  expect(bmi.statusCode).toBe(201);
  return { id, marker };
}

async function openRequest(participantId: string, right: number, username = 'test-ccm') {
  const res = await inject(username, 'POST', '/api/v1/GDPRRequest', { participantId, right, about: `Right ${right}`, description: 'Asked by letter' });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

describe('GDPR request lifecycle', () => {
  it('is created, edited, queued and closed, with every step in its log and audit', async () => {
    const participantId = await createParticipant(ctx);
    const id = await openRequest(participantId, 1);
    const edited = await inject('test-ccm', 'PUT', `/api/v1/GDPRRequest/${id}`, { right: 3, about: 'Rectify the phone number', description: 'Phone changed' });
    expect(edited.json()).toMatchObject({ right: 3, rightName: 'rectification', status: 'initiation' });
    expect((await inject('test-ccm', 'POST', `/api/v1/GDPRRequest/${id}/status`, { status: 'queued' })).json().status).toBe('queued');
    expect((await inject('test-ccm', 'POST', `/api/v1/GDPRRequest/${id}/status`, { status: 'closed' })).json().status).toBe('closed');
    const reopen = await inject('test-ccm', 'POST', `/api/v1/GDPRRequest/${id}/status`, { status: 'initiation' });
    expect(reopen.statusCode).toBe(409);
    expect((await inject('test-ccm', 'PUT', `/api/v1/GDPRRequest/${id}`, { right: 3, about: 'x' })).statusCode).toBe(422);
    const shown = await inject('test-auditor', 'GET', `/api/v1/GDPRRequest/${id}`);
    expect(shown.json().log.map((l: { step: string }) => l.step)).toEqual(['created', 'edited', 'queued', 'closed']);
    const audit = await ctx.db.kysely.selectFrom('audit_event').select('action').where('entity_type', '=', 'gdpr_request').where('entity_id', '=', id).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['gdpr.created', 'gdpr.edited', 'gdpr.queued', 'gdpr.closed']);
    const list = await inject('test-expert', 'GET', `/api/v1/GDPRRequests?status=closed&right=3&participantId=${participantId}`);
    expect(list.json()).toMatchObject({ total: 1, items: [{ id, status: 'closed' }] });
  });

  it('is read by every GDPR role of the organisation, acted on by all but the Auditor, hidden from other organisations', async () => {
    const participantId = await createParticipant(ctx);
    expect((await inject('test-auditor', 'POST', '/api/v1/GDPRRequest', { participantId, right: 2, about: 'x' })).statusCode).toBe(403);
    expect((await inject('test-tech', 'GET', '/api/v1/GDPRRequests')).statusCode).toBe(403);
    expect((await inject('other-ccm', 'POST', '/api/v1/GDPRRequest', { participantId, right: 2, about: 'x' })).statusCode).toBe(404);
    const id = await openRequest(participantId, 2, 'test-sysadmin');
    expect((await inject('test-auditor', 'GET', `/api/v1/GDPRRequest/${id}`)).statusCode).toBe(200);
    expect((await inject('test-auditor', 'POST', `/api/v1/GDPRRequest/${id}/execute`, { confirm: true })).statusCode).toBe(403);
    expect((await inject('other-ccm', 'GET', `/api/v1/GDPRRequest/${id}`)).statusCode).toBe(404);
    expect((await inject('other-ccm', 'GET', '/api/v1/GDPRRequests')).json().items.some((r: { id: string }) => r.id === id)).toBe(false);
    expect((await inject('test-ccm', 'GET', '/api/v1/GDPRRequest/1%20or%201=1')).statusCode).toBe(404);
    expect((await inject('test-ccm', 'POST', '/api/v1/GDPRRequest', { participantId, right: 9, about: 'x' })).statusCode).toBe(400);
  });
});

describe('GDPR files', () => {
  const upload = (id: string, fileName: string, mimeType: string, content: Buffer | string, username = 'test-ccm') =>
    inject(username, 'POST', `/api/v1/GDPRRequestFile/${id}`, { fileName, mimeType, content: Buffer.from(content).toString('base64') });

  it('stores an allowed file under a safe name, downloads it for the organisation only', async () => {
    const id = await openRequest(await createParticipant(ctx), 2);
    const res = await upload(id, '../../../etc/letter.pdf', 'application/pdf', '%PDF-1.4 signed request');
    expect(res.statusCode).toBe(201);
    const shown = (await inject('test-auditor', 'GET', `/api/v1/GDPRRequest/${id}`)).json();
    expect(shown.files).toMatchObject([{ fileName: 'letter.pdf', uploadStatus: 'uploaded', origin: 'uploaded', size: 23 }]);
    expect(shown.log.at(-1)).toMatchObject({ step: 'fileAttached', details: { fileName: 'letter.pdf' } });
    const download = await inject('test-auditor', 'GET', `/api/v1/GDPRRequestFile/${id}/${res.json().id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="letter.pdf"');
    expect(download.body).toBe('%PDF-1.4 signed request');
    expect((await inject('other-ccm', 'GET', `/api/v1/GDPRRequestFile/${id}/${res.json().id}`)).statusCode).toBe(404);
    expect((await inject('test-tech', 'GET', `/api/v1/GDPRRequestFile/${id}/${res.json().id}`)).statusCode).toBe(403);
    expect((await inject('test-ccm', 'GET', `/api/v1/GDPRRequestFile/${id}/..%2F..%2Fetc%2Fpasswd`)).statusCode).toBe(404);
  });

  it('refuses other types, a mismatched type, bad content, oversized files and the Auditor', async () => {
    const id = await openRequest(await createParticipant(ctx), 2);
    expect((await upload(id, 'run.exe', 'application/octet-stream', 'MZ')).json().error.code).toBe('gdpr.errors.fileType');
    expect((await upload(id, 'page.pdf', 'text/html', '<script>')).json().error.code).toBe('gdpr.errors.fileType');
    expect((await upload(id, '..', 'text/plain', 'x')).statusCode).toBe(400);
    const notBase64 = await inject('test-ccm', 'POST', `/api/v1/GDPRRequestFile/${id}`, { fileName: 'a.txt', mimeType: 'text/plain', content: '***' });
    expect(notBase64.json().error.code).toBe('gdpr.errors.fileContent');
    const big = await upload(id, 'big.txt', 'text/plain', Buffer.alloc(10 * 1024 * 1024 + 1, 97));
    expect(big.statusCode).toBe(400);
    expect((await upload(id, 'ok.txt', 'text/plain', 'fine', 'test-auditor')).statusCode).toBe(403);
    expect((await inject('test-ccm', 'GET', `/api/v1/GDPRRequest/${id}`)).json().files).toEqual([]);
  });

  it('refuses a declared type that is not in canonical allowed form, so no stored type can break a download', async () => {
    const id = await openRequest(await createParticipant(ctx), 2);
    const injected = await upload(id, 'note.txt', 'text/plain;\n<script>', 'hello');
    expect(injected.statusCode).toBe(400);
    expect(injected.json().error.code).toBe('gdpr.errors.fileType');
    expect((await upload(id, 'note.txt', 'text/plain; charset=utf-7', 'hello')).statusCode).toBe(400);
    const canonical = await upload(id, 'note.txt', 'Text/Plain ; Charset="UTF-8"', 'héllo');
    expect(canonical.statusCode).toBe(201);
    expect((await inject('test-ccm', 'GET', `/api/v1/GDPRRequest/${id}`)).json().files).toMatchObject([{ mimeType: 'text/plain; charset=utf-8' }]);
    const download = await inject('test-ccm', 'GET', `/api/v1/GDPRRequestFile/${id}/${canonical.json().id}`);
    expect(download.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('refuses content that is not what its type says: a Windows program named invoice.pdf is a 422', async () => {
    const id = await openRequest(await createParticipant(ctx), 2);
    const program = Buffer.alloc(512);
    program.write('MZ');
    program.writeUInt32LE(128, 0x3c);
    program.write('PE\0\0', 128, 'binary');
    const res = await inject('test-ccm', 'POST', `/api/v1/GDPRRequestFile/${id}`, { fileName: 'invoice.pdf', mimeType: 'application/pdf', content: program.toString('base64') }, 'it');
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'gdpr.errors.fileMismatch', message: expect.stringContaining('non corrisponde') });
    expect((await upload(id, 'scan.png', 'image/png', '%PDF-1.4')).statusCode).toBe(422);
    expect((await upload(id, 'data.json', 'application/json', '{"unclosed":')).statusCode).toBe(422);
    expect((await upload(id, 'list.csv', 'text/csv', program)).statusCode).toBe(422);
    expect((await inject('test-ccm', 'GET', `/api/v1/GDPRRequest/${id}`)).json().files).toEqual([]);
  });

  it('serves a file stored earlier with a malformed type as an inert download instead of failing', async () => {
    const id = await openRequest(await createParticipant(ctx), 2);
    const res = await upload(id, 'old.txt', 'text/plain', 'legacy');
    await ctx.db.kysely.updateTable('gdpr_request_file').set({ mime_type: 'text/plain;\n<script>' }).where('id', '=', res.json().id).execute();
    const download = await inject('test-ccm', 'GET', `/api/v1/GDPRRequestFile/${id}/${res.json().id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.body).toBe('legacy');
  });
});

describe('GDPR rights carried out', () => {
  it('access: zips the FHIR resources (Bundle and NDJSON) and the study record and devices as CSV, attached to the request', async () => {
    const { id: participantId } = await richParticipant();
    const id = await openRequest(participantId, 2);
    expect((await inject('test-ccm', 'POST', `/api/v1/GDPRRequest/${id}/execute`, {})).statusCode).toBe(400);
    const executed = await inject('test-ccm', 'POST', `/api/v1/GDPRRequest/${id}/execute`, { confirm: true });
    expect(executed.statusCode).toBe(200);
    expect(executed.json().outcome.exported).toMatchObject({ devices: 1 });
    const { files } = (await inject('test-ccm', 'GET', `/api/v1/GDPRRequest/${id}`)).json();
    expect(files).toMatchObject([{ origin: 'generated', mimeType: 'application/zip' }]);
    const download = await inject('test-ccm', 'GET', `/api/v1/GDPRRequestFile/${id}/${files[0].id}`);
    const zip = unzipSync(new Uint8Array(download.rawPayload));
    const bundle = JSON.parse(strFromU8(zip['fhir/bundle.json']));
    const types = bundle.entry.map((e: { resource: { resourceType: string } }) => e.resource.resourceType);
    expect(types).toEqual(expect.arrayContaining(['Patient', 'ResearchSubject', 'MedicationStatement']));
    expect(strFromU8(zip['fhir/ndjson/MedicationStatement.ndjson'])).toContain('Levothyroxine');
    expect(strFromU8(zip['study/participant.csv'])).toContain('Erminia');
    expect(strFromU8(zip['study/devices.csv'])).toContain(`G-${participantId}`);
    expect((await inject('test-ccm', 'POST', `/api/v1/GDPRRequest/${id}/execute`, { confirm: true })).statusCode).toBe(409);
  });

  it('access: also exports the recruitment decisions, intervention firings, notifications, e-mails and analysis results about the participant, and only theirs', async () => {
    const { id: participantId, marker } = await richParticipant();
    const otherId = await createParticipant(ctx);
    const rule = await inject('test-ccm', 'POST', '/api/v1/interventions/rules', {
      name: `HR ${marker}`, type: 'heartRate', target: { kind: 'participant', participantId }, priority: 'high', channels: ['app', 'managers'],
      thresholds: { optimalLow: 60, optimalHigh: 100, extremeLow: 40, extremeHigh: 130 }, app: 'geria', language: 'en', message: 'HR {{value}}',
    });
    expect(rule.statusCode).toBe(201);
    expect((await inject('test-ccm', 'POST', '/fhir/Observation', {
      resourceType: 'Observation', status: 'final', code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] }, subject: { reference: `Patient/${participantId}` },
      effectiveDateTime: '2026-10-02T10:00:00Z', valueQuantity: { value: 142, unit: '/min' },
    })).statusCode).toBe(201);
    await ctx.db.kysely.insertInto('recruitment_decision').values({ participant_id: participantId, from_status: 0, to_status: 1, reason: `Screened ${marker}`, risks: '[]', decided_by: 'test-ccm' }).execute();
    await ctx.db.kysely.insertInto('participant_notification').values([
      { participant_id: participantId, recipient: 'test-ccm', message: JSON.stringify({ code: 'notice', params: { marker } }) },
      { participant_id: otherId, recipient: 'test-ccm', message: JSON.stringify({ code: 'notice', params: { marker: 'someone else' } }) },
    ]).execute();
    const notebook = await ctx.db.kysely.insertInto('notebook').values({ name: 'N', owner: 'test-ccm', organisation: 'MIL-GER' }).returning('id').executeTakeFirstOrThrow();
    const analytic = await ctx.db.kysely.insertInto('analytic').values({ notebook_id: notebook.id, name: `Clusters ${marker}`, definition: '{}', owner: 'test-ccm', organisation: 'MIL-GER' })
      .returning('id').executeTakeFirstOrThrow();
    await ctx.db.kysely.insertInto('analytic_run').values({
      analytic_id: analytic.id, state: 'Completed', parameters: '{}', created_by: 'test-ccm',
      snapshot: JSON.stringify([{ participantId, scores: { moca: 21 } }, { participantId: otherId, scores: { moca: 30 } }]),
      result: JSON.stringify({ type: 'kmeans', points: [{ participantId, cluster: 2 }, { participantId: otherId, cluster: 1 }] }),
    }).execute();
    const id = await openRequest(participantId, 6);
    const executed = await inject('test-ccm', 'POST', `/api/v1/GDPRRequest/${id}/execute`, { confirm: true });
    expect(executed.json().outcome.exported).toMatchObject({ recruitmentDecisions: 1, interventionFirings: 1, notifications: 2, analyticsResults: 1 });
    const { files } = (await inject('test-ccm', 'GET', `/api/v1/GDPRRequest/${id}`)).json();
    const zip = unzipSync(new Uint8Array((await inject('test-ccm', 'GET', `/api/v1/GDPRRequestFile/${id}/${files[0].id}`)).rawPayload));
    expect(strFromU8(zip['study/recruitment-decisions.csv'])).toContain(`Screened ${marker}`);
    expect(strFromU8(zip['study/intervention-firings.csv'])).toMatch(new RegExp(`HR ${marker}.*142`));
    expect(strFromU8(zip['study/intervention-deliveries.csv'])).toContain('inbox');
    const notices = strFromU8(zip['study/notifications.csv']);
    expect(notices).toContain(marker);
    expect(notices).not.toContain('someone else');
    expect(JSON.parse(strFromU8(zip['study/analytics-results.json']))).toMatchObject([{
      analytic: `Clusters ${marker}`, state: 'Completed', input: [{ participantId, scores: { moca: 21 } }], result: [{ participantId, cluster: 2 }],
    }]);
    expect(strFromU8(zip['study/analytics-results.json'])).not.toContain(otherId);
  });

  it('closes the request once its right is carried out, the step in its log and audit', async () => {
    const participantId = await createParticipant(ctx);
    const id = await openRequest(participantId, 5);
    expect((await inject('test-ccm', 'POST', `/api/v1/GDPRRequest/${id}/status`, { status: 'queued' })).json().status).toBe('queued');
    const executed = await inject('test-ccm', 'POST', `/api/v1/GDPRRequest/${id}/execute`, { confirm: true });
    expect(executed.statusCode).toBe(200);
    expect(executed.json()).toMatchObject({ status: 'closed', executedBy: 'test-ccm' });
    const shown = (await inject('test-ccm', 'GET', `/api/v1/GDPRRequest/${id}`)).json();
    expect(shown.log.map((l: { step: string }) => l.step)).toEqual(['created', 'queued', 'executed', 'closed']);
    expect(shown.log.at(-1).details).toEqual({ from: 'queued', to: 'closed' });
    const audit = await ctx.db.kysely.selectFrom('audit_event').select('action').where('entity_type', '=', 'gdpr_request').where('entity_id', '=', id).orderBy('id').execute();
    expect(audit.map((a) => a.action).slice(-2)).toEqual(['gdpr.executed', 'gdpr.closed']);
    // The database holds the rule too: a carried-out request cannot be reopened behind the API's back.
    await expect(ctx.db.kysely.updateTable('gdpr_request').set({ status: 'initiation' }).where('id', '=', id).execute()).rejects.toThrow();
  });

  it('erasure: is confirmed with the participant\'s name or study code, never their id; a wrong one changes nothing (422)', async () => {
    const { id: participantId, marker } = await richParticipant();
    const code = `MIL-${marker}`;
    await ctx.db.kysely.updateTable('participant').set({ project_identifier: code }).where('id', '=', participantId).execute();
    const id = await openRequest(participantId, 4);
    const shown = (await inject('test-ccm', 'GET', `/api/v1/GDPRRequest/${id}`)).json();
    expect(shown).toMatchObject({ participantName: `Erminia Zanardelli${marker}`, studyCode: code });
    // The SysAdmin acts on requests without reading participants: the study code, not the name.
    expect((await inject('test-sysadmin', 'GET', `/api/v1/GDPRRequest/${id}`)).json()).toMatchObject({ participantName: null, studyCode: code });
    for (const confirmation of [undefined, participantId, 'Erminia']) {
      const refused = await inject('test-ccm', 'POST', `/api/v1/GDPRRequest/${id}/execute`, { confirm: true, ...(confirmation && { confirmation }) });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.code).toBe('gdpr.errors.confirmationMismatch');
    }
    expect((await inject('test-ccm', 'GET', `/api/v1/participant/${participantId}`)).statusCode).toBe(200);
    expect((await inject('test-ccm', 'GET', `/api/v1/GDPRRequest/${id}`)).json()).toMatchObject({ status: 'initiation', executedAt: null });
    const executed = await inject('test-sysadmin', 'POST', `/api/v1/GDPRRequest/${id}/execute`, { confirm: true, confirmation: code.toLowerCase() });
    expect(executed.statusCode).toBe(200);
    expect(executed.json()).toMatchObject({ status: 'closed' });
    expect((await inject('test-ccm', 'GET', `/api/v1/participant/${participantId}`)).statusCode).toBe(404);
  });

  it('erasure: removes the record and every clinical resource with its history in one go, keeps the trace, and the audit keeps no content', async () => {
    const { id: participantId, marker } = await richParticipant();
    // An intervention that fired for them: a firing, its deliveries, an inbox notice and e-mails naming the value.
    const rule = await inject('test-ccm', 'POST', '/api/v1/interventions/rules', {
      name: `HR ${marker}`, type: 'heartRate', target: { kind: 'participant', participantId }, priority: 'high', channels: ['app', 'managers', 'caregivers'],
      thresholds: { optimalLow: 60, optimalHigh: 100, extremeLow: 40, extremeHigh: 130 }, app: 'geria', language: 'en', message: 'HR {{value}}',
    });
    expect(rule.statusCode).toBe(201);
    expect((await inject('test-ccm', 'POST', '/fhir/Observation', {
      resourceType: 'Observation', status: 'final', code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] }, subject: { reference: `Patient/${participantId}` },
      effectiveDateTime: '2026-10-02T10:00:00Z', valueQuantity: { value: 142, unit: '/min' },
    })).statusCode).toBe(201);
    await deliverDueEmails(ctx.db, outboxMailer(ctx.db), new Date(Date.now() + 86_400_000));
    // A message kept before outbox rows named their participant, and one about someone else that stays.
    const otherId = '00000000-0000-4000-8000-00000000e4a5';
    await ctx.db.kysely.insertInto('mail_outbox').values([
      { recipient: 'old@example.org', subject: 'Geria intervention', body: `Fired for participant ${participantId} (150 /min)`, language: 'en', template: 'interventions.fired' },
      { recipient: 'old@example.org', subject: 'Geria intervention', body: `Fired for participant ${otherId} (150 /min)`, language: 'en', template: 'interventions.fired' },
    ]).execute();
    const mailed = await ctx.db.kysely.selectFrom('mail_outbox').select('id').where('participant_id', '=', participantId).execute();
    expect(mailed).toHaveLength(2);
    const access = await openRequest(participantId, 2);
    expect((await inject('test-ccm', 'POST', `/api/v1/GDPRRequest/${access}/execute`, { confirm: true })).statusCode).toBe(200);
    const id = await openRequest(participantId, 4);
    const executed = await inject('test-ccm', 'POST', `/api/v1/GDPRRequest/${id}/execute`, { confirm: true, confirmation: `erminia zanardelli${marker}` });
    expect(executed.statusCode).toBe(200);
    expect(executed.json().outcome.erased).toMatchObject({ studyRecord: 1, devices: 1, exports: 1, fhirResources: { Patient: 1, MedicationStatement: 1 } });
    expect(executed.json().outcome.erased).toMatchObject({
      interventionRules: 1, interventionFirings: 1, interventionDeliveries: 4, notifications: 1, mailOutbox: 3,
    });
    expect(await ctx.db.kysely.selectFrom('mail_outbox').select('id').where('body', 'like', `%${otherId}%`).execute()).toHaveLength(1);
    expect((await inject('test-ccm', 'GET', `/api/v1/interventions/rules/${rule.json().id}`)).statusCode).toBe(404);
    expect((await inject('test-ccm', 'GET', `/api/v1/GDPRRequest/${access}`)).json().files).toEqual([]);
    expect((await inject('test-ccm', 'GET', `/api/v1/participant/${participantId}`)).statusCode).toBe(404);
    const left = await sql<{ n: number }>`select
      (select count(*) from fhir_resource where patient_id = ${participantId} or id = ${participantId})
      + (select count(*) from fhir_history where id = ${participantId} or content::text like ${`%${participantId}%`})
      + (select count(*) from device where participant_id = ${participantId}::uuid) as n`.execute(ctx.db.kysely);
    expect(Number(left.rows[0].n)).toBe(0);
    const leaks = await sql<{ n: number }>`select count(*) as n from audit_event
      where coalesce(before::text, '') || coalesce(after::text, '') || coalesce(details::text, '') like ${`%${marker}%`}
         or coalesce(before::text, '') || coalesce(after::text, '') like ${`%${marker}%`}`.execute(ctx.db.kysely);
    expect(Number(leaks.rows[0].n)).toBe(0);
    // No table keeps the participant's id but the trace of the requests and the audit's entity ids.
    const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
        and table_name not in ('gdpr_request', 'gdpr_request_log', 'gdpr_request_file', 'audit_event', 'schema_migration')`.execute(ctx.db.kysely);
    for (const { name } of tables.rows) {
      const rows = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)} t where t::text like ${`%${participantId}%`}`.execute(ctx.db.kysely);
      expect(rows.rows[0].n, name).toBe(0);
    }
    const trace = (await inject('test-auditor', 'GET', `/api/v1/GDPRRequest/${id}`)).json();
    expect(trace).toMatchObject({ participantId, participantExists: false, executedBy: 'test-ccm', status: 'closed' });
    expect(trace.log.slice(-2)).toMatchObject([{ step: 'executed', actor: 'test-ccm' }, { step: 'closed', actor: 'test-ccm' }]);
    const participantAudit = await ctx.db.kysely.selectFrom('audit_event').select(['action', 'actor']).where('entity_id', '=', participantId).execute();
    expect(participantAudit.length).toBeGreaterThan(0);
  });

  it('erasure: redacts only the audit records about the participant, though one of their resources has another entity\'s id', async () => {
    const { id: participantId, marker } = await richParticipant();
    const othersParticipant = await createParticipant(ctx, { firstName: 'Other', lastName: 'Org', pilot: 1, ccmids: [] }, 'other-ccm');
    const account = (await ctx.db.kysely.selectFrom('app_user').select('id').where('username', '=', 'other-ccm').executeTakeFirstOrThrow()).id;
    await recordAudit(ctx.db.kysely, { actor: 'test-sysadmin', action: 'accounts.updated', entityType: 'user', entityId: account, after: { givenName: 'Kept' } });
    // Resources about the participant whose ids name those two, as PUT-as-create allowed before it refused them.
    await fhirService(ctx.db).withContext({ kind: 'system', name: 'legacy' }).writing(async (session) => {
      for (const id of [othersParticipant, account]) await session.create(observation(participantId), id);
    });
    const untouched = async () => (await ctx.db.kysely.selectFrom('audit_event').select(['id', 'after', 'details'])
      .where('entity_id', 'in', [othersParticipant, account]).where('entity_type', 'in', ['participant', 'user', 'Patient']).orderBy('id').execute());
    const before = await untouched();
    expect(before.length).toBeGreaterThanOrEqual(3);
    const id = await openRequest(participantId, 4);
    expect((await inject('test-ccm', 'POST', `/api/v1/GDPRRequest/${id}/execute`, { confirm: true, confirmation: `Erminia Zanardelli${marker}` })).statusCode).toBe(200);
    expect(await untouched()).toEqual(before);
    const erased = await ctx.db.kysely.selectFrom('audit_event').select('after').where('entity_type', '=', 'Observation')
      .where('entity_id', 'in', [othersParticipant, account]).execute();
    expect(erased.map((r) => r.after)).toEqual([{ redacted: Number(id) }, { redacted: Number(id) }]);
  });

  it('restriction, objection and automated decisions: flag the participant, shown on the record, and leave them out of the analytics', async () => {
    const stats = async () => (await inject('test-ccm', 'GET', '/api/v1/statistics/demographics?refresh=true')).json().gender.find((g: { key: string }) => g.key === 'female')?.n ?? 0;
    for (const [right, flag] of [[5, 'restricted'], [7, 'objected'], [8, 'automatedDecisionsObjected']] as const) {
      const { id: participantId } = await richParticipant();
      const before = await stats();
      const id = await openRequest(participantId, right);
      expect((await inject('test-ccm', 'POST', `/api/v1/GDPRRequest/${id}/execute`, { confirm: true })).statusCode).toBe(200);
      const record = (await inject('test-ccm', 'GET', `/api/v1/participant/${participantId}`)).json();
      expect(record.processing[flag]).toBe(true);
      expect(await stats()).toBe(before - 1);
    }
  });

  it('informed and rectification record what was done without touching the record', async () => {
    const participantId = await createParticipant(ctx);
    const informed = await inject('test-ccm', 'POST', `/api/v1/GDPRRequest/${await openRequest(participantId, 1)}/execute`, { confirm: true });
    expect(informed.json().outcome.informedOn).toBeTruthy();
    const rectified = await inject('test-ccm', 'POST', `/api/v1/GDPRRequest/${await openRequest(participantId, 3)}/execute`, { confirm: true });
    expect(rectified.json().outcome.rectifiedIn).toBe(`/patient/${participantId}`);
  });
});

describe('append-only audit trail', () => {
  it('refuses update and delete of audit rows', async () => {
    await expect(sql`update audit_event set actor = 'someone-else'`.execute(ctx.db.kysely)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_event`.execute(ctx.db.kysely)).rejects.toThrow(/append-only/);
    await expect(sql`update audit_event set before = null`.execute(ctx.db.kysely)).rejects.toThrow(/append-only/);
  });
});
