import { describe, expect, it } from 'vitest';
import { ckdEpi2009, ckdEpi2021 } from './clinical-calculations.ts';
import {
  africanAmericanApplied, africanAmericanComponent, CLINICAL_INPUT_KEYS, clinicalFieldsInputSchema, clinicalKeyOf, DERIVED_KEYS, derivedClinicalValues, formValueOf,
  smokingDetailErrors,
} from './assessment-clinical-fields.ts';
import { toFhirObservation } from './observation-builder.ts';
import { codedObservationItem } from './observation-codes.ts';

const adult = { age: 60, sex: 'male', africanAmerican: false };

describe('clinical fields', () => {
  it('never lets a derived value be entered', () => {
    for (const key of DERIVED_KEYS) expect(CLINICAL_INPUT_KEYS).not.toContain(key);
    expect(clinicalFieldsInputSchema.safeParse({ values: { bmi: 22 } }).success).toBe(false);
  });

  it('computes BMI and waist-hip ratio, rounded as recorded', () => {
    const { values } = derivedClinicalValues({ bodyWeight: 70, bodyHeight: 175, waistCircumference: 90, hipCircumference: 100 }, adult);
    expect(values).toMatchObject({ bmi: 22.9, waistHipRatio: 0.9, egfrCkdEpi2009: null, egfrCkdEpi2021: null });
  });

  it('computes both CKD-EPI equations from creatinine, age and sex', () => {
    const { values, errors } = derivedClinicalValues({ serumCreatinine: 1 }, adult);
    expect(errors).toEqual([]);
    const input = { creatinineMgDl: 1, age: 60, sex: 'male' as const };
    expect(values.egfrCkdEpi2021).toBe(Math.round((ckdEpi2021(input) as { value: number }).value * 10) / 10);
    expect(values.egfrCkdEpi2021).toBeCloseTo(86.2, 1);
    expect(values.egfrCkdEpi2009).toBe(Math.round((ckdEpi2009(input) as { value: number }).value * 10) / 10);
  });

  it('applies the African-American coefficient to the 2009 equation only', () => {
    const plain = derivedClinicalValues({ serumCreatinine: 1 }, adult).values;
    const flagged = derivedClinicalValues({ serumCreatinine: 1 }, { ...adult, africanAmerican: true }).values;
    expect(flagged.egfrCkdEpi2009! / plain.egfrCkdEpi2009!).toBeCloseTo(1.159, 2);
    expect(flagged.egfrCkdEpi2021).toBe(plain.egfrCkdEpi2021);
  });

  it('answers the CKD-EPI error without an age or a female/male sex', () => {
    expect(derivedClinicalValues({ serumCreatinine: 1 }, { ...adult, age: null }).errors).toEqual([{ code: 'rules.calculations.ckdEpiError' }]);
    expect(derivedClinicalValues({ serumCreatinine: 1 }, { ...adult, sex: 'other' }).errors).toEqual([{ code: 'rules.calculations.ckdEpiError' }]);
  });
});

describe('smoking details', () => {
  it('are recorded for a current smoker only: one error per amount given with another or no status', () => {
    expect(smokingDetailErrors({ smokerStatus: 'current', cigarettesPerDay: 20, yearsSmoked: 40 })).toEqual([]);
    expect(smokingDetailErrors({ smokerStatus: 'former', cigarettesPerDay: null, yearsSmoked: null })).toEqual([]);
    expect(smokingDetailErrors({ smokerStatus: null })).toEqual([]);
    expect(smokingDetailErrors({ smokerStatus: 'former', cigarettesPerDay: 20, yearsSmoked: null })).toEqual([
      { code: 'rules.fields.smokingDetailsForSmokers', refs: { field: 'rules.observationCodes.items.cigarettesPerDay' } },
    ]);
    expect(smokingDetailErrors({ yearsSmoked: 0, cigarettesPerDay: 3 }).map((e) => e.refs!.field)).toEqual([
      'rules.observationCodes.items.cigarettesPerDay', 'rules.observationCodes.items.yearsSmoked',
    ]);
  });
});

describe('stored clinical observations', () => {
  const standing = codedObservationItem('bloodPressureStanding', { systolic: 130, diastolic: 80, arm: 'left' }, { patient: 'p', alreadyPresent: false });
  const supine = codedObservationItem('bloodPressureSupine', { systolic: 120, diastolic: 70, arm: 'right' }, { patient: 'p', alreadyPresent: false });
  const smoker = codedObservationItem('smokerStatus', 'former', { patient: 'p', alreadyPresent: false });
  const weight = codedObservationItem('bodyWeight', 71.5, { patient: 'p', alreadyPresent: false });

  it('tells the two blood pressures apart by their components', () => {
    if (!standing.ok || !supine.ok) throw new Error('items');
    expect(clinicalKeyOf(toFhirObservation(standing.item))).toBe('bloodPressureStanding');
    expect(clinicalKeyOf(toFhirObservation(supine.item))).toBe('bloodPressureSupine');
  });

  it('gives back the form value: numbers, option keys and the blood pressure with its arm', () => {
    if (!standing.ok || !smoker.ok || !weight.ok) throw new Error('items');
    expect(formValueOf('bloodPressureStanding', toFhirObservation(standing.item))).toEqual({ systolic: 130, diastolic: 80, arm: 'left' });
    expect(formValueOf('smokerStatus', toFhirObservation(smoker.item))).toBe('former');
    expect(formValueOf('bodyWeight', toFhirObservation(weight.item))).toBe(71.5);
  });

  it('reads the African-American flag from the 2009 eGFR components', () => {
    const egfr = codedObservationItem('egfrCkdEpi2009', 80, { patient: 'p', alreadyPresent: false });
    if (!egfr.ok) throw new Error('item');
    expect(africanAmericanApplied(toFhirObservation({ ...egfr.item, components: [africanAmericanComponent(true)] }))).toBe(true);
    expect(africanAmericanApplied(toFhirObservation(egfr.item))).toBe(false);
  });
});
