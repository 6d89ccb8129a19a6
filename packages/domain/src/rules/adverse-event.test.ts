import { describe, expect, it } from 'vitest';
import { adverseEventInputSchema, fromFhirAdverseEvent, toFhirAdverseEvent } from './adverse-event.ts';

const input = {
  event: 'Fall while using the walker', recordedDate: '2026-03-02', detectedDate: '2026-03-01', category: 'medical_device_use_error',
  severity: 'moderate', outcome: 'recovering', causality: 'possibility', actuality: 'actual', seriousness: 'non_serious',
  suspectEntities: [{ kind: 'Device', id: 'dev-1' }, { kind: 'Medication', id: 'med-1' }],
};

describe('adverse event', () => {
  it('round-trips through FHIR AdverseEvent with suspectEntity references', () => {
    const parsed = adverseEventInputSchema.parse(input);
    const resource = toFhirAdverseEvent('p1', parsed);
    expect(resource.subject.reference).toBe('Patient/p1');
    expect(resource.suspectEntity?.map((s) => s.instance.reference)).toEqual(['Device/dev-1', 'MedicationStatement/med-1']);
    const { causalityStored, ...back } = fromFhirAdverseEvent(resource);
    expect(causalityStored).toBe(true);
    expect(back).toEqual(parsed);
  });
  it('omits suspectEntity when nothing is suspected', () => {
    expect(toFhirAdverseEvent('p1', adverseEventInputSchema.parse({ ...input, suspectEntities: [] })).suspectEntity).toBeUndefined();
  });
  it('refuses a detection after the recording, unknown codes and foreign references', () => {
    expect(adverseEventInputSchema.safeParse({ ...input, detectedDate: '2026-03-03' }).success).toBe(false);
    expect(adverseEventInputSchema.safeParse({ ...input, detectedDate: '2026-03-02' }).success).toBe(true);
    expect(adverseEventInputSchema.safeParse({ ...input, severity: 'lethal' }).success).toBe(false);
    expect(adverseEventInputSchema.safeParse({ ...input, suspectEntities: [{ kind: 'Patient', id: 'x' }] }).success).toBe(false);
    expect(adverseEventInputSchema.safeParse({ ...input, suspectEntities: [{ kind: 'Device', id: '../x' }] }).success).toBe(false);
  });
});
