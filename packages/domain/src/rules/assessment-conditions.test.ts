import { describe, expect, it } from 'vitest';
import {
  conditionKeyOf, conditionOperation, conditionsInputSchema, conditionStateOf, toFamilyMemberHistory, toFhirCondition,
} from './assessment-conditions.ts';

describe('conditions', () => {
  it('are FHIR Conditions, active or inactive, confirmed, coded in SNOMED CT', () => {
    const condition = toFhirCondition('p1', 'heartFailureReduced', 'active');
    expect(condition).toMatchObject({
      resourceType: 'Condition', subject: { reference: 'Patient/p1' },
      clinicalStatus: { coding: [{ code: 'active' }] }, verificationStatus: { coding: [{ code: 'confirmed' }] },
      code: { coding: [{ system: 'http://snomed.info/sct', code: '703272007' }] },
    });
    expect(conditionKeyOf(condition)).toBe('heartFailureReduced');
    expect(conditionStateOf(toFhirCondition('p1', 'stroke', 'inactive'))).toBe('inactive');
  });

  it('record the family history as FamilyMemberHistory of a family member', () => {
    const history = toFamilyMemberHistory('p1', 'diabetesType2');
    expect(history).toMatchObject({ resourceType: 'FamilyMemberHistory', patient: { reference: 'Patient/p1' }, relationship: { coding: [{ code: 'FAMMEMB' }] } });
    expect(conditionKeyOf(history)).toBe('diabetesType2');
  });

  it('follow the write-operation rule: new POST, changed PUT, emptied DELETE, unchanged nothing', () => {
    expect(conditionOperation('active', null)).toBe('POST');
    expect(conditionOperation('inactive', 'active')).toBe('PUT');
    expect(conditionOperation(null, 'active')).toBe('DELETE');
    expect(conditionOperation('active', 'active')).toBeNull();
    expect(conditionOperation(null, null)).toBeNull();
  });

  it('accept only conditions of the list', () => {
    expect(conditionsInputSchema.safeParse({ conditions: { hypertension: 'active', gout: 'active' } }).success).toBe(false);
    expect(conditionsInputSchema.safeParse({ conditions: { hypertension: 'resolved' } }).success).toBe(false);
    expect(conditionsInputSchema.safeParse({ conditions: { hypertension: null }, familyHistory: ['stroke'] }).success).toBe(true);
  });
});
