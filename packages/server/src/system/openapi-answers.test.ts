import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { sql } from 'kysely';
import { BALANCE_DURATION, BALANCE_EXERCISE, BALANCE_SCORE, GERIA_BALANCE_SYSTEM } from '@geria/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoStudy } from '../demo/study.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { asIntegrationClient } from '../test/integration-client.ts';
import { fhir } from '../test/fhir-fixtures.ts';
import { participantWithDevice, transactionOf } from '../measurements/test-helpers.ts';
import { TEST_ORGANISATION, TEST_USERS } from '../test/fixtures.ts';

/**
 * Every GET of Geria's own API (FHIR and SCIM have their own standards' documents), called on the demo
 * study as the first fixture role that may, answers what the OpenAPI document declares for it.
 */

interface Operation { responses: Record<string, { content?: Record<string, { schema?: object }> }> }
let ctx: TestContext;
let doc: { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, object> } };
const values = new Map<string, string>();
let appClient: { authorization: string };

/** A value for each path parameter, named by the path's prefix: the demo study's records. */
const PARAMS: [RegExp, string, string][] = [
  [/^\/api\/v1\/participants\/organisation\/\{org\}/, 'org', TEST_ORGANISATION],
  [/^\/api\/v1\/participant\/\{id\}\/balance-sessions\/\{sessionId\}$/, 'id', 'balanceParticipant'],
  [/^\/api\/v1\/(participant|participants)\/\{id\}/, 'id', 'participant'],
  [/^\/api\/v1\/patients\/\{patientId\}/, 'patientId', 'participant'],
  [/^\/api\/v1\/analytics\/patient\/\{patientId\}/, 'patientId', 'participant'],
  [/\/\{encounterId\}/, 'encounterId', 'encounter'],
  [/\/\{sessionId\}/, 'sessionId', 'balanceSession'],
  [/^\/api\/v1\/users\/\{id\}/, 'id', 'user'],
  [/^\/api\/v1\/user\/roles\/\{user\}/, 'user', 'username'],
  [/^\/api\/v1\/GDPRRequest\/\{id\}/, 'id', 'gdpr'],
  [/^\/api\/v1\/GDPRRequestFile\/\{id\}/, 'id', 'gdpr'],
  [/\/\{fileId\}/, 'fileId', 'gdprFile'],
  [/^\/api\/v1\/interventions\/rules\/\{id\}/, 'id', 'rule'],
  [/^\/api\/v1\/notebooks\/\{id\}/, 'id', 'notebook'],
  [/^\/api\/v1\/analytics\/definitions\/\{id\}/, 'id', 'analytic'],
  [/^\/api\/v1\/analytics\/runs\/\{id\}/, 'id', 'run'],
  [/\/\{analyticId\}/, 'analyticId', 'completedAnalytic'],
  [/^\/api\/v1\/instruments\/\{id\}/, 'id', 'instrument'],
  [/^\/api\/v1\/questionnaire-responses\/\{id\}/, 'id', 'questionnaireResponse'],
  [/^\/api\/v1\/statistics\/\{tab\}/, 'tab', 'overview'],
  [/^\/api\/v1\/analytics\/pilot\/\{pilotId\}/, 'pilotId', 'pilot'],
  [/^\/api\/v1\/exports\/\{id\}/, 'id', 'datasetExport'],
];

/** The query a GET needs (a range of days of the demo study: the last 400). */
const today = new Date().toISOString().slice(0, 10);
const yearAgo = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
const QUERIES: [RegExp, string][] = [
  [/\/(measurements|measurements\/reports|measurements\/posture|balance-sessions|holobalance-sessions)$/, `from=${yearAgo}&to=${today}`],
  [/\/measurements\/(intraday|posture\/hours)$/, `day=${today}`],
];

/** Answers that are not JSON (a stream, CSV, a file, a redirect): documented by media type, not schema. */
const NOT_JSON = [/\/inbox\/stream$/, /\/export(\.csv)?$/, /\/GDPRRequestFile\/\{id\}\/\{fileId\}$/, /\/exports\/\{id\}\/download$/, /\/account\/verify-email$/];

