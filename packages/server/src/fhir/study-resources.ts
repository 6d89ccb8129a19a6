import type { Resource } from '@medplum/fhirtypes';
import { ORGANISATIONS, organisationById, STUDY_VALUE_SETS, studyValueSet } from '@geria/domain';
import { translatedError } from './outcome.ts';

/**
 * The resources every Patient and ResearchSubject refers to (`Organization/<orgid>`,
 * `ResearchStudy/geria`) and the study's option lists (`ValueSet/<list>`, domain
 * study-value-sets.ts), served read-only from the study's reference data so each reference and code
 * Geria writes resolves on /fhir; they change with the code, never through the API (405). The pilots'
 * Groups (bulk/groups.ts) are read-only too, built from the participants at each read.
 */
export const STUDY_REFERENCE = 'ResearchStudy/geria';
export const READ_ONLY_TYPES = ['Organization', 'ResearchStudy', 'ValueSet', 'Group'] as const;
export const isReadOnlyType = (type: string) => (READ_ONLY_TYPES as readonly string[]).includes(type);

/** The refusal of a write (or of an interaction the reference data has not, like history) on a read-only type. */
export const readOnly = (type: string) => translatedError(405, 'not-supported', 'errors.readOnlyResource', { type });

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
  if (type === 'ValueSet') return studyValueSet(id);
  if (type === 'ResearchStudy' && `ResearchStudy/${id}` === STUDY_REFERENCE) {
    return { resourceType: 'ResearchStudy', id, meta: META, status: 'active', title: 'Geria: a multi-country study of older adults' };
  }
  return undefined;
}

/** Every resource of a read-only type, in a fixed order. */
export function readOnlyResources(type: string): Resource[] {
  if (type === 'ValueSet') return [...STUDY_VALUE_SETS];
  const ids = type === 'Organization' ? ORGANISATIONS.map((o) => String(o.orgid)) : type === 'ResearchStudy' ? [STUDY_REFERENCE.split('/')[1]] : [];
  return ids.flatMap((id) => readOnlyResource(type, id) ?? []);
}
