import { describe, expect, it } from 'vitest';
import { hasValue, toFhirObservation, validateObservationItem, type ObservationItem } from './observation-builder.ts';

const weight = { system: 'http://loinc.org', code: '29463-7', display: 'Body weight' };
const editable = {
  patient: 'p1', type: 'Editable', alreadyPresent: false, code: weight, inBundle: true, status: 'final',
  quantity: { value: 70, unit: 'kg', code: 'kg', system: 'http://unitsofmeasure.org' },
};

const errorsOf = (input: unknown) => {
  const result = validateObservationItem(input);
  return result.ok ? [] : result.errors;
};

describe('validateObservationItem', () => {
  it('accepts a complete item', () => {
    expect(validateObservationItem(editable)).toMatchObject({ ok: true, item: { patient: 'p1', type: 'Editable' } });
  });

  it.each(['patient', 'type', 'alreadyPresent', 'code', 'inBundle', 'status'])('names the missing required field %s', (field) => {
    expect(errorsOf({ ...editable, [field]: undefined })).toContainEqual({ code: 'rules.observation.required', params: { field } });
  });

  it('reports every missing field of an empty input', () => {
    expect(errorsOf(null)).toHaveLength(6);
  });

  it('needs the id of an observation already present', () => {
    expect(errorsOf({ ...editable, alreadyPresent: true })).toEqual([{ code: 'rules.observation.required', params: { field: 'id' } }]);
    expect(errorsOf({ ...editable, alreadyPresent: true, id: 'o1' })).toEqual([]);
  });

  it('needs system, code and display in the code', () => {
    expect(errorsOf({ ...editable, code: { system: 'http://loinc.org' } })).toEqual([
      { code: 'rules.observation.required', params: { field: 'code.code' } },
      { code: 'rules.observation.required', params: { field: 'code.display' } },
    ]);
  });

  it('accepts only Removable or Editable', () => {
    expect(errorsOf({ ...editable, type: 'Optional' })).toEqual([{ code: 'rules.observation.typeInvalid', params: { type: 'Optional' } }]);
  });

  it('needs the checkbox state of a removable item', () => {
    expect(errorsOf({ ...editable, type: 'Removable' })).toEqual([{ code: 'rules.observation.checkboxRequired' }]);
    expect(errorsOf({ ...editable, type: 'Removable', checked: 'yes' })).toEqual([{ code: 'rules.observation.checkboxRequired' }]);
    expect(errorsOf({ ...editable, type: 'Removable', checked: false })).toEqual([]);
  });

  it('accepts only one kind of value', () => {
    expect(errorsOf({ ...editable, integer: 70 })).toEqual([
      { code: 'rules.observation.oneValueKind', params: { field: 'value', kinds: 'integer, quantity' } },
    ]);
  });

  it('wants whole integers', () => {
    const { quantity: _, ...base } = editable;
    expect(errorsOf({ ...base, integer: 2.5 })).toEqual([{ code: 'rules.observation.integerNotWhole', params: { field: 'integer' } }]);
    expect(errorsOf({ ...base, integer: '2' })).toEqual([{ code: 'rules.observation.integerNotWhole', params: { field: 'integer' } }]);
  });

  it('wants real booleans', () => {
    const { quantity: _, ...base } = editable;
    expect(errorsOf({ ...base, boolean: 'true' })).toEqual([{ code: 'rules.observation.booleanInvalid', params: { field: 'boolean' } }]);
  });

  it('wants a unit on a quantity', () => {
    expect(errorsOf({ ...editable, quantity: { value: 70 } })).toEqual([{ code: 'rules.observation.quantityUnitRequired', params: { field: 'quantity' } }]);
    expect(errorsOf({ ...editable, quantity: { value: 70, unit: ' ' } })).toEqual([{ code: 'rules.observation.quantityUnitRequired', params: { field: 'quantity' } }]);
  });

  it('wants code, display and system on every component, and checks their values', () => {
    expect(errorsOf({ ...editable, components: [{ code: '8480-6', system: 'http://loinc.org', integer: 1.5 }] })).toEqual([
      { code: 'rules.observation.componentIncomplete', params: { index: 0, field: 'display' } },
      { code: 'rules.observation.integerNotWhole', params: { field: 'components.0.integer' } },
    ]);
  });

  it('accepts only FHIR observation statuses', () => {
    expect(errorsOf({ ...editable, status: 'done' })).toEqual([{ code: 'rules.observation.statusInvalid', params: { status: 'done' } }]);
  });

  it('reports other malformed fields by path', () => {
    expect(errorsOf({ ...editable, effectiveDateTime: 'yesterday' })).toEqual([
      { code: 'rules.observation.invalidField', params: { field: 'effectiveDateTime' } },
    ]);
  });
});