/** OpenAPI 3.0's schema dialect in JSON Schema's (draft 7, Ajv's): a boolean exclusive bound becomes the bound itself, nullable a null branch. */
function asJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, asJsonSchema(v)]));
  for (const [exclusive, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (out[exclusive] === true) { out[exclusive] = out[bound]; delete out[bound]; } else if (out[exclusive] === false) delete out[exclusive];
  }
  // Null as a branch of its own: Ajv's `nullable` needs a type (a nullable union has none) and keeps an enum's list without null.
  if (out.nullable === true) {
    const { nullable: _nullable, ...rest } = out;
    return { anyOf: [rest, { type: 'null' }] };
  }
  return out;
}

async function first<T>(query: Promise<{ rows: T[] }>): Promise<T | undefined> {
  return (await query).rows[0];
}

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoStudy(ctx.db, { participants: 12 });
  doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const k = ctx.db.kysely;
  // The demo participant of the test organisation with the most FHIR records: it has assessments and measurements.
  const participant = await first(sql<{ id: string }>`
    select p.id from participant p join fhir_resource f on f.content #>> '{subject,reference}' = 'Patient/' || p.id
    where p.organisation = ${TEST_ORGANISATION} group by p.id order by count(*) desc limit 1`.execute(k));
  values.set('participant', participant!.id);
  const headers = await ctx.as('test-ccm');
  const get = async (url: string) => (await ctx.app.inject({ method: 'GET', url, headers })).json();
  const assessments = await get(`/api/v1/participants/${participant!.id}/assessments`);
  values.set('encounter', (assessments.items ?? assessments)[0]?.encounterId ?? (assessments.items ?? assessments)[0]?.id);
  // The demo study has no balance-training sessions: one, as the app sends it, from a participant's balance device.
  const { participantId: balanceParticipant, fhirDeviceId } = await participantWithDevice(ctx, 'OPENAPI-BAL', 'active', 'balanceDevice');
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const at = `${yesterday}T10:00:00Z`;
  const component = (c: { system: string; code: string }, value: object) => ({ code: { coding: [{ system: c.system, code: c.code }] }, ...value });
  const observation = {
    resourceType: 'Observation', status: 'final', identifier: [{ system: 'https://geria.health/fhir/balance-app', value: `openapi/${at}` }],
    code: { coding: [{ system: GERIA_BALANCE_SYSTEM, code: 'session' }] }, subject: { reference: `Patient/${balanceParticipant}` },
    device: { reference: `Device/${fhirDeviceId}` }, effectivePeriod: { start: at },
    component: [
      component(BALANCE_DURATION, { valueQuantity: { value: 12, unit: 'min', system: 'http://unitsofmeasure.org', code: 'min' } }),
      component(BALANCE_SCORE, { valueQuantity: { value: 81, unit: '{score}' } }), component(BALANCE_EXERCISE, { valueString: 'Tandem stance' }),
    ],
  };
  const sent = await fhir(ctx, 'test-ccm', 'POST', '', transactionOf([{ resource: observation }]));
  values.set('balanceParticipant', balanceParticipant);
  values.set('balanceSession', (await get(`/api/v1/participant/${balanceParticipant}/balance-sessions?from=${yesterday}&to=${yesterday}`)).sessions[0]?.id);
  expect(sent.status).toBe(200);
  const user = await k.selectFrom('app_user').select(['id', 'username']).where('username', '=', 'test-ccm').executeTakeFirstOrThrow();
  values.set('user', user.id);
  values.set('username', user.username);
  const gdpr = await k.selectFrom('gdpr_request').select('id').where('organisation', '=', TEST_ORGANISATION).executeTakeFirst();
  values.set('gdpr', String(gdpr?.id));
  const file = gdpr && await k.selectFrom('gdpr_request_file').select('id').where('request_id', '=', gdpr.id).executeTakeFirst();
  values.set('gdprFile', String(file?.id));
  values.set('rule', String((await k.selectFrom('intervention_rule').select('id').executeTakeFirst())?.id));
  values.set('notebook', String((await k.selectFrom('notebook').select('id').executeTakeFirst())?.id));
  values.set('analytic', String((await k.selectFrom('analytic').select('id').executeTakeFirst())?.id));
  values.set('run', String((await k.selectFrom('analytic_run').select('id').executeTakeFirst())?.id));
  // A patient's result needs a completed run of the analytic (the demo's, whichever the database lists first), else the resume plot's.
  const completed = await k.selectFrom('analytic_run').select('analytic_id').where('state', '=', 'Completed').orderBy('analytic_id').executeTakeFirst();
  values.set('completedAnalytic', completed?.analytic_id ?? 'ic_patient_info_resumeplot');
  const instruments = await get('/api/v1/instruments');
  values.set('instrument', (instruments.items ?? instruments)[0]?.id);
  const responses = await get(`/api/v1/patients/${participant!.id}/questionnaire-responses`);
  values.set('questionnaireResponse', (responses.items ?? responses)[0]?.id);
  values.set('overview', 'overview');
  values.set('pilot', '2');
  // The demo study has no dataset export: one, queued by the analysis role.
  values.set('datasetExport', (await ctx.app.inject({ method: 'POST', url: '/api/v1/exports', headers: await ctx.as('test-expert'), payload: {} })).json().id);
  // The participants' app feed answers integration clients only.
  appClient = await asIntegrationClient(ctx, { clientId: 'openapi-app', role: 'CCM', organisation: TEST_ORGANISATION, permissions: ['interventions.app-notifications'] });
}, 600_000);
afterAll(async () => { await ctx?.close(); });

