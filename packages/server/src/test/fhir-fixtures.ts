import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Resource } from '@medplum/fhirtypes';
import type { TestContext } from './context.ts';

/** Test data for the FHIR store: the HL7 R4 examples (CC0, see fhir/examples/SOURCES.md) and small builders. */
const EXAMPLES_DIR = fileURLToPath(new URL('../fhir/examples/', import.meta.url));

/** MIL-GER and ATH-GCC, the organisations of the fixture accounts. */
export const TEST_ORGID = 8;
export const OTHER_ORGID = 1;

export function loadExample<T extends Resource = Resource>(file: string): T {
  return JSON.parse(readFileSync(`${EXAMPLES_DIR}${file}`, 'utf8')) as T;
}

export const exampleFiles = (type: string) => readdirSync(EXAMPLES_DIR).filter((f) => f.startsWith(`${type}-`) && f.endsWith('.json'));

const PATIENT_ELEMENTS = ['subject', 'patient', 'individual'] as const;

/** An example re-pointed at `patientId` (its subject, patient or individual) and stripped of its server fields. */
export function aboutPatient<T extends Resource>(resource: T, patientId: string): T {
  const copy = structuredClone(resource) as Record<string, unknown>;
  for (const element of PATIENT_ELEMENTS) if (copy[element]) copy[element] = { reference: `Patient/${patientId}` };
  return copy as T;
}

export const patient = (orgid = TEST_ORGID, extra: Record<string, unknown> = {}) => ({
  resourceType: 'Patient', managingOrganization: { reference: `Organization/${orgid}` }, gender: 'female', birthDate: '1948-05-17', ...extra,
});

export const observation = (patientId: string, extra: Record<string, unknown> = {}) => ({
  resourceType: 'Observation',
  status: 'final',
  code: { coding: [{ system: 'http://loinc.org', code: '8867-4', display: 'Heart rate' }] },
  subject: { reference: `Patient/${patientId}` },
  effectiveDateTime: '2024-03-01T10:00:00Z',
  valueQuantity: { value: 72, unit: 'beats/minute', system: 'http://unitsofmeasure.org', code: '/min' },
  ...extra,
});

export interface FhirCall {
  status: number;
  body: any;
  headers: Record<string, string | string[] | number | undefined>;
}

/** A FHIR request through the whole app as a fixture account. */
export async function fhir(ctx: TestContext, user: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string,
  body?: unknown, headers: Record<string, string> = {}): Promise<FhirCall> {
  const res = await ctx.app.inject({
    method,
    url: `/fhir/${url}`.replace(/\/$/, ''),
    headers: { ...(await ctx.as(user)), ...(body !== undefined && { 'content-type': method === 'PATCH' ? 'application/json-patch+json' : 'application/fhir+json' }), ...headers },
    ...(body !== undefined && { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined, headers: res.headers };
}

/** Creates a Patient of the user's organisation and answers its id. */
export async function createPatient(ctx: TestContext, user = 'test-ccm', orgid = TEST_ORGID, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await fhir(ctx, user, 'POST', 'Patient', patient(orgid, extra));
  if (res.status !== 201) throw new Error(`patient not created: ${JSON.stringify(res.body)}`);
  return res.body.id;
}
