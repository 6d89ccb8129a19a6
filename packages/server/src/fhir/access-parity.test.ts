import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayRead, ROLES, type Role } from '@geria/domain';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createParticipant } from '../participants/test-helpers.ts';

let ctx: TestContext;
let id: string;
beforeAll(async () => {
  ctx = await createTestContext();
  id = await createParticipant(ctx);
  const headers = await ctx.as('test-ccm');
  await ctx.app.inject({ method: 'POST', url: `/api/v1/participant/${id}/medication`, headers, payload: { substance: 'Ramipril' } });
  await ctx.app.inject({ method: 'POST', url: `/api/v1/participant/${id}/device`, headers, payload: { type: 'smartwatch', serial: 'PARITY-1' } });
});
afterAll(async () => { await ctx?.close(); });

const USERS: Record<Role, string> = {
  CCM: 'test-ccm', ClinicalExpert: 'test-expert', Auditor: 'test-auditor', SysAdmin: 'test-sysadmin', Tester: 'test-tester', Tech: 'test-tech',
};

/** Each app endpoint beside the FHIR request that reads the same data. */
const PAIRS: { type: string; app: () => string; fhir: () => string }[] = [
  { type: 'Patient', app: () => `/api/v1/participant/${id}/demographics`, fhir: () => `/fhir/Patient/${id}` },
  { type: 'MedicationStatement', app: () => `/api/v1/participant/${id}/medication`, fhir: () => `/fhir/MedicationStatement?subject=Patient/${id}` },
  { type: 'QuestionnaireResponse', app: () => `/api/v1/patients/${id}/questionnaire-responses`, fhir: () => `/fhir/QuestionnaireResponse?subject=Patient/${id}` },
  { type: 'Encounter', app: () => `/api/v1/participants/${id}/assessments`, fhir: () => `/fhir/Encounter?subject=Patient/${id}` },
  { type: 'Condition', app: () => `/api/v1/participants/${id}/conditions`, fhir: () => `/fhir/Condition?subject=Patient/${id}` },
  { type: 'Observation', app: () => `/api/v1/participants/${id}/working-state`, fhir: () => `/fhir/Observation?subject=Patient/${id}&_count=1` },
  { type: 'ResearchSubject', app: () => `/api/v1/participants/${id}/recruitment-decisions`, fhir: () => `/fhir/ResearchSubject?individual=Patient/${id}` },
  { type: 'Device', app: () => `/api/v1/participant/${id}/device`, fhir: () => '/fhir/Device?_count=1' },
];

describe('/api/v1 and /fhir obey one access table', () => {
  for (const role of ROLES) {
    it(`${role}: every app endpoint and its FHIR equivalent agree with the domain table`, async () => {
      const headers = await ctx.as(USERS[role]);
      for (const pair of PAIRS) {
        const app = await ctx.app.inject({ method: 'GET', url: pair.app(), headers });
        const fhir = await ctx.app.inject({ method: 'GET', url: pair.fhir(), headers });
        const allowed = mayRead([role], pair.type);
        expect([pair.type, app.statusCode < 300], app.body).toEqual([pair.type, allowed]);
        expect([pair.type, fhir.statusCode < 300], fhir.body).toEqual([pair.type, allowed]);
        if (!allowed) expect([app.statusCode, fhir.statusCode]).toEqual([403, 403]);
      }
    });
  }

  it('refuses writes over /fhir to the roles the app refuses', async () => {
    const statement = { resourceType: 'MedicationStatement', status: 'active', medicationCodeableConcept: { text: 'X' }, subject: { reference: `Patient/${id}` } };
    for (const role of ['Auditor', 'SysAdmin', 'Tech'] as const) {
      const headers = { ...(await ctx.as(USERS[role])), 'content-type': 'application/fhir+json' };
      expect((await ctx.app.inject({ method: 'POST', url: '/fhir/MedicationStatement', headers, payload: JSON.stringify(statement) })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/participant/${id}/supplement`, headers: await ctx.as(USERS[role]), payload: { name: 'X' } })).statusCode).toBe(403);
    }
  });
});
