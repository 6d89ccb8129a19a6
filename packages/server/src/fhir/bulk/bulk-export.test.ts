import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayRead } from '@geria/domain';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createPatient, fhir, observation, OTHER_ORGID } from '../../test/fhir-fixtures.ts';
import { createParticipant } from '../../participants/test-helpers.ts';
import { asIntegrationClient } from '../../test/integration-client.ts';
import { BulkDataClient, type Manifest } from '../../test/bulk-data-client.ts';
import { RESOURCE_TYPES } from '../resource-types.ts';
import type { Runner } from '../../jobs/queue.ts';
import { startBulkExportRunner } from './runner.ts';
import { apiOf } from '../../assessments/test-helpers.ts';
import { addAssessmentScores } from '../../analytics/test-helpers.ts';
import { drainQueue as runAnalytics } from '../../analytics/runner.ts';

let ctx: TestContext;
let runner: Runner;
/** Participants of MIL-GER's pilot 2 (Italian-Portuguese), with observations; one of another organisation. */
const participants: string[] = [];
let otherPatient: string;
let expert: BulkDataClient;

const count = async (user: string, query: string) => {
  const res = await fhir(ctx, user, 'GET', `${query}${query.includes('?') ? '&' : '?'}_summary=count`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.total as number;
};
const as = async (user: string) => new BulkDataClient(ctx, await ctx.as(user));
const subjectOf = (resource: Record<string, unknown>) =>
  ((resource.subject ?? resource.individual ?? resource.patient) as { reference?: string } | undefined)?.reference ?? (resource.resourceType === 'Patient' ? `Patient/${String(resource.id)}` : undefined);
const restrict = (id: string, restricted: boolean) => ctx.db.kysely.updateTable('participant').set({ processing_restricted: restricted }).where('id', '=', id).execute();

beforeAll(async () => {
  ctx = await createTestContext();
  runner = await startBulkExportRunner(ctx.db, { pollMs: 10 });
  expert = await as('test-expert');
  for (let i = 0; i < 3; i++) {
    const id = await createParticipant(ctx);
    participants.push(id);
    for (let j = 0; j <= i; j++) expect((await fhir(ctx, 'test-ccm', 'POST', 'Observation', observation(id))).status).toBe(201);
  }
  otherPatient = await createPatient(ctx, 'other-ccm', OTHER_ORGID);
  expect((await fhir(ctx, 'other-ccm', 'POST', 'Observation', observation(otherPatient))).status).toBe(201);
});
afterAll(async () => { await runner?.stop(); await ctx?.close(); });

describe('FHIR Bulk Data export, as a client written from the IG uses it', () => {
  it('exports every type the caller may read, each file of its type, as many of each as /fhir counts in the same scope', async () => {
    const { manifest, resources } = await expert.export('$export');
    expect(manifest).toMatchObject({ requiresAccessToken: true, request: 'http://geria.test/fhir/$export', error: [] });
    expect(Date.parse(manifest.transactionTime)).not.toBeNaN();
    for (const type of RESOURCE_TYPES.filter((t) => mayRead(['ClinicalExpert'], t))) {
      expect(resources.get(type)?.length ?? 0, type).toBe(await count('test-expert', type));
    }
    expect(resources.get('Observation')!.length).toBeGreaterThanOrEqual(6);
    const about = [...resources.values()].flat().map(subjectOf);
    expect(about).not.toContain(`Patient/${otherPatient}`);
    for (const id of participants) expect(about).toContain(`Patient/${id}`);
  });

  it('takes _type and _outputFormat, and the output lists only the types asked for', async () => {
    const { manifest, resources } = await expert.export('Patient/$export?_type=Observation,Patient&_outputFormat=application%2Ffhir%2Bndjson');
    expect(manifest.request).toBe('http://geria.test/fhir/Patient/$export?_type=Observation,Patient&_outputFormat=application%2Ffhir%2Bndjson');
    expect(new Set(manifest.output.map((o) => o.type))).toEqual(new Set(['Observation', 'Patient']));
    expect(resources.get('Observation')!.length).toBe(await count('test-expert', 'Observation'));
    expect(resources.get('Patient')!.length).toBe(await count('test-expert', 'Patient'));
    for (const format of ['application/ndjson', 'ndjson']) expect((await expert.kickOffResponse(`$export?_type=Patient&_outputFormat=${encodeURIComponent(format)}`)).status).toBe(202);
  });

  it('with _since, exports only what changed after it: the next export from the last one\'s transactionTime', async () => {
    const first = await expert.export('$export?_type=Observation');
    const added = await fhir(ctx, 'test-ccm', 'POST', 'Observation', observation(participants[0]));
    const { resources } = await expert.export(`$export?_type=Observation&_since=${encodeURIComponent(first.manifest.transactionTime)}`);
    expect(resources.get('Observation')!.map((o) => o.id)).toEqual([added.body.id]);
  });

  it('leaves out the participants who restricted or objected to processing, and says how many in the manifest\'s error', async () => {
    await restrict(participants[2], true);
    try {
      const all = await count('test-expert', 'Observation');
      const theirs = await count('test-expert', `Observation?subject=Patient/${participants[2]}`);
      expect(theirs).toBe(3);
      const { manifest, resources } = await expert.export('$export');
      expect(resources.get('Observation')!.length).toBe(all - theirs);
      expect([...resources.values()].flat().map(subjectOf)).not.toContain(`Patient/${participants[2]}`);
      expect(manifest.error).toHaveLength(1);
      const [outcome] = await expert.download(manifest, manifest.error[0]);
      expect(outcome).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'information', code: 'suppressed' }] });
      expect(JSON.stringify(outcome)).toContain('1 participants');
    } finally {
      await restrict(participants[2], false);
    }
  });

  it('answers the finished status with the manifest as JSON and when its files expire', async () => {
    const { statusUrl } = await expert.export('$export?_type=Patient');
    const done = await expert.request('GET', statusUrl);
    expect(done.status).toBe(200);
    expect(done.headers['content-type']).toContain('application/json');
    expect(Date.parse(String(done.headers.expires)) - Date.now()).toBeGreaterThan(23 * 3600_000);
  });

  it('cancels with DELETE on the status URL: 202, then the status and the files are gone', async () => {
    const { statusUrl, manifest } = await expert.export('$export?_type=Observation');
    const cancelled = await expert.request('DELETE', statusUrl);
    expect(cancelled.status).toBe(202);
    expect((await expert.request('GET', statusUrl)).status).toBe(404);
    expect((await expert.request('GET', manifest.output[0].url)).status).toBe(404);
    expect((await expert.request('DELETE', statusUrl)).status).toBe(404);
    const id = statusUrl.split('/').pop()!;
    const audit = await ctx.db.kysely.selectFrom('audit_event').select(['action', 'actor']).where('entity_type', '=', 'BulkExport').where('entity_id', '=', id).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'bulkExport.create', actor: 'test-expert' },
      { action: 'bulkExport.download', actor: 'test-expert' },
      { action: 'bulkExport.cancel', actor: 'test-expert' },
    ]);
  });
});

