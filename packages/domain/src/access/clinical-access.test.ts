import { describe, expect, it } from 'vitest';
import { ROLES } from './roles.ts';
import { clinicalAccess, mayRead, mayWrite } from './clinical-access.ts';

const readers = (type: string) => ROLES.filter((r) => mayRead([r], type));
const writers = (type: string) => ROLES.filter((r) => mayWrite([r], type));

describe('clinical access table', () => {
  it('gives the clinical record to CCM, ClinicalExpert and Tester only', () => {
    for (const type of ['Observation', 'Condition', 'Encounter', 'Patient', 'MedicationStatement', 'QuestionnaireResponse', 'ResearchSubject', 'AdverseEvent']) {
      expect(readers(type).sort()).toEqual(['CCM', 'ClinicalExpert', 'Tester']);
      expect(writers(type).sort()).toEqual(['CCM', 'ClinicalExpert', 'Tester']);
    }
  });

  it('lets Tech read devices and nothing clinical; Auditor and SysAdmin read no record', () => {
    expect(readers('Device')).toContain('Tech');
    expect(writers('Device')).not.toContain('Tech');
    for (const role of ['Auditor', 'SysAdmin'] as const) expect(mayRead([role], 'Observation') || mayRead([role], 'Device')).toBe(false);
    expect(mayRead(['Tech'], 'QuestionnaireResponse')).toBe(false);
  });

  it('is not fooled by names on Object.prototype', () => {
    expect(clinicalAccess('constructor').read).toEqual(clinicalAccess('Observation').read);
  });
});
