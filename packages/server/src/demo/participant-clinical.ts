import { codedObservationItem, toFhirObservation, VALUE_SETS } from '@geria/domain';
import { CODED_DEMOGRAPHICS } from '@geria/domain/rules/participants-demographics.ts';
import { toMedicationStatement, type Medication } from '@geria/domain/rules/participants-medication.ts';
import type { Random } from './random.ts';

/** Common medicines of older adults; the psychoactive ones raise the balance-risk flag. */
const MEDICINES: [substance: string, dose: number, unit: string, concentration: number, psychoactive: boolean][] = [
  ['Ramipril', 1, 'tablet', 5, false], ['Amlodipine', 1, 'tablet', 5, false], ['Metformin', 1, 'tablet', 850, false],
  ['Atorvastatin', 1, 'tablet', 20, false], ['Acetylsalicylic acid', 1, 'tablet', 100, false], ['Bisoprolol', 1, 'tablet', 2.5, false],
  ['Furosemide', 1, 'tablet', 25, false], ['Levothyroxine', 1, 'tablet', 0.05, false], ['Omeprazole', 1, 'capsule', 20, false],
  ['Lorazepam', 1, 'tablet', 1, true], ['Sertraline', 1, 'tablet', 50, true], ['Zolpidem', 1, 'tablet', 10, true],
];
const SUPPLEMENTS = ['Vitamin D3', 'Calcium', 'Omega-3', 'Vitamin B12', 'Magnesium', 'Protein shake'];

/** Demographic Observations, medications and supplements of one demo participant. */
export function demoClinicalResources(random: Random, patientId: string, now: number): object[] {
  const today = new Date(now).toISOString().slice(0, 10);
  const effectiveDateTime = new Date(now - random.int(1, 300) * 86_400_000).toISOString();
  const context = { patient: patientId, alreadyPresent: false, effectiveDateTime };
  const coded = CODED_DEMOGRAPHICS.flatMap((key) => {
    const item = codedObservationItem(key, random.pick(VALUE_SETS[key]).key, context);
    return item.ok ? [toFhirObservation(item.item)] : [];
  });
  const stairs = codedObservationItem('stairsAtHome', random.chance(0.4), context);
  const supplements = Array.from({ length: random.weighted([[0, 50], [1, 35], [2, 15]] as const) }, () => {
    const item = codedObservationItem('dietSupplement', random.pick(SUPPLEMENTS), context);
    return item.ok ? [toFhirObservation(item.item)] : [];
  }).flat();
  const medications = [...MEDICINES].sort(() => random.next() - 0.5).slice(0, random.int(0, 7)).map(([substance, dose, unit, concentration, psychoactive]) => {
    const medication: Medication = {
      substance, dose, doseUnit: unit, psychoactive, frequency: random.int(1, 2), period: 1, periodUnit: 'd',
      concentration, concentrationUnit: 'mg', dosageForm: unit === 'capsule' ? 'capsule' : 'tablet', when: [random.pick(['MORN', 'EVE', 'HS'] as const)],
      direction: null, daysOfWeek: [], start: new Date(now - random.int(30, 900) * 86_400_000).toISOString().slice(0, 10), end: null,
    };
    return toMedicationStatement(patientId, medication, today);
  });
  return [...coded, ...(stairs.ok ? [toFhirObservation(stairs.item)] : []), ...supplements, ...medications];
}
