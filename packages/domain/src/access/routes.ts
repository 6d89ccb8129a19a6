import type { Role } from './roles.ts';
import { hasAnyRole } from './roles.ts';

/**
 * The route table of SPEC §2 (history mode). `roles` is the route guard; 'any' means any signed-in
 * user and 'public' means no session is needed. `title` is the i18n key of the top-bar title of
 * named routes. The web router is built from this table and the API reuses the same role lists.
 */
export interface RouteDef {
  name: string;
  path: string;
  roles: readonly Role[] | 'any' | 'public';
  title?: string;
  /** Shell hidden (Login, Registration). */
  bare?: boolean;
}

export const PATIENT_ROLES = ['CCM', 'Tester', 'ClinicalExpert'] as const satisfies readonly Role[];
export const TECH_SUPPORT_ROLES = ['Tech', 'Tester', 'CCM', 'ClinicalExpert'] as const satisfies readonly Role[];
export const NOTEBOOK_ROLES = ['Tester', 'ClinicalExpert'] as const satisfies readonly Role[];
export const INTERVENTION_ROLES = ['CCM', 'Tester', 'ClinicalExpert'] as const satisfies readonly Role[];
export const INBOX_ROLES = ['CCM', 'Tester', 'ClinicalExpert'] as const satisfies readonly Role[];
export const GDPR_ROLES = ['CCM', 'SysAdmin', 'Auditor', 'Tester', 'ClinicalExpert'] as const satisfies readonly Role[];
/** The audit trail viewer (beyond the spec's route table): the Auditor for the study, the SysAdmin for their organisation. */
export const AUDIT_ROLES = ['Auditor', 'SysAdmin'] as const satisfies readonly Role[];
export const USER_MANAGEMENT_ROLES = ['SysAdmin', 'Tester'] as const satisfies readonly Role[];
/** Integration clients (issue 34): the platform's administrator only, for every organisation. */
export const INTEGRATION_CLIENT_ADMIN_ROLES = ['SysAdmin'] as const satisfies readonly Role[];
/** The study dataset export (issue 37 §1): the analysis roles. */
export const DATASET_EXPORT_ROLES = ['ClinicalExpert', 'Tester'] as const satisfies readonly Role[];
export const IC_ROLES = ['CCM', 'Tester'] as const satisfies readonly Role[];
/** Instrument catalogue and preview runs (beyond the spec's route table: the instruments issue adds it). */
export const INSTRUMENT_ROLES = ['ClinicalExpert', 'Tester', 'CCM'] as const satisfies readonly Role[];

