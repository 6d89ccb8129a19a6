import { z } from 'zod';
import { isPolypharmacy } from './clinical-calculations.ts';
import { DAYS_OF_WEEK, DOSAGE_FORMS, PERIOD_UNITS, WHEN_CODES } from './medication-lists.ts';

/**
 * A medication of the patient record (SPEC §3 "Medication") and its FHIR R4 MedicationStatement:
 * the substance, dosage form and concentration in a contained Medication, the dose and its Timing
 * (frequency per period, when, days of week, date range) in the dosage, the psychoactive flag in an
 * extension.
 */
export * from './medication-lists.ts';

export const PSYCHOACTIVE_URL = 'https://geria.example.org/fhir/StructureDefinition/psychoactive';
const CONTAINED_ID = 'medication';

const text = (max: number) => z.string().trim().max(max);
const positive = z.number().positive().max(100_000);

export const medicationInputSchema = z.object({
  substance: text(200).min(1),
  dose: positive.nullable().default(null),
  doseUnit: text(30).nullable().default(null),
  psychoactive: z.boolean().default(false),
  frequency: z.number().int().min(1).max(48).nullable().default(null),
  period: positive.nullable().default(null),
  periodUnit: z.enum(PERIOD_UNITS).nullable().default(null),
  concentration: positive.nullable().default(null),
  concentrationUnit: text(30).nullable().default(null),
  dosageForm: z.enum(DOSAGE_FORMS).nullable().default(null),
  when: z.array(z.enum(WHEN_CODES)).max(WHEN_CODES.length).default([]),
  direction: text(500).nullable().default(null),
  daysOfWeek: z.array(z.enum(DAYS_OF_WEEK)).max(7).default([]),
  start: z.iso.date().nullable().default(null),
  end: z.iso.date().nullable().default(null),
}).strict()
  .refine((m) => m.dose === null || !!m.doseUnit, { path: ['doseUnit'], message: 'validation.required' })
  .refine((m) => m.concentration === null || !!m.concentrationUnit, { path: ['concentrationUnit'], message: 'validation.required' })
  .refine((m) => m.period === null || !!m.periodUnit, { path: ['periodUnit'], message: 'validation.required' })
  .refine((m) => !m.start || !m.end || m.start <= m.end, { path: ['end'], message: 'participants.errors.endBeforeStart' });
export type MedicationInput = z.input<typeof medicationInputSchema>;
export type Medication = z.output<typeof medicationInputSchema>;

interface Quantity { value: number; unit: string }
export interface FhirMedicationStatement {
  resourceType: 'MedicationStatement';
  id?: string;
  status: 'active' | 'completed' | 'stopped';
  subject: { reference: string };
  contained: [{
    resourceType: 'Medication'; id: string; code: { text: string }; form?: { text: string };
    ingredient?: [{ itemCodeableConcept: { text: string }; strength: { numerator: Quantity; denominator: Quantity } }];
  }];
  medicationReference: { reference: string };
  effectivePeriod?: { start?: string; end?: string };
  extension: [{ url: string; valueBoolean: boolean }];
  /** Absent when the form gives no dose, timing or direction (FHIR refuses an empty element). */
  dosage?: [{
    text?: string;
    timing?: { repeat: { frequency?: number; period?: number; periodUnit?: string; when?: string[]; dayOfWeek?: string[] } };
    doseAndRate?: [{ doseQuantity: Quantity }];
  }];
}

/** The members that hold something: FHIR has no nulls and no empty arrays. */
const defined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined && !(Array.isArray(v) && !v.length))) as { [K in keyof T]?: Exclude<T[K], null> };

export function toMedicationStatement(patientId: string, m: Medication, today: string): FhirMedicationStatement {
  const repeat = defined({
    frequency: m.frequency, period: m.period, periodUnit: m.periodUnit, when: m.when, dayOfWeek: m.daysOfWeek,
  });
  const dosage = defined({
    text: m.direction,
    timing: Object.keys(repeat).length ? { repeat } : undefined,
    doseAndRate: m.dose !== null && m.doseUnit ? [{ doseQuantity: { value: m.dose, unit: m.doseUnit } }] as [{ doseQuantity: Quantity }] : undefined,
  });
  return {
    resourceType: 'MedicationStatement',
    status: m.end && m.end < today ? 'completed' : 'active',
    subject: { reference: `Patient/${patientId}` },
    contained: [{
      resourceType: 'Medication', id: CONTAINED_ID, code: { text: m.substance },
      ...(m.dosageForm && { form: { text: m.dosageForm } }),
      ...(m.concentration !== null && m.concentrationUnit && {
        ingredient: [{
          itemCodeableConcept: { text: m.substance },
          strength: { numerator: { value: m.concentration, unit: m.concentrationUnit }, denominator: { value: 1, unit: m.dosageForm ?? 'unit' } },
        }],
      }),
    }],
    medicationReference: { reference: `#${CONTAINED_ID}` },
    ...((m.start || m.end) && { effectivePeriod: defined({ start: m.start, end: m.end }) }),
    extension: [{ url: PSYCHOACTIVE_URL, valueBoolean: m.psychoactive }],
    ...(Object.keys(dosage).length && { dosage: [dosage] }),
  };
}

/** The form's view of a stored MedicationStatement (lenient: a missing element is an empty field). */
export function fromMedicationStatement(statement: Partial<FhirMedicationStatement>): Medication {
  const medication = statement.contained?.[0];
  const dosage = statement.dosage?.[0];
  const repeat = dosage?.timing?.repeat;
  const dose = dosage?.doseAndRate?.[0]?.doseQuantity;
  const strength = medication?.ingredient?.[0]?.strength.numerator;
  return {
    substance: medication?.code.text ?? '',
    dose: dose?.value ?? null,
    doseUnit: dose?.unit ?? null,
    psychoactive: statement.extension?.find((e) => e.url === PSYCHOACTIVE_URL)?.valueBoolean ?? false,
    frequency: repeat?.frequency ?? null,
    period: repeat?.period ?? null,
    periodUnit: (repeat?.periodUnit as Medication['periodUnit']) ?? null,
    concentration: strength?.value ?? null,
    concentrationUnit: strength?.unit ?? null,
    dosageForm: (medication?.form?.text as Medication['dosageForm']) ?? null,
    when: (repeat?.when ?? []) as Medication['when'],
    direction: dosage?.text ?? null,
    daysOfWeek: (repeat?.dayOfWeek ?? []) as Medication['daysOfWeek'],
    start: statement.effectivePeriod?.start ?? null,
    end: statement.effectivePeriod?.end ?? null,
  };
}

/** What the medication list shows above the table (SPEC §3: more than four medicines is polypharmacy). */
export function medicationFlags(medications: readonly Pick<Medication, 'psychoactive'>[]) {
  return { polypharmacy: isPolypharmacy(medications.length), psychoactive: medications.some((m) => m.psychoactive) };
}

/** A medication as the API answers it: the MedicationStatement's id and status beside the form's fields. */
export const medicationSchema = z.object({ id: z.string(), status: z.enum(['active', 'completed', 'stopped']), ...medicationInputSchema.shape });
/** The participant's medications, and the polypharmacy and psychoactive flags of those still taken. */
export const medicationListSchema = z.object({ items: z.array(medicationSchema), polypharmacy: z.boolean(), psychoactive: z.boolean() });
/** A diet supplement (an Observation's name and date). */
export const supplementSchema = z.object({ id: z.string(), name: z.string(), date: z.string().nullable() });
