import type { Resource } from '@medplum/fhirtypes';
import { holoBalanceProblems, translate, type HoloBalanceObservation } from '@geria/domain';
import { FhirError } from './outcome.ts';

/**
 * The domain's rules on what a resource says, beyond its FHIR structure, checked on every create
 * and update before it is stored: a HOLOBalance session's components and score (domain
 * holobalance.ts). Refused with 422, each issue at its element (a Bundle entry's, within the
 * entry) and in the reader's language.
 */
export function refuseMalformedContent(resource: Resource): void {
  if (resource.resourceType !== 'Observation') return;
  const problems = holoBalanceProblems(resource as HoloBalanceObservation);
  if (!problems.length) return;
  throw new FhirError(422, problems.map(({ expression, key, params }) => ({
    code: 'processing', text: translate('en', key, params), message: { key, params }, expression,
  })));
}
