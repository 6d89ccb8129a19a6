import { z } from 'zod';
import type { RuleMessage } from './rule-message.ts';

/**
 * One clinical observation of a form, as the web sends it for a save (SPEC §3 "Observation",
 * §5 "Observation builder"), and its FHIR R4 Observation. A Removable item is a checkbox (present
 * or not); an Editable item is a field whose value may be filled, changed or emptied.
 */
export const OBSERVATION_ITEM_TYPES = ['Removable', 'Editable'] as const;
export const VALUE_KINDS = ['codeableConcept', 'integer', 'string', 'quantity', 'boolean'] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];
export const FHIR_OBSERVATION_STATUSES = [
  'registered', 'preliminary', 'final', 'amended', 'corrected', 'cancelled', 'entered-in-error', 'unknown',
] as const;

export const codingSchema = z.object({ system: z.string().min(1), code: z.string().min(1), display: z.string().min(1) });
export type Coding = z.infer<typeof codingSchema>;

/** An emptied field keeps its kind with a null value (an empty string for text). */
const valueShape = {
  codeableConcept: codingSchema.nullable().optional(),
  integer: z.number().int().nullable().optional(),
  string: z.string().nullable().optional(),
  quantity: z
    .object({ value: z.number().nullable(), unit: z.string().min(1), code: z.string().min(1).optional(), system: z.string().min(1).optional() })
    .optional(),
  boolean: z.boolean().nullable().optional(),
};

export const observationComponentSchema = z.object({
  code: z.string().min(1),
  display: z.string().min(1),
  system: z.string().min(1),
  ...valueShape,
});
export type ObservationComponentInput = z.infer<typeof observationComponentSchema>;

export const observationItemSchema = z.object({
  /** Patient resource id. */
  patient: z.string().min(1),
  type: z.enum(OBSERVATION_ITEM_TYPES),
  alreadyPresent: z.boolean(),
  /** Id of the stored Observation; required when it is already present. */
  id: z.string().min(1).nullish(),
  code: codingSchema,
  /** Items outside the bundle are saved by their own request and skipped by the transaction. */
  inBundle: z.boolean(),
  status: z.enum(FHIR_OBSERVATION_STATUSES),
  /** Checkbox state of a Removable item. */
  checked: z.boolean().optional(),
  ...valueShape,
  components: z.array(observationComponentSchema).optional(),
  bodySite: codingSchema.optional(),
  /** Encounter resource id. */
  encounter: z.string().min(1).optional(),
  effectiveDateTime: z.union([z.iso.datetime({ offset: true }), z.iso.date()]).optional(),
  profile: z.string().min(1).optional(),
});
export type ObservationItem = z.infer<typeof observationItemSchema>;

const REQUIRED_FIELDS = ['patient', 'type', 'alreadyPresent', 'code', 'inBundle', 'status'] as const;
const CODE_PARTS = ['system', 'code', 'display'] as const;

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const isBlank = (value: unknown) => value === undefined || value === null || value === '';

function valueErrors(source: Loose, prefix: string): RuleMessage[] {
  const errors: RuleMessage[] = [];
  const kinds = VALUE_KINDS.filter((kind) => source[kind] !== undefined);
  if (kinds.length > 1) errors.push({ code: 'rules.observation.oneValueKind', params: { field: prefix || 'value', kinds: kinds.join(', ') } });
  const integer = source.integer;
  if (integer !== undefined && integer !== null && !(typeof integer === 'number' && Number.isInteger(integer)))
    errors.push({ code: 'rules.observation.integerNotWhole', params: { field: `${prefix}integer` } });
  const bool = source.boolean;
  if (bool !== undefined && bool !== null && typeof bool !== 'boolean')
    errors.push({ code: 'rules.observation.booleanInvalid', params: { field: `${prefix}boolean` } });
  const quantity = source.quantity;
  if (quantity !== undefined && !(isObject(quantity) && typeof quantity.unit === 'string' && quantity.unit.trim()))
    errors.push({ code: 'rules.observation.quantityUnitRequired', params: { field: `${prefix}quantity` } });
  return errors;
}

