import { z } from 'zod';

/**
 * An adverse event of the patient record (SPEC §3 "Adverse event") and its FHIR R4 AdverseEvent:
 * the enumerations are the spec's codes, carried as `code` of a CodeableConcept under our own
 * code systems (FHIR R4's value sets for severity/outcome differ from the spec's lists).
 */
export const ADVERSE_EVENT_CATEGORIES = [
  'product_problem', 'product_quality', 'product_use_error', 'wrong_dose', 'incorrect_prescribing_information', 'wrong_technique',
  'wrong_route_of_administration', 'wrong_rate', 'wrong_duration', 'wrong_time', 'expired_drug', 'medical_device_use_error',
  'problem_different_manufacturer', 'unsafe_physical_environment',
] as const;
export const ADVERSE_EVENT_SEVERITIES = ['mild', 'moderate', 'severe'] as const;
export const ADVERSE_EVENT_OUTCOMES = ['resolved', 'recovering', 'fatal', 'unknown', 'resolvedWithSequelae', 'ongoing'] as const;
export const ADVERSE_EVENT_CAUSALITIES = ['yes', 'no', 'possibility'] as const;
export const ADVERSE_EVENT_ACTUALITIES = ['actual', 'potential'] as const;
export const ADVERSE_EVENT_SERIOUSNESS = ['serious', 'non_serious'] as const;
export const SUSPECT_ENTITY_KINDS = ['Device', 'Medication'] as const;

const SYSTEM = 'https://geria.example.org/fhir/CodeSystem/adverse-event-';
/** Relational devices are referenced by their row id under this FHIR type; medications are MedicationStatements. */
const SUSPECT_TYPE = { Device: 'Device', Medication: 'MedicationStatement' } as const;

const uuidish = z.string().regex(/^[A-Za-z0-9\-.]{1,64}$/);
export const adverseEventInputSchema = z.object({
  event: z.string().trim().min(1).max(500),
  recordedDate: z.iso.date(),
  detectedDate: z.iso.date(),
  category: z.enum(ADVERSE_EVENT_CATEGORIES),
  severity: z.enum(ADVERSE_EVENT_SEVERITIES),
  outcome: z.enum(ADVERSE_EVENT_OUTCOMES),
  causality: z.enum(ADVERSE_EVENT_CAUSALITIES),
  actuality: z.enum(ADVERSE_EVENT_ACTUALITIES),
  seriousness: z.enum(ADVERSE_EVENT_SERIOUSNESS),
  suspectEntities: z.array(z.object({ kind: z.enum(SUSPECT_ENTITY_KINDS), id: uuidish }).strict()).max(20).default([]),
}).strict()
  .refine((e) => e.detectedDate <= e.recordedDate, { path: ['detectedDate'], message: 'adverseEvents.errors.detectedAfterRecorded' });
export type AdverseEventInput = z.input<typeof adverseEventInputSchema>;
export type AdverseEvent = z.output<typeof adverseEventInputSchema>;

type Coding = { coding: [{ system: string; code: string }] };
const coded = (kind: string, code: string): Coding => ({ coding: [{ system: SYSTEM + kind, code }] });
const codeOf = (concept: unknown): string => (concept as Coding | undefined)?.coding?.[0]?.code ?? '';

export interface FhirAdverseEvent {
  resourceType: 'AdverseEvent';
  id?: string;
  actuality: string;
  subject: { reference: string };
  event: { text: string };
  category: [Coding];
  date: string;
  detected: string;
  recordedDate: string;
  seriousness: Coding;
  severity: Coding;
  outcome: Coding;
  suspectEntity?: { instance: { reference: string }; causality: [{ assessment: Coding }] }[];
}

export function toFhirAdverseEvent(patientId: string, e: AdverseEvent): FhirAdverseEvent {
  return {
    resourceType: 'AdverseEvent',
    actuality: e.actuality,
    subject: { reference: `Patient/${patientId}` },
    event: { text: e.event },
    category: [coded('category', e.category)],
    date: e.detectedDate,
    detected: e.detectedDate,
    recordedDate: e.recordedDate,
    seriousness: coded('seriousness', e.seriousness),
    severity: coded('severity', e.severity),
    outcome: coded('outcome', e.outcome),
    // The causality is one assessment of the event, repeated on each suspect (FHIR keeps it per entity).
    ...(e.suspectEntities.length && {
      suspectEntity: e.suspectEntities.map((s) => ({
        instance: { reference: `${SUSPECT_TYPE[s.kind]}/${s.id}` }, causality: [{ assessment: coded('causality', e.causality) }] as [{ assessment: Coding }],
      })),
    }),
  };
}

/** The form's view of a stored AdverseEvent (lenient: a missing element is an empty field). */
export function fromFhirAdverseEvent(r: Partial<FhirAdverseEvent> & { extension?: unknown }): AdverseEvent & { causalityStored: boolean } {
  const suspects = r.suspectEntity ?? [];
  return {
    event: r.event?.text ?? '',
    recordedDate: r.recordedDate?.slice(0, 10) ?? '',
    detectedDate: (r.detected ?? r.date)?.slice(0, 10) ?? '',
    category: codeOf(r.category?.[0]) as AdverseEvent['category'],
    severity: codeOf(r.severity) as AdverseEvent['severity'],
    outcome: codeOf(r.outcome) as AdverseEvent['outcome'],
    causality: (codeOf(suspects[0]?.causality?.[0]?.assessment) || 'possibility') as AdverseEvent['causality'],
    causalityStored: !!suspects[0],
    actuality: (r.actuality ?? 'actual') as AdverseEvent['actuality'],
    seriousness: codeOf(r.seriousness) as AdverseEvent['seriousness'],
    suspectEntities: suspects.flatMap((s) => {
      const [type, id] = s.instance.reference.split('/');
      const kind = type === 'Device' ? 'Device' : type === 'MedicationStatement' ? 'Medication' : undefined;
      return kind && id ? [{ kind, id }] : [];
    }),
  };
}

/** An adverse event as the API answers it: the AdverseEvent's id and last update beside the form's fields. */
export const adverseEventSchema = z.object({ id: z.string(), lastUpdated: z.string().nullable(), ...adverseEventInputSchema.shape });
