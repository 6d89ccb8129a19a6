import type { Resource } from '@medplum/fhirtypes';
import { buildObservationBundle, type FhirObservation, type Coding } from '@geria/domain';
import type { FhirClient } from '../fhir/service.ts';
import { ruleViolation } from '../http/errors.ts';
import { entries } from './fhir-link.ts';

/** The participant's Observations of one code, newest first. */
export async function observationsOf(fhir: FhirClient, patientId: string, code: Coding, count = 100): Promise<FhirObservation[]> {
  const page = await fhir.search('Observation', { subject: `Patient/${patientId}`, code: `${code.system}|${code.code}`, _sort: '-date', _count: String(count) });
  return entries(page) as unknown as FhirObservation[];
}

/**
 * Saves observation-builder items with the domain's write-operation rule: one transaction Bundle
 * (POST, PUT or DELETE per changed item), all or nothing. An invalid item is a 422 with its message.
 */
export async function saveObservationItems(fhir: FhirClient, items: readonly unknown[], previous: readonly FhirObservation[]) {
  const built = buildObservationBundle(items, { previous });
  if (!built.ok) {
    const [first] = built.errors[0]!.errors;
    throw ruleViolation(first!.code, first!.params ?? {}, built.errors);
  }
  if (!built.bundle.entry.length) return [];
  const response = await fhir.bundle(built.bundle);
  return (response.entry ?? []).map((e) => e.resource as Resource | undefined);
}
