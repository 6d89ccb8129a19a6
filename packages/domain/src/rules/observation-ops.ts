import type { RuleMessage } from './rule-message.ts';
import {
  hasValue, toFhirObservation, validateObservationItem, type FhirObservation, type ObservationItem,
} from './observation-builder.ts';

export type ObservationMethod = 'POST' | 'PUT' | 'DELETE';

/** Keys in a fixed order, so two equal values from different sources compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`).join(',')}}`;
  return JSON.stringify(value);
}

/** What a save changes: value[x], component values and body site. The effective time alone is not a change. */
function recordedValue(observation: FhirObservation): string {
  const { valueCodeableConcept, valueInteger, valueString, valueQuantity, valueBoolean, component, bodySite } = observation;
  return canonical({ valueCodeableConcept, valueInteger, valueString, valueQuantity, valueBoolean, component, bodySite });
}

/**
 * The write operation of one item (SPEC §4 "Observation write operation").
 * Removable: present and unchecked → DELETE; absent and checked → POST; otherwise nothing.
 * Editable: a value → PUT when present (nothing when `previous` holds the same value), POST when
 * absent; no value → DELETE when present, nothing when absent.
 */
export function observationOperation(item: ObservationItem, previous?: FhirObservation): ObservationMethod | null {
  if (item.type === 'Removable') {
    if (item.alreadyPresent && !item.checked) return 'DELETE';
    if (!item.alreadyPresent && item.checked) return 'POST';
    return null;
  }
  if (!hasValue(item)) return item.alreadyPresent ? 'DELETE' : null;
  if (!item.alreadyPresent) return 'POST';
  return previous && recordedValue(previous) === recordedValue(toFhirObservation(item)) ? null : 'PUT';
}

export interface BundleEntry {
  fullUrl?: string;
  resource?: FhirObservation;
  request: { method: ObservationMethod; url: string };
}
export interface TransactionBundle {
  resourceType: 'Bundle';
  type: 'transaction';
  entry: BundleEntry[];
}

export type BundleResult =
  | { ok: true; bundle: TransactionBundle; operations: { index: number; method: ObservationMethod; id?: string }[] }
  | { ok: false; errors: { index: number; errors: RuleMessage[] }[] };

export interface BundleOptions {
  /** The stored Observations of the form, to recognise unchanged values. */
  previous?: readonly FhirObservation[];
  /** Source of the urn:uuid of new resources. */
  newUuid?: () => string;
}

function entryFor(item: ObservationItem, method: ObservationMethod, newUuid: () => string): BundleEntry {
  if (method === 'DELETE') return { request: { method, url: `Observation/${item.id}` } };
  if (method === 'PUT') return { resource: toFhirObservation(item), request: { method, url: `Observation/${item.id}` } };
  return { fullUrl: `urn:uuid:${newUuid()}`, resource: toFhirObservation(item), request: { method, url: 'Observation' } };
}

/**
 * One FHIR transaction for a whole form save: every item is validated first, and nothing is built
 * when one is invalid, so a save is all or nothing. Items without an operation add no entry.
 */
export function buildObservationBundle(items: readonly unknown[], options: BundleOptions = {}): BundleResult {
  const validations = items.map((input) => validateObservationItem(input));
  const errors = validations.flatMap((result, index) => (result.ok ? [] : [{ index, errors: result.errors }]));
  if (errors.length) return { ok: false, errors };
  const previousById = new Map((options.previous ?? []).filter((obs) => obs.id).map((obs) => [obs.id as string, obs]));
  const newUuid = options.newUuid ?? (() => crypto.randomUUID());
  const entry: BundleEntry[] = [];
  const operations: { index: number; method: ObservationMethod; id?: string }[] = [];
  validations.forEach((result, index) => {
    if (!result.ok || !result.item.inBundle) return;
    const { item } = result;
    const method = observationOperation(item, item.id ? previousById.get(item.id) : undefined);
    if (!method) return;
    entry.push(entryFor(item, method, newUuid));
    operations.push({ index, method, ...(item.alreadyPresent && item.id && { id: item.id }) });
  });
  return { ok: true, bundle: { resourceType: 'Bundle', type: 'transaction', entry }, operations };
}