const item = (change: Partial<ObservationItem>): ObservationItem => {
  const { quantity: _, ...base } = editable;
  return { ...(base as ObservationItem), ...change };
};

describe('toFhirObservation', () => {
  it('builds an R4 Observation with subject, encounter, code, time, body site and profile', () => {
    expect(toFhirObservation(item({
      alreadyPresent: true, id: 'o1', encounter: 'e1', effectiveDateTime: '2024-05-01T10:00:00Z', profile: 'http://example.org/p',
      quantity: { value: 70, unit: 'kg', code: 'kg', system: 'http://unitsofmeasure.org' },
      bodySite: { system: 'http://snomed.info/sct', code: '368208006', display: 'Left upper arm structure' },
    }))).toEqual({
      resourceType: 'Observation', id: 'o1', meta: { profile: ['http://example.org/p'] }, status: 'final',
      code: { coding: [weight], text: 'Body weight' }, subject: { reference: 'Patient/p1' }, encounter: { reference: 'Encounter/e1' },
      effectiveDateTime: '2024-05-01T10:00:00Z',
      valueQuantity: { value: 70, unit: 'kg', code: 'kg', system: 'http://unitsofmeasure.org' },
      bodySite: { coding: [{ system: 'http://snomed.info/sct', code: '368208006', display: 'Left upper arm structure' }], text: 'Left upper arm structure' },
    });
  });

  it.each([
    [{ integer: 3 }, { valueInteger: 3 }],
    [{ string: 'Vitamin D' }, { valueString: 'Vitamin D' }],
    [{ boolean: false }, { valueBoolean: false }],
    [{ codeableConcept: { system: 's', code: 'c', display: 'd' } }, { valueCodeableConcept: { coding: [{ system: 's', code: 'c', display: 'd' }], text: 'd' } }],
  ])('maps %o to value[x]', (value, expected) => {
    expect(toFhirObservation(item(value))).toMatchObject(expected);
  });

  it('leaves the id out of a new observation and the value out of an emptied one', () => {
    const built = toFhirObservation(item({ id: 'o1', string: '  ' }));
    expect(built).not.toHaveProperty('id');
    expect(built).not.toHaveProperty('valueString');
  });

  it('builds components with their own code and value', () => {
    const built = toFhirObservation(item({
      components: [{ system: 'http://loinc.org', code: '8480-6', display: 'Systolic blood pressure', quantity: { value: 120, unit: 'mmHg' } }],
    }));
    expect(built.component).toEqual([{
      code: { coding: [{ system: 'http://loinc.org', code: '8480-6', display: 'Systolic blood pressure' }], text: 'Systolic blood pressure' },
      valueQuantity: { value: 120, unit: 'mmHg' },
    }]);
  });
});

describe('hasValue', () => {
  it.each([
    [{}, false], [{ integer: null }, false], [{ string: '' }, false], [{ quantity: { value: null, unit: 'kg' } }, false],
    [{ codeableConcept: null }, false], [{ integer: 0 }, true], [{ boolean: false }, true],
    [{ components: [{ system: 's', code: 'c', display: 'd', quantity: { value: null, unit: 'mmHg' } }] }, false],
    [{ components: [{ system: 's', code: 'c', display: 'd', quantity: { value: 80, unit: 'mmHg' } }] }, true],
  ])('%o → %s', (value, expected) => {
    expect(hasValue(item(value as Partial<ObservationItem>))).toBe(expected);
  });
});