describe('the pilots\' Groups and their export', () => {
  it('reads a Group per pilot of the reader\'s organisation, its members the pilot\'s participants', async () => {
    const search = await fhir(ctx, 'test-expert', 'GET', 'Group');
    expect(search.body.entry.map((e: { resource: { id: string } }) => e.resource.id)).toEqual(['pilot-2', 'pilot-7']);
    const group = await fhir(ctx, 'test-expert', 'GET', 'Group/pilot-2');
    expect(group.status).toBe(200);
    expect(group.body).toMatchObject({ resourceType: 'Group', type: 'person', actual: true, quantity: participants.length, managingEntity: { reference: 'Organization/8' } });
    expect(group.body.member.map((m: { entity: { reference: string } }) => m.entity.reference).sort()).toEqual(participants.map((id) => `Patient/${id}`).sort());
    expect((await fhir(ctx, 'test-expert', 'GET', 'Group/pilot-1')).status).toBe(404);
    expect((await fhir(ctx, 'other-expert', 'GET', 'Group/pilot-2')).status).toBe(404);
    expect((await fhir(ctx, 'test-tech', 'GET', 'Group/pilot-2')).status).toBe(403);
    expect((await fhir(ctx, 'test-expert', 'PUT', 'Group/pilot-2', group.body)).status).toBe(405);
  });

  it('exports the data of the Group\'s members only', async () => {
    await restrict(participants[1], true);
    try {
      const { resources } = await expert.export('Group/pilot-2/$export?_type=Patient,Observation');
      const members = [participants[0], participants[2]].sort();
      expect(resources.get('Patient')!.map((p) => p.id).sort()).toEqual(members);
      expect(new Set(resources.get('Observation')!.map(subjectOf))).toEqual(new Set(members.map((id) => `Patient/${id}`)));
    } finally {
      await restrict(participants[1], false);
    }
    expect((await expert.kickOffResponse('Group/pilot-7/$export')).status).toBe(202);
    expect((await expert.kickOffResponse('Group/pilot-1/$export')).status).toBe(404);
    expect((await expert.kickOffResponse('Group/nope/$export')).status).toBe(404);
  });
});

