/**
 * How each route's screen module loads, by route name, without React: the entry (main.tsx) starts
 * the current route's download together with the interface's, and screens.ts makes the lazy screens
 * from the same functions (the browser loads a module once).
 */
export const SCREEN_LOADERS = {
  Home: () => import('../../features/home/pages/HomePage.tsx'),
  Login: () => import('../../features/auth/pages/LoginPage.tsx'),
  Callback: () => import('../../features/auth/pages/CallbackPage.tsx'),
  Logout: () => import('../../features/auth/pages/LogoutPage.tsx'),
  Registration: () => import('../../features/accounts/pages/RegistrationPage.tsx'),
  ForgotPassword: () => import('../../features/accounts/pages/ForgotPasswordPage.tsx'),
  ResetPassword: () => import('../../features/accounts/pages/ResetPasswordPage.tsx'),
  UserManagement: () => import('../../features/accounts/pages/UserManagementPage.tsx'),
  Instruments: () => import('../../features/instruments/pages/InstrumentsPage.tsx'),
  Patients: () => import('../../features/participants/pages/PatientsPage.tsx'),
  Patient: () => import('../../features/participants/pages/PatientPage.tsx'),
  'Patient.Assessments': () => import('../../features/assessments/pages/AssessmentsPage.tsx'),
  'TechSupport.Patients': () => import('../../features/techsupport/pages/TechSupportPage.tsx'),
  'TechSupport.Patient': () => import('../../features/techsupport/pages/TechSupportPatientPage.tsx'),
  Inbox: () => import('../../features/inbox/pages/InboxPage.tsx'),
  gdpr: () => import('../../features/gdpr/pages/GdprPage.tsx'),
  'gdpr.show': () => import('../../features/gdpr/pages/GdprShowPage.tsx'),
  Audit: () => import('../../features/audit/pages/AuditPage.tsx'),
  'Patient.AdverseEvents': () => import('../../features/adverse-events/pages/AdverseEventsPage.tsx'),
  'Patient.Measurements': () => import('../../features/devicedata/pages/MeasurementsPage.tsx'),
  'Patient.ClinicalData': () => import('../../features/devicedata/pages/ClinicalDataPage.tsx'),
  'Patient.Summary': () => import('../../features/participants/pages/PatientSummaryPage.tsx'),
  Interventions: () => import('../../features/interventions/pages/RulesPage.tsx'),
  'Interventions.new': () => import('../../features/interventions/pages/RuleEditorPage.tsx'),
  'Interventions.logs': () => import('../../features/interventions/pages/LogsPage.tsx'),
  'Interventions.notifications': () => import('../../features/interventions/pages/NotificationsPage.tsx'),
  'Interventions.show': () => import('../../features/interventions/pages/ParticipantInterventionsPage.tsx'),
  'Patient.Interventions': () => import('../../features/interventions/pages/ParticipantInterventionsPage.tsx'),
  'Patient.Assessment': () => import('../../features/assessments/pages/AssessmentPage.tsx'),
  Notebooks: () => import('../../features/analytics/pages/NotebooksPage.tsx'),
  'Notebooks.show': () => import('../../features/analytics/pages/NotebookPage.tsx'),
  DatasetExports: () => import('../../features/exports/pages/DatasetExportsPage.tsx'),
  IntrinsecCapacity: () => import('../../features/analytics/pages/IntrinsicCapacityPage.tsx'),
} as const;

/** Starts loading a route's screen, if it has one. */
export function preloadScreen(routeName: string): void {
  const load = (SCREEN_LOADERS as Record<string, (() => Promise<unknown>) | undefined>)[routeName];
  void load?.().catch(() => undefined);
}
