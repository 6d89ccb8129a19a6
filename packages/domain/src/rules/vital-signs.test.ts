import { describe, expect, it } from 'vitest';
import { asVitalSign, VITAL_SIGNS_CATEGORY, VITAL_SIGNS_PROFILE, type ObservationLike } from './vital-signs.ts';

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const profile = (id: string) => `http://hl7.org/fhir/StructureDefinition/${id}`;
const quantity = (value: number, code: string) => ({ value, unit: code, system: UCUM, code });
const obs = (code: string, extra: Partial<ObservationLike> = {}): ObservationLike => ({
  resourceType: 'Observation', status: 'final', code: { coding: [{ system: LOINC, code }] }, subject: { reference: 'Patient/p' },
  effectiveDateTime: '2026-03-01T10:00:00Z', ...extra,
});

describe('asVitalSign', () => {
  it.each([
    ['29463-7', quantity(70, 'kg'), 'bodyweight'], ['8302-2', quantity(170, 'cm'), 'bodyheight'], ['39156-5', quantity(24, 'kg/m2'), 'bmi'],
    ['8867-4', quantity(72, '/min'), 'heartrate'], ['8310-5', quantity(36.6, 'Cel'), 'bodytemp'], ['9279-1', quantity(16, '/min'), 'resprate'],
    ['2708-6', quantity(97, '%'), 'oxygensat'], ['9843-4', quantity(55, 'cm'), 'headcircum'],
  ])('declares the R4 profile of %s with the vital-signs category', (code, valueQuantity, id) => {
    const stored = asVitalSign(obs(code, { valueQuantity }));
    expect(stored.meta?.profile).toEqual([profile(id)]);
    expect(stored.category).toEqual([{ coding: [VITAL_SIGNS_CATEGORY] }]);
  });

  it('codes pulse oximetry 59408-5 as the oxygen saturation 2708-6 too', () => {
    const stored = asVitalSign(obs('59408-5', { valueQuantity: quantity(95, '%') }));
    expect(stored.code?.coding?.map((c) => c.code)).toEqual(['59408-5', '2708-6']);
    expect(stored.meta?.profile).toEqual([profile('oxygensat')]);
  });

  it("codes a blood pressure panel's positional components as systolic 8480-6 and diastolic 8462-4", () => {
    const stored = asVitalSign(obs('85354-9', {
      component: [
        { code: { coding: [{ system: LOINC, code: '8460-8' }] }, valueQuantity: quantity(130, 'mm[Hg]') },
        { code: { coding: [{ system: LOINC, code: '8454-1' }] }, valueQuantity: quantity(80, 'mm[Hg]') },
      ],
    }));
    expect(stored.component?.map((c) => c.code?.coding?.map((x) => x.code))).toEqual([['8460-8', '8480-6'], ['8454-1', '8462-4']]);
    expect(stored.meta?.profile).toEqual([profile('bp')]);
  });

  it('declares only the base profile when the value is not what the specific profile takes', () => {
    expect(asVitalSign(obs('8867-4', { valueSampledData: { origin: { value: 0 }, period: 60000, dimensions: 1, data: '70 71' } })).meta?.profile).toEqual([VITAL_SIGNS_PROFILE]);
    expect(asVitalSign(obs('8867-4', { valueQuantity: { value: 72, unit: 'bpm' } })).meta?.profile).toEqual([VITAL_SIGNS_PROFILE]);
    const oneArm = asVitalSign(obs('85354-9', { component: [{ code: { coding: [{ system: LOINC, code: '8480-6' }] }, valueQuantity: quantity(130, 'mm[Hg]') }] }));
    expect(oneArm.meta?.profile).toEqual([VITAL_SIGNS_PROFILE]);
  });

  it('keeps the profiles a client declared, adds none twice and changes nothing more on a second pass', () => {
    const once = asVitalSign(obs('29463-7', { valueQuantity: quantity(70, 'kg'), meta: { profile: ['http://example.org/p'] } }));
    expect(once.meta?.profile).toEqual(['http://example.org/p', profile('bodyweight')]);
    expect(asVitalSign(once)).toEqual(once);
  });

  it('leaves other Observations, and vital signs without an effective day, unchanged', () => {
    const hba1c = obs('4548-4', { valueQuantity: quantity(6, '%') });
    expect(asVitalSign(hba1c)).toBe(hba1c);
    const undated = obs('29463-7', { valueQuantity: quantity(70, 'kg'), effectiveDateTime: undefined });
    expect(asVitalSign(undated)).toBe(undated);
    const monthOnly = obs('29463-7', { valueQuantity: quantity(70, 'kg'), effectiveDateTime: '2026-03' });
    expect(asVitalSign(monthOnly)).toBe(monthOnly);
  });
});
