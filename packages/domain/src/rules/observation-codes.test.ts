import { describe, expect, it } from 'vitest';
import { validateObservationItem } from './observation-builder.ts';
import {
  BLOOD_PRESSURE_LIMITS, codedObservationItem, GERIA_OBSERVATION_SYSTEM, LOINC, OBSERVATION_CODES, OBSERVATION_KEYS, plausibilityError,
  type ObservationCodeDef, type ObservationKey,
} from './observation-codes.ts';
import { renderRuleMessage } from './rule-message.ts';

const context = { patient: 'p1', alreadyPresent: false };
const defs = Object.entries(OBSERVATION_CODES) as [ObservationKey, ObservationCodeDef][];
const numeric = defs.filter((entry): entry is [ObservationKey, Extract<ObservationCodeDef, { limits: unknown }>] => 'limits' in entry[1]);

describe('the catalogue', () => {
  it('uses the expected LOINC codes', () => {
    const loinc = Object.fromEntries(defs.filter(([, def]) => def.coding.system === LOINC).map(([key, def]) => [key, def.coding.code]));
    expect(loinc).toMatchObject({
      bodyWeight: '29463-7', bodyHeight: '8302-2', bmi: '39156-5', heartRate: '8867-4', waistCircumference: '8280-0',
      hipCircumference: '62409-8', smokerStatus: '72166-2', hba1c: '4548-4', ldl: '2089-1', hdl: '2085-9', serumCreatinine: '2160-0',
      egfrCkdEpi2009: '62238-1', egfrCkdEpi2021: '98979-8', ecgPr: '8625-6', ecgQrs: '8633-0', ecgRhythm: '8884-9',
      bloodPressureStanding: '85354-9', bloodPressureSupine: '85354-9',
    });
  });

  it('keeps the local code system for the documented study items only', () => {
    expect(defs.filter(([, def]) => def.coding.system === GERIA_OBSERVATION_SYSTEM).map(([key]) => key).sort()).toEqual([
      'accommodationType', 'alcoholUnits', 'cigarettesPerDay', 'dietSupplement', 'fallsLastYear', 'hearingAidUse', 'heartScore', 'livesWith',
      'livingSituation', 'rombergAbnormal', 'stairsAtHome', 'substanceAbuseHistory', 'timedUpAndGo', 'timedUpAndGoAbnormal',
      'usesHearingAid', 'waistHipRatio', 'yearsSmoked',
    ]);
  });

  it('gives every numeric item plausible limits and every quantity a UCUM unit', () => {
    for (const [, def] of numeric) {
      expect(def.limits.min).toBeLessThan(def.limits.max);
      if (def.kind === 'quantity') expect(def.unit.code).not.toBe('');
    }
  });
});

describe('plausibility limits of every numeric item', () => {
  const cases = numeric.flatMap(([key, def]) => {
    const step = def.kind === 'integer' ? 1 : 0.01;
    return [
      { key, value: def.limits.min, ok: true }, { key, value: def.limits.max, ok: true },
      { key, value: +(def.limits.min - step).toFixed(2), ok: false }, { key, value: +(def.limits.max + step).toFixed(2), ok: false },
    ];
  });
  it.each(cases)('$key = $value → ok $ok', ({ key, value, ok }) => {
    const result = codedObservationItem(key, value, context);
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result.errors[0].code).toMatch(/^rules\.observationCodes\.outOfRange/);
  });

  it('says which field, the limits and the unit in the user language', () => {
    const error = plausibilityError('rules.observationCodes.items.bodyWeight', 400, { min: 20, max: 300 }, { code: 'kg', display: 'kg' });
    expect(error && renderRuleMessage('en', error)).toBe('Body weight must be between 20 and 300 kg');
    expect(error && renderRuleMessage('it', error)).toBe('Peso corporeo deve essere compreso tra 20 e 300 kg');
  });

  it('leaves the unit out for counts and ratios', () => {
    const result = codedObservationItem('fallsLastYear', 101, context);
    expect(!result.ok && renderRuleMessage('en', result.errors[0])).toBe('Falls in the last year must be between 0 and 100');
  });
});