describe('the analytics\' cohorts as Groups', () => {
  let cohort: string;
  beforeAll(async () => {
    // Two participants have the scores the analysis reads: its completed run's snapshot is its cohort.
    for (const id of participants.slice(0, 2)) await addAssessmentScores(ctx, id, 1, { moca: 25, fga: 20 });
    const api = apiOf(ctx);
    const notebook = (await api('POST', '/notebooks', { name: 'Cohorts' }, 'test-expert')).json();
    const analytic = (await api('POST', `/notebooks/${notebook.id}/analytics`, {
      analytic: { name: 'Cognition', dataSource: {}, analysis: { type: 'descriptive', scores: ['moca'], groupBy: 'none' }, charts: ['boxplot'] },
    }, 'test-expert')).json();
    expect(await runAnalytics(ctx.db, 'test-worker')).toBe(1);
    cohort = `analytic-${analytic.id}`;
  });

  it('reads a Group per analytic with a completed run, its members the run\'s participants, for the analysis roles of its organisation', async () => {
    const search = await fhir(ctx, 'test-expert', 'GET', 'Group');
    expect(search.body.entry.map((e: { resource: { id: string } }) => e.resource.id)).toEqual(['pilot-2', 'pilot-7', cohort]);
    const group = (await fhir(ctx, 'test-tester', 'GET', `Group/${cohort}`)).body;
    expect(group).toMatchObject({ name: 'Cohort of the analysis "Cognition"', quantity: 2 });
    expect(group.member.map((m: { entity: { reference: string } }) => m.entity.reference).sort()).toEqual(participants.slice(0, 2).map((id) => `Patient/${id}`).sort());
    expect((await fhir(ctx, 'test-ccm', 'GET', 'Group')).body.entry.map((e: { resource: { id: string } }) => e.resource.id)).toEqual(['pilot-2', 'pilot-7']);
    expect((await fhir(ctx, 'test-ccm', 'GET', `Group/${cohort}`)).status).toBe(404);
    expect((await fhir(ctx, 'other-expert', 'GET', `Group/${cohort}`)).status).toBe(404);
    expect((await fhir(ctx, 'test-expert', 'GET', 'Group/analytic-00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });

  it('exports the cohort\'s data, leaving out who objected since and saying so', async () => {
    await restrict(participants[1], true);
    try {
      const { manifest, resources } = await expert.export(`Group/${cohort}/$export?_type=Patient,Observation`);
      expect(resources.get('Patient')!.map((p) => p.id)).toEqual([participants[0]]);
      expect(new Set(resources.get('Observation')!.map(subjectOf))).toEqual(new Set([`Patient/${participants[0]}`]));
      expect(manifest.error).toHaveLength(1);
    } finally {
      await restrict(participants[1], false);
    }
  });
});

describe('who may export, and what is refused', () => {
  it('refuses a kick-off without Prefer: respond-async with 400 and an OperationOutcome', async () => {
    const res = await expert.kickOffResponse('$export', { accept: 'application/fhir+json' });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'invalid', expression: ['Prefer'] }] });
  });

  it.each([
    ['_type=Observation,Bogus', '_type'],
    ['_type=ValueSet', '_type'],
    ['_outputFormat=application%2Ffhir%2Bjson', '_outputFormat'],
    ['_since=yesterday', '_since'],
    ['_typeFilter=Observation%3Fcode%3Dx', '_typeFilter'],
  ])('refuses %s with 400 naming the parameter', async (query, parameter) => {
    const res = await expert.kickOffResponse(`$export?${query}`);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).issue[0].expression).toEqual([parameter]);
  });

  it('refuses the roles that do not analyse (403), and lets the Tester export', async () => {
    for (const user of ['test-ccm', 'test-auditor', 'test-tech', 'test-sysadmin']) {
      expect((await (await as(user)).kickOffResponse('$export')).status, user).toBe(403);
    }
    const { resources } = await (await as('test-tester')).export('$export?_type=Patient');
    expect(resources.get('Patient')!.length).toBe(await count('test-tester', 'Patient'));
  });

  it('exports another organisation\'s data to its own analysts only', async () => {
    const { resources } = await (await as('other-expert')).export('$export?_type=Observation');
    expect(resources.get('Observation')!.map(subjectOf)).toEqual([`Patient/${otherPatient}`]);
  });

  it('keeps a job to its requester: another analyst, even of the organisation, finds neither its status nor its files', async () => {
    const { statusUrl, manifest } = await expert.export('$export?_type=Patient');
    for (const user of ['test-tester', 'other-expert']) {
      const other = await as(user);
      expect((await other.request('GET', statusUrl)).status, user).toBe(404);
      expect((await other.request('GET', manifest.output[0].url)).status, user).toBe(404);
      expect((await other.request('DELETE', statusUrl)).status, user).toBe(404);
    }
    expect((await (await as('test-ccm')).request('GET', statusUrl)).status).toBe(403);
    expect((await expert.request('GET', statusUrl.replace(/[^/]+$/, 'not-a-job'))).status).toBe(404);
    expect((await expert.request('GET', `${manifest.output[0].url.replace(/\d+$/, '99')}`)).status).toBe(404);
    expect((await new BulkDataClient(ctx, {}).request('GET', statusUrl)).status).toBe(401);
  });

  it('lets an integration client export with the fhir.bulk-export permission only', async () => {
    const without = new BulkDataClient(ctx, await asIntegrationClient(ctx, { clientId: 'platform-without', role: 'ClinicalExpert', organisation: 'MIL-GER' }));
    expect((await without.kickOffResponse('$export')).status).toBe(403);
    const platform = new BulkDataClient(ctx, await asIntegrationClient(ctx, { clientId: 'platform', role: 'ClinicalExpert', organisation: 'MIL-GER', permissions: ['fhir.bulk-export'] }));
    const { manifest, resources }: { manifest: Manifest; resources: Map<string, Record<string, unknown>[]> } = await platform.export('$export?_type=Observation');
    expect(resources.get('Observation')!.length).toBe(await count('test-expert', 'Observation'));
    expect((await expert.request('GET', manifest.output[0].url)).status).toBe(404);
  });
});

describe('the CapabilityStatement', () => {
  it('instantiates the Bulk Data CapabilityStatement and lists $export at the system, Patient and Group levels', async () => {
    const { body } = await fhir(ctx, 'test-expert', 'GET', 'metadata');
    expect(body.instantiates).toEqual(['http://hl7.org/fhir/uv/bulkdata/CapabilityStatement/bulk-data']);
    const [rest] = body.rest;
    expect(rest.operation).toEqual([{ name: 'export', definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/export' }]);
    const operation = (type: string) => rest.resource.find((r: { type: string }) => r.type === type).operation;
    expect(operation('Patient')).toEqual([{ name: 'export', definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/patient-export' }]);
    expect(operation('Group')).toEqual([{ name: 'export', definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/group-export' }]);
  });
});
