import { describe, expect, it } from 'vitest';
import { FhirError } from './outcome.ts';
import { validateFhirResource } from './validate.ts';

function problems(resource: unknown) {
  try {
    validateFhirResource(resource);
    return [];
  } catch (error) {
    if (!(error instanceof FhirError)) throw error;
    return error.issues.map((i) => i.expression);
  }
}

const observation = { resourceType: 'Observation', status: 'final', code: { text: 'Heart rate' }, subject: { reference: 'Patient/p1' } };

describe('FHIR resource validation', () => {
  it('accepts a well-formed Observation', () => {
    expect(problems(observation)).toEqual([]);
  });

  it('refuses shapes the structural validator lets through, naming the element', () => {
    const coded = { ...observation, code: { coding: [{ system: 'http://loinc.org', code: '8867-4' }] } };
    expect(problems({ ...coded, code: { coding: {} } })).toEqual(['Observation.code.coding']);
    expect(problems({ ...coded, code: { coding: [1e308] } })).toEqual(['Observation.code.coding[0]']);
    expect(problems({ ...observation, valueQuantity: { value: {} } })).toEqual(['Observation.valueQuantity.value']);
    expect(problems({ ...observation, subject: { reference: {} } })).toEqual(['Observation.subject.reference']);
    expect(problems({ resourceType: 'Patient', managingOrganization: { reference: ['Organization/1'] } })).toEqual(['Patient.managingOrganization.reference']);
  });

  it('refuses members named after Object.prototype', () => {
    expect(problems(JSON.parse('{"resourceType":"Observation","status":"final","code":{"text":"x"},"__proto__":{"a":1}}'))).toEqual(['Observation.__proto__']);
    expect(problems({ ...observation, constructor: 1 })).toEqual(['Observation.constructor']);
  });

  it('refuses an invalid Questionnaire or MedicationStatement status', () => {
    expect(problems({ resourceType: 'Questionnaire', status: 'bogus-status' })).toEqual(['Questionnaire.status']);
    expect(problems({ resourceType: 'Questionnaire', status: 'active' })).toEqual([]);
  });

  it('names every missing required element', () => {
    expect(problems({ resourceType: 'Observation' })).toEqual(expect.arrayContaining(['Observation.status', 'Observation.code']));
  });

  it('rejects an unknown or unsupported resourceType', () => {
    expect(problems({ resourceType: 'Spaceship' })).toEqual(['resourceType']);
    expect(problems({ resourceType: 'Practitioner' })).toEqual(['resourceType']);
    expect(problems([observation])).toEqual([undefined]);
  });

  it('rejects a string where a number is expected', () => {
    expect(problems({ ...observation, valueQuantity: { value: '72', unit: '/min' } })[0]).toMatch(/^Observation\.value/);
  });

  it('rejects malformed dates and unknown elements', () => {
    expect(problems({ resourceType: 'Patient', birthDate: '1950-02-30' })).toEqual(['Patient.birthDate']);
    expect(problems({ ...observation, effectiveDateTime: 'yesterday' })).toEqual(['Observation.effective[x]']);
    expect(problems({ ...observation, colour: 'blue' })).toEqual(['Observation.colour']);
  });

  it.each([
    [{ ...observation, status: 'done' }, 'Observation.status'],
    [{ resourceType: 'Encounter', status: 'open', class: { code: 'AMB' } }, 'Encounter.status'],
    [{ resourceType: 'Patient', gender: 'robot' }, 'Patient.gender'],
    [{ resourceType: 'QuestionnaireResponse', status: 'done' }, 'QuestionnaireResponse.status'],
    [{ resourceType: 'ResearchSubject', status: 'enrolled', study: { reference: 'ResearchStudy/s' }, individual: { reference: 'Patient/p' } }, 'ResearchSubject.status'],
    [{ resourceType: 'AdverseEvent', actuality: 'imagined', subject: { reference: 'Patient/p' } }, 'AdverseEvent.actuality'],
    [{ resourceType: 'Condition', subject: { reference: 'Patient/p' }, clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'maybe' }] } }, 'Condition.clinicalStatus'],
    [{ resourceType: 'Condition', subject: { reference: 'Patient/p' }, verificationStatus: { coding: [{ system: 'http://example.org', code: 'confirmed' }] } }, 'Condition.verificationStatus'],
  ])('rejects a code outside its required binding (%#)', (resource, expression) => {
    expect(problems(resource)).toEqual([expression]);
  });
});