describe('codedObservationItem', () => {
  it('builds a valid, final quantity observation in UCUM', () => {
    const result = codedObservationItem('bodyWeight', 72.5, { ...context, encounter: 'e1' });
    expect(result).toEqual({
      ok: true,
      item: {
        patient: 'p1', type: 'Editable', alreadyPresent: false, inBundle: true, encounter: 'e1', status: 'final',
        code: OBSERVATION_CODES.bodyWeight.coding,
        quantity: { value: 72.5, unit: 'kg', code: 'kg', system: 'http://unitsofmeasure.org' },
      },
    });
    expect(result.ok && validateObservationItem(result.item).ok).toBe(true);
  });

  it('codes an answer from its value set', () => {
    const result = codedObservationItem('smokerStatus', 'former', context);
    expect(result.ok && result.item.codeableConcept).toEqual({ system: 'http://snomed.info/sct', code: '8517006', display: 'Ex-smoker' });
    expect(codedObservationItem('smokerStatus', 'sometimes', context)).toEqual({
      ok: false, errors: [{ code: 'rules.observationCodes.invalidValue', refs: { field: 'rules.observationCodes.items.smokerStatus' } }],
    });
  });

  it('keeps an emptied value as an empty value, for the write operation to delete it', () => {
    const result = codedObservationItem('heartRate', null, { ...context, alreadyPresent: true, id: 'o9' });
    expect(result.ok && result.item).toMatchObject({ id: 'o9', quantity: { value: null } });
  });

  it.each([
    ['bodyWeight', 'heavy'], ['fallsLastYear', 1.5], ['stairsAtHome', 'yes'], ['dietSupplement', 3], ['bloodPressureStanding', 120],
  ] as const)('refuses %s = %o', (key, value) => {
    expect(codedObservationItem(key, value, context).ok).toBe(false);
  });

  describe('blood pressure', () => {
    it('records systolic and diastolic components with the arm as body site', () => {
      const result = codedObservationItem('bloodPressureSupine', { systolic: 130, diastolic: 85, arm: 'right' }, context);
      if (!result.ok) throw new Error('expected an item');
      expect(result.item.components?.map((component) => [component.code, component.quantity?.value])).toEqual([['8461-6', 130], ['8455-8', 85]]);
      expect(result.item.bodySite?.code).toBe('368209003');
      expect(validateObservationItem(result.item).ok).toBe(true);
    });

    it('needs the arm', () => {
      expect(codedObservationItem('bloodPressureStanding', { systolic: 130, diastolic: 85, arm: null }, context)).toEqual({
        ok: false, errors: [{ code: 'rules.calculations.bloodPressureArmRequired' }],
      });
    });

    it.each([
      ['systolic', BLOOD_PRESSURE_LIMITS.systolic.min - 1], ['systolic', BLOOD_PRESSURE_LIMITS.systolic.max + 1],
      ['diastolic', BLOOD_PRESSURE_LIMITS.diastolic.min - 1], ['diastolic', BLOOD_PRESSURE_LIMITS.diastolic.max + 1],
    ] as const)('checks the %s limit (%i)', (part, value) => {
      const reading = { systolic: 120, diastolic: 80, arm: 'left' as const, [part]: value };
      const result = codedObservationItem('bloodPressureStanding', reading, context);
      expect(!result.ok && result.errors[0].refs).toEqual({ field: `rules.observationCodes.items.${part}` });
    });

    it('accepts the limits themselves', () => {
      const { systolic, diastolic } = BLOOD_PRESSURE_LIMITS;
      expect(codedObservationItem('bloodPressureStanding', { systolic: systolic.min, diastolic: diastolic.max, arm: 'left' }, context).ok).toBe(true);
      expect(codedObservationItem('bloodPressureStanding', { systolic: systolic.max, diastolic: diastolic.min, arm: 'left' }, context).ok).toBe(true);
    });
  });

  it('builds an input every catalogue item can save', () => {
    for (const key of OBSERVATION_KEYS) {
      const result = codedObservationItem(key, null, context);
      expect(result.ok && validateObservationItem(result.item).ok).toBe(true);
    }
  });
});