/** Every broken rule, each once with the field it concerns (keys `rules.observation.*`). */
function ruleErrors(input: Loose): RuleMessage[] {
  const errors: RuleMessage[] = [];
  for (const field of REQUIRED_FIELDS)
    if (isBlank(input[field])) errors.push({ code: 'rules.observation.required', params: { field } });
  if (input.alreadyPresent === true && isBlank(input.id)) errors.push({ code: 'rules.observation.required', params: { field: 'id' } });
  if (isObject(input.code))
    for (const part of CODE_PARTS)
      if (isBlank(input.code[part])) errors.push({ code: 'rules.observation.required', params: { field: `code.${part}` } });
  if (!isBlank(input.type) && !(OBSERVATION_ITEM_TYPES as readonly unknown[]).includes(input.type))
    errors.push({ code: 'rules.observation.typeInvalid', params: { type: String(input.type) } });
  if (input.type === 'Removable' && typeof input.checked !== 'boolean') errors.push({ code: 'rules.observation.checkboxRequired' });
  if (!isBlank(input.status) && !(FHIR_OBSERVATION_STATUSES as readonly unknown[]).includes(input.status))
    errors.push({ code: 'rules.observation.statusInvalid', params: { status: String(input.status) } });
  errors.push(...valueErrors(input, ''));
  if (Array.isArray(input.components))
    input.components.forEach((component: unknown, index) => {
      const loose = isObject(component) ? component : {};
      for (const part of CODE_PARTS)
        if (isBlank(loose[part])) errors.push({ code: 'rules.observation.componentIncomplete', params: { index, field: part } });
      errors.push(...valueErrors(loose, `components.${index}.`));
    });
  return errors;
}

export type ItemValidation = { ok: true; item: ObservationItem } | { ok: false; errors: RuleMessage[] };

export function validateObservationItem(input: unknown): ItemValidation {
  const loose = isObject(input) ? input : {};
  const errors = ruleErrors(loose);
  if (errors.length) return { ok: false, errors };
  const parsed = observationItemSchema.safeParse(loose);
  if (parsed.success) return { ok: true, item: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) => ({ code: 'rules.observation.invalidField', params: { field: issue.path.join('.') } })),
  };
}

export interface FhirCodeableConcept { coding: Coding[]; text?: string }
export interface FhirQuantity { value: number; unit: string; system?: string; code?: string }
export interface FhirValue {
  valueCodeableConcept?: FhirCodeableConcept;
  valueInteger?: number;
  valueString?: string;
  valueQuantity?: FhirQuantity;
  valueBoolean?: boolean;
}
export interface FhirObservation extends FhirValue {
  resourceType: 'Observation';
  id?: string;
  meta?: { profile: string[] };
  status: (typeof FHIR_OBSERVATION_STATUSES)[number];
  code: FhirCodeableConcept;
  subject: { reference: string };
  encounter?: { reference: string };
  effectiveDateTime?: string;
  component?: (FhirValue & { code: FhirCodeableConcept })[];
  bodySite?: FhirCodeableConcept;
}

const concept = (coding: Coding): FhirCodeableConcept => ({ coding: [coding], text: coding.display });

/** The value[x] of an item or component; empty when the value was emptied. */
export function fhirValue(source: Pick<ObservationItem, ValueKind>): FhirValue {
  const { codeableConcept, integer, string, quantity } = source;
  if (codeableConcept) return { valueCodeableConcept: concept(codeableConcept) };
  if (integer != null) return { valueInteger: integer };
  if (string != null && string.trim() !== '') return { valueString: string };
  if (quantity && quantity.value != null) {
    const { value, unit, system, code } = quantity;
    return { valueQuantity: { value, unit, ...(system && { system }), ...(code && { code }) } };
  }
  if (source.boolean != null) return { valueBoolean: source.boolean };
  return {};
}

/** Whether the item carries a value, in itself or in one of its components. */
export function hasValue(item: ObservationItem): boolean {
  const filled = (source: Pick<ObservationItem, ValueKind>) => Object.keys(fhirValue(source)).length > 0;
  return filled(item) || (item.components ?? []).some(filled);
}

export function toFhirObservation(item: ObservationItem): FhirObservation {
  const components = (item.components ?? []).map((component) => ({
    code: concept({ system: component.system, code: component.code, display: component.display }),
    ...fhirValue(component),
  }));
  return {
    resourceType: 'Observation',
    ...(item.alreadyPresent && item.id && { id: item.id }),
    ...(item.profile && { meta: { profile: [item.profile] } }),
    status: item.status,
    code: concept(item.code),
    subject: { reference: `Patient/${item.patient}` },
    ...(item.encounter && { encounter: { reference: `Encounter/${item.encounter}` } }),
    ...(item.effectiveDateTime && { effectiveDateTime: item.effectiveDateTime }),
    ...fhirValue(item),
    ...(components.length > 0 && { component: components }),
    ...(item.bodySite && { bodySite: concept(item.bodySite) }),
  };
}
