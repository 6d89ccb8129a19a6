import type { Role } from './roles.ts';
import { PATIENT_ROLES, TECH_SUPPORT_ROLES } from './routes.ts';

/**
 * Who may read and write each kind of health data, whichever surface asks: the app endpoints
 * under /api/v1 and the FHIR API under /fhir decide from this one table (SPEC §6 leaves
 * role-gated actions beyond routes open; these are the product's decisions):
 * - CCM, ClinicalExpert and Tester (the patient routes' roles) read and write the clinical record.
 * - Tech reads devices only (tech support), never clinical values.
 * - Auditor sees aggregates, the audit trail and GDPR requests, not individual clinical records:
 *   an audit that needs a record goes through the audit trail's before/after, which is logged.
 * - SysAdmin administers accounts and has no clinical access.
 */
export interface ClinicalAccess {
  read: readonly Role[];
  write: readonly Role[];
}

const CLINICAL: ClinicalAccess = { read: PATIENT_ROLES, write: PATIENT_ROLES };

export const CLINICAL_ACCESS: Readonly<Record<string, ClinicalAccess>> = {
  Device: { read: TECH_SUPPORT_ROLES, write: PATIENT_ROLES },
};

/** Shared definitions (no patient: Questionnaire, ValueSet, an unassigned Device) change study-wide. */
export const SHARED_WRITE_ROLES: readonly Role[] = ['ClinicalExpert', 'Tester'];

/** The access rule of a FHIR resource type (every type not listed is clinical data). */
export const clinicalAccess = (resourceType: string): ClinicalAccess =>
  Object.hasOwn(CLINICAL_ACCESS, resourceType) ? CLINICAL_ACCESS[resourceType] : CLINICAL;

export const mayRead = (roles: readonly Role[], resourceType: string) => roles.some((r) => clinicalAccess(resourceType).read.includes(r));
export const mayWrite = (roles: readonly Role[], resourceType: string) => roles.some((r) => clinicalAccess(resourceType).write.includes(r));
