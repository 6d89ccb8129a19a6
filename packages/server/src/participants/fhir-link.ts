import type { Transaction } from 'kysely';
import type { Bundle } from '@medplum/fhirtypes';
import type { RecruitmentStatus } from '@geria/domain';
import { RESEARCH_SUBJECT_STATUS } from '@geria/domain/rules/assessment-recruitment-decision.ts';
import type { Database } from '../db/types.ts';
import { FhirError, fhirService, type FhirClient } from '../fhir/service.ts';
import type { Executor } from '../fhir/repository.ts';
import { conflict, notFound, ruleViolation } from '../http/errors.ts';
import type { Caller } from './access.ts';
import type { ParticipantHooks } from './service.ts';

/** The caller's FHIR client inside the participant's transaction: its writes commit with the rows. */
export const fhirIn = (tx: Transaction<Database> | Executor, caller: Caller): FhirClient =>
  fhirService(tx).withContext({ kind: 'user', user: caller.user });

import { STUDY_REFERENCE } from '../fhir/study-resources.ts';

export { STUDY_REFERENCE };
export const SOURCE_OF_REFERRAL_URL = 'https://geria.example.org/fhir/StructureDefinition/source-of-referral';

/**
 * The participant's FHIR Patient carries no name or contact: identifying data stay in the
 * relational study record, the clinical store holds pseudonymous resources under the same id.
 */
export const patientOf = (id: string, orgid: number) => ({
  resourceType: 'Patient', id, active: true, managingOrganization: { reference: `Organization/${orgid}` },
});

/** The source of referral, recorded with the demographics, is an extension of the ResearchSubject. */
export const researchSubjectOf = (id: string, { status = 'pending', sourceOfReferral }: { status?: RecruitmentStatus; sourceOfReferral?: string | null } = {}) => ({
  // The same mapping as every later recruitment change: a new (pending) participant is in screening.
  resourceType: 'ResearchSubject', status: RESEARCH_SUBJECT_STATUS[status], study: { reference: STUDY_REFERENCE },
  individual: { reference: `Patient/${id}` },
  ...(sourceOfReferral && { extension: [{ url: SOURCE_OF_REFERRAL_URL, valueString: sourceOfReferral }] }),
});

/** The resource types about a Patient and the search parameter naming it. */
const CLINICAL_TYPES: [string, string][] = [
  ['Observation', 'subject'], ['Condition', 'subject'], ['QuestionnaireResponse', 'subject'], ['Encounter', 'subject'],
  ['MedicationStatement', 'subject'], ['DiagnosticReport', 'subject'], ['AdverseEvent', 'subject'],
  ['FamilyMemberHistory', 'patient'], ['Device', 'patient'],
];

export const entries = (bundle: Bundle) => (bundle.entry ?? []).flatMap((e) => (e.resource ? [e.resource] : []));

export async function hasClinicalData(fhir: FhirClient, id: string): Promise<boolean> {
  for (const [type, param] of CLINICAL_TYPES) {
    const page = await fhir.search(type, { [param]: `Patient/${id}`, _count: '0' });
    if ((page.total ?? 0) > 0) return true;
  }
  return false;
}

/** Creating a participant creates its Patient and ResearchSubject; deleting removes them, unless clinical data exist. */
export const fhirParticipantHooks: ParticipantHooks = {
  created: (tx, caller, record) => viaFhir(() => fhirIn(tx, caller).writing(async (session) => {
    await session.create(patientOf(record.id, caller.organisation.orgid), record.id);
    await session.create(researchSubjectOf(record.id));
  })),
  deleting: (tx, caller, id) => viaFhir(async () => {
    const fhir = fhirIn(tx, caller);
    if (await hasClinicalData(fhir, id)) throw conflict('participants.errors.hasClinicalData');
    const subjects = entries(await fhir.search('ResearchSubject', { individual: `Patient/${id}`, _count: '100' }));
    await fhir.writing(async (session) => {
      for (const subject of subjects) await session.delete('ResearchSubject', subject.id!);
      await session.delete('Patient', id);
    });
  }),
};

/**
 * Runs FHIR work for an /api/v1 endpoint: a FhirError becomes the API's own error shape
 * (404 for a missing or hidden resource, 409 for a version conflict, 422 otherwise).
 */
export async function viaFhir<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof FhirError)) throw error;
    if (error.status === 404 || error.status === 410) throw notFound();
    if (error.status === 409 || error.status === 412) throw conflict();
    throw ruleViolation('errors.validation', {}, error.issues);
  }
}
