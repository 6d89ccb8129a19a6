import type { Resource } from '@medplum/fhirtypes';
import { organisationById } from '@geria/domain';

/**
 * The resources every Patient and ResearchSubject refers to (`Organization/<orgid>`,
 * `ResearchStudy/geria`), served read-only from the study's reference data so each reference Geria
 * writes resolves on /fhir; they change with the code, never through the API.
 */
export const STUDY_REFERENCE = 'ResearchStudy/geria';
export const READ_ONLY_TYPES = ['Organization', 'ResearchStudy'] as const;
export const isReadOnlyType = (type: string) => (READ_ONLY_TYPES as readonly string[]).includes(type);

const META = { versionId: '1', lastUpdated: '2026-11-01T00:00:00.000Z' };

export function readOnlyResource(type: string, id: string): Resource | undefined {
  if (type === 'Organization' && /^\d+$/.test(id)) {
    const organisation = organisationById(Number(id));
    return organisation && {
      resourceType: 'Organization', id, meta: META, active: true, name: organisation.name,
      identifier: [{ system: 'https://geria.example.org/fhir/NamingSystem/organisation', value: organisation.abbr }],
      address: [{ country: organisation.country }],
    };
  }
  if (type === 'ResearchStudy' && `ResearchStudy/${id}` === STUDY_REFERENCE) {
    return { resourceType: 'ResearchStudy', id, meta: META, status: 'active', title: 'Geria: a multi-country study of older adults' };
  }
  return undefined;
}