export const ROUTES: readonly RouteDef[] = [
  { name: 'Home', path: '/', roles: 'any', title: 'routes.Home' },
  { name: 'Patients', path: '/patient', roles: PATIENT_ROLES, title: 'routes.Patients' },
  { name: 'Patient', path: '/patient/:patientID', roles: PATIENT_ROLES, title: 'routes.Patient' },
  { name: 'Patient.Assessments', path: '/patient/:patientID/assessment', roles: PATIENT_ROLES, title: 'routes.Patient.Assessments' },
  { name: 'Patient.Measurements', path: '/patient/:patientID/measurements', roles: PATIENT_ROLES, title: 'routes.Patient.Measurements' },
  { name: 'Patient.Assessment', path: '/patient/:patientID/assessment/:encounterID', roles: PATIENT_ROLES, title: 'routes.Patient.Assessment' },
  { name: 'Patient.Interventions', path: '/patient/:patientID/interventions', roles: PATIENT_ROLES, title: 'routes.Patient.Interventions' },
  { name: 'Patient.AdverseEvents', path: '/patient/:patientID/adverse-events', roles: PATIENT_ROLES, title: 'routes.Patient.AdverseEvents' },
  { name: 'Patient.ClinicalData', path: '/patient/:patientID/clinical-data', roles: PATIENT_ROLES, title: 'routes.Patient.ClinicalData' },
  /** The printable summary (issue 37): bare, so the page is the document and nothing of the shell. */
  { name: 'Patient.Summary', path: '/patient/:patientID/summary', roles: PATIENT_ROLES, title: 'routes.Patient.Summary', bare: true },
  { name: 'TechSupport.Patients', path: '/techsupport', roles: TECH_SUPPORT_ROLES, title: 'routes.TechSupport.Patients' },
  { name: 'TechSupport.Patient', path: '/techsupport/:patientID', roles: TECH_SUPPORT_ROLES, title: 'routes.TechSupport.Patient' },
  { name: 'Notebooks', path: '/notebooks', roles: NOTEBOOK_ROLES, title: 'routes.Notebooks' },
  { name: 'Notebooks.show', path: '/notebooks/:notebookID', roles: NOTEBOOK_ROLES, title: 'routes.Notebooks.show' },
  { name: 'DatasetExports', path: '/exports', roles: DATASET_EXPORT_ROLES, title: 'routes.DatasetExports' },
  { name: 'Interventions', path: '/interventions/medical', roles: INTERVENTION_ROLES, title: 'routes.Interventions' },
  { name: 'Interventions.show', path: '/interventions/:patientID/show', roles: INTERVENTION_ROLES, title: 'routes.Interventions' },
  { name: 'Interventions.new', path: '/interventions/new', roles: INTERVENTION_ROLES, title: 'routes.Interventions' },
  { name: 'Interventions.logs', path: '/interventions/logs', roles: INTERVENTION_ROLES, title: 'routes.Interventions' },
  { name: 'Interventions.notifications', path: '/interventions/notifications', roles: INTERVENTION_ROLES, title: 'routes.Interventions' },
  { name: 'Inbox', path: '/inbox', roles: INBOX_ROLES, title: 'routes.Inbox' },
  { name: 'gdpr', path: '/gdpr', roles: GDPR_ROLES, title: 'routes.gdpr' },
  { name: 'gdpr.show', path: '/gdpr/:gdprID/show', roles: GDPR_ROLES, title: 'routes.gdpr' },
  { name: 'Audit', path: '/audit', roles: AUDIT_ROLES, title: 'routes.Audit' },
  { name: 'UserManagement', path: '/user-management', roles: USER_MANAGEMENT_ROLES, title: 'routes.UserManagement' },
  { name: 'IntrinsecCapacity', path: '/ic', roles: IC_ROLES, title: 'routes.IntrinsecCapacity' },
  { name: 'Instruments', path: '/instruments', roles: INSTRUMENT_ROLES, title: 'routes.Instruments' },
  { name: 'Login', path: '/login', roles: 'public', bare: true },
  { name: 'ForgotPassword', path: '/login/forgot', roles: 'public', bare: true },
  { name: 'ResetPassword', path: '/login/reset', roles: 'public', bare: true },
  { name: 'Registration', path: '/registration', roles: 'public', bare: true },
  { name: 'Callback', path: '/callback', roles: 'public', bare: true },
  { name: 'Logout', path: '/logout', roles: 'public', bare: true },
];

function matchPath(pattern: string, path: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = path.split('?')[0].split('/').filter(Boolean);
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') ? b[i].length > 0 : seg === b[i]);
}

/** The route a path resolves to; static segments win over parameters (`/interventions/new`). */
export function resolveRoute(path: string): RouteDef | undefined {
  const matches = ROUTES.filter((r) => matchPath(r.path, path));
  const staticScore = (r: RouteDef) => r.path.split('/').filter((s) => s && !s.startsWith(':')).length;
  return matches.sort((x, y) => staticScore(y) - staticScore(x))[0];
}

export type RouteDecision =
  | { kind: 'allow'; route: RouteDef }
  | { kind: 'redirect'; to: string; reason: 'unknown' | 'login' | 'signed-in' }
  | { kind: 'forbidden'; route: RouteDef; to: '/' };

/** The route guard of SPEC §2 as a pure decision: unknown → /, no session → Login, login when signed in → Home. */
export function guardRoute(path: string, session: { roles: readonly Role[] } | null): RouteDecision {
  const route = resolveRoute(path);
  if (!route) return { kind: 'redirect', to: '/', reason: 'unknown' };
  if (route.roles === 'public') {
    if (route.name === 'Login' && session) return { kind: 'redirect', to: '/', reason: 'signed-in' };
    return { kind: 'allow', route };
  }
  if (!session) return { kind: 'redirect', to: '/login', reason: 'login' };
  return hasAnyRole(session.roles, route.roles) ? { kind: 'allow', route } : { kind: 'forbidden', route, to: '/' };
}
