import { describe, expect, it } from 'vitest';
import { assessmentAuthorOf, assessmentEncounter, assessmentNumberOf } from './assessment-encounter.ts';

const encounter = assessmentEncounter({
  patient: 'p1', number: 2, start: '2026-11-22T10:00:00.000Z', author: { username: 'ccm1', name: 'Anna Rossi' },
});

describe('assessment encounter', () => {
  it('records the patient, the start and the number as its type', () => {
    expect(encounter).toMatchObject({
      resourceType: 'Encounter', status: 'in-progress', subject: { reference: 'Patient/p1' }, period: { start: '2026-11-22T10:00:00.000Z' },
    });
    expect(assessmentNumberOf(encounter)).toBe(2);
  });

  it('records the clinician as its author', () => {
    expect(assessmentAuthorOf(encounter)).toEqual({ username: 'ccm1', name: 'Anna Rossi' });
  });

  it('is not an assessment without the assessment-number type', () => {
    expect(assessmentNumberOf({ type: [{ coding: [{ system: 'http://other', code: '1' }] }] })).toBeNull();
    expect(assessmentAuthorOf({})).toBeNull();
  });
});
