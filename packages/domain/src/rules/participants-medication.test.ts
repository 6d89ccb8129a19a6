import { describe, expect, it } from 'vitest';
import { fromMedicationStatement, medicationFlags, medicationInputSchema, toMedicationStatement } from './participants-medication.ts';

const full = medicationInputSchema.parse({
  substance: 'Sertraline', dose: 1, doseUnit: 'tablet', psychoactive: true, frequency: 1, period: 1, periodUnit: 'd',
  concentration: 50, concentrationUnit: 'mg', dosageForm: 'tablet', when: ['MORN'], direction: 'With breakfast',
  daysOfWeek: ['mon', 'wed'], start: '2026-01-01', end: '2026-12-31',
});

describe('medication ↔ MedicationStatement', () => {
  it('round-trips every field through the FHIR resource', () => {
    expect(fromMedicationStatement(toMedicationStatement('p1', full, '2026-06-01'))).toEqual(full);
  });

  it('puts the dose and Timing in the dosage and the strength in the contained Medication', () => {
    const statement = toMedicationStatement('p1', full, '2026-06-01');
    expect(statement.dosage?.[0]).toEqual({
      text: 'With breakfast',
      timing: { repeat: { frequency: 1, period: 1, periodUnit: 'd', when: ['MORN'], dayOfWeek: ['mon', 'wed'] } },
      doseAndRate: [{ doseQuantity: { value: 1, unit: 'tablet' } }],
    });
    expect(statement.contained[0].ingredient?.[0].strength.numerator).toEqual({ value: 50, unit: 'mg' });
    expect(statement.medicationReference).toEqual({ reference: '#medication' });
  });

  it('leaves out what was not recorded, and marks a past end as completed', () => {
    const bare = medicationInputSchema.parse({ substance: 'Aspirin', end: '2026-01-31' });
    const statement = toMedicationStatement('p1', bare, '2026-06-01');
    expect(statement.status).toBe('completed');
    expect(statement.dosage).toBeUndefined();
    expect(statement.contained[0]).toEqual({ resourceType: 'Medication', id: 'medication', code: { text: 'Aspirin' } });
  });

  it('flags polypharmacy above four medicines and any psychoactive one', () => {
    const plain = { psychoactive: false };
    expect(medicationFlags([plain, plain, plain, plain])).toEqual({ polypharmacy: false, psychoactive: false });
    expect(medicationFlags([plain, plain, plain, plain, { psychoactive: true }])).toEqual({ polypharmacy: true, psychoactive: true });
  });

  it('requires a unit with each amount', () => {
    const result = medicationInputSchema.safeParse({ substance: 'X', dose: 2, concentration: 5, period: 8 });
    expect(result.success ? [] : result.error.issues.map((i) => i.path.join('.')).sort()).toEqual(['concentrationUnit', 'doseUnit', 'periodUnit']);
  });
});