function urlOf(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_all, name: string) => {
    const rule = PARAMS.find(([prefix, param]) => param === name && prefix.test(path));
    if (!rule) throw new Error(`no demo value for {${name}} in ${path}`);
    return encodeURIComponent(values.get(rule[2]) ?? rule[2]);
  });
}

describe('every GET answers what the OpenAPI document declares', () => {
  it('on the demo study, as an allowed role, with 0 mismatches', { timeout: 300_000 }, async () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(asJsonSchema({ components: doc.components ?? {} }) as object, 'doc');
    const gets = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, methods]) => (methods.get ? [{ path, op: methods.get }] : []));
    expect(gets.length).toBeGreaterThan(55);
    const mismatches: string[] = [];
    let validated = 0;
    for (const { path, op } of gets) {
      if (NOT_JSON.some((re) => re.test(path))) continue;
      const content = op.responses['200']?.content;
      const schema = (content?.['application/json'] ?? content?.['application/fhir+json'])?.schema;
      if (!schema) { mismatches.push(`${path}: declares no JSON answer`); continue; }
      const query = QUERIES.find(([re]) => re.test(path))?.[1];
      const url = query ? `${urlOf(path)}?${query}` : urlOf(path);
      let answered = false;
      const callers = [...TEST_USERS.map(({ username }) => ({ username, headers: () => ctx.as(username) })), { username: 'openapi-app', headers: async () => appClient }];
      for (const { username, headers } of callers) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: await headers() });
        if (res.statusCode === 401 || res.statusCode === 403) continue;
        answered = true;
        if (res.statusCode !== 200) { mismatches.push(`${path} as ${username}: ${res.statusCode} ${res.body.slice(0, 200)}`); break; }
        const validate = ajv.compile(asJsonSchema(JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"doc#/components'))) as object);
        if (!validate(res.json())) mismatches.push(`${path} as ${username}: ${ajv.errorsText(validate.errors?.slice(0, 5))}`);
        else validated++;
        break;
      }
      if (!answered) mismatches.push(`${path}: no fixture role may call it`);
    }
    expect(mismatches).toEqual([]);
    expect(validated).toBeGreaterThanOrEqual(63);
  });
});
