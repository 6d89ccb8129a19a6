import type { RouteDef } from '@geria/domain';
import { createElement } from 'react';
import { PATIENT_SECTIONS } from './patient-sections.ts';
import { lazyScreen, type LazyScreen } from './lazy-screen.ts';

/** The screen of each route by route name. */
const SCREENS: Record<string, LazyScreen> = {
  Home: lazyScreen(() => import('../../features/home/pages/HomePage.tsx'), (m) => m.HomePage),
  Login: lazyScreen(() => import('../../features/auth/pages/LoginPage.tsx'), (m) => m.LoginPage),
  Callback: lazyScreen(() => import('../../features/auth/pages/CallbackPage.tsx'), (m) => m.CallbackPage),
  Logout: lazyScreen(() => import('../../features/auth/pages/LogoutPage.tsx'), (m) => m.LogoutPage),
  Registration: lazyScreen(() => import('../../features/accounts/pages/RegistrationPage.tsx'), (m) => m.RegistrationPage),
  ForgotPassword: lazyScreen(() => import('../../features/accounts/pages/ForgotPasswordPage.tsx'), (m) => m.ForgotPasswordPage),
  ResetPassword: lazyScreen(() => import('../../features/accounts/pages/ResetPasswordPage.tsx'), (m) => m.ResetPasswordPage),
  UserManagement: lazyScreen(() => import('../../features/accounts/pages/UserManagementPage.tsx'), (m) => m.UserManagementPage),
  Instruments: lazyScreen(() => import('../../features/instruments/pages/InstrumentsPage.tsx'), (m) => m.InstrumentsPage),
  Patients: lazyScreen(() => import('../../features/participants/pages/PatientsPage.tsx'), (m) => m.PatientsPage),
  Patient: lazyScreen(() => import('../../features/participants/pages/PatientPage.tsx'), (m) => (props) => createElement(m.PatientPage, { ...props, sections: PATIENT_SECTIONS })),
  'Patient.Assessments': lazyScreen(() => import('../../features/assessments/pages/AssessmentsPage.tsx'), (m) => m.AssessmentsPage),
  'TechSupport.Patients': lazyScreen(() => import('../../features/techsupport/pages/TechSupportPage.tsx'), (m) => m.TechSupportPage),
  'TechSupport.Patient': lazyScreen(() => import('../../features/techsupport/pages/TechSupportPatientPage.tsx'), (m) => m.TechSupportPatientPage),
  Inbox: lazyScreen(() => import('../../features/inbox/pages/InboxPage.tsx'), (m) => m.InboxPage),
  gdpr: lazyScreen(() => import('../../features/gdpr/pages/GdprPage.tsx'), (m) => m.GdprPage),
  'gdpr.show': lazyScreen(() => import('../../features/gdpr/pages/GdprShowPage.tsx'), (m) => m.GdprShowPage),
  Audit: lazyScreen(() => import('../../features/audit/pages/AuditPage.tsx'), (m) => m.AuditPage),
  'Patient.AdverseEvents': lazyScreen(() => import('../../features/adverse-events/pages/AdverseEventsPage.tsx'), (m) => m.AdverseEventsPage),
  'Patient.Measurements': lazyScreen(() => import('../../features/devicedata/pages/MeasurementsPage.tsx'), (m) => m.MeasurementsPage),
  'Patient.ClinicalData': lazyScreen(() => import('../../features/devicedata/pages/ClinicalDataPage.tsx'), (m) => m.ClinicalDataPage),
  Interventions: lazyScreen(() => import('../../features/interventions/pages/RulesPage.tsx'), (m) => m.RulesPage),
  'Interventions.new': lazyScreen(() => import('../../features/interventions/pages/RuleEditorPage.tsx'), (m) => m.RuleEditorPage),
  'Interventions.logs': lazyScreen(() => import('../../features/interventions/pages/LogsPage.tsx'), (m) => m.LogsPage),
  'Interventions.notifications': lazyScreen(() => import('../../features/interventions/pages/NotificationsPage.tsx'), (m) => m.NotificationsPage),
  'Interventions.show': lazyScreen(() => import('../../features/interventions/pages/ParticipantInterventionsPage.tsx'), (m) => m.ParticipantInterventionsPage),
  'Patient.Interventions': lazyScreen(() => import('../../features/interventions/pages/ParticipantInterventionsPage.tsx'), (m) => m.ParticipantInterventionsPage),
  'Patient.Assessment': lazyScreen(() => import('../../features/assessments/pages/AssessmentPage.tsx'), (m) => m.AssessmentPage),
  Notebooks: lazyScreen(() => import('../../features/analytics/pages/NotebooksPage.tsx'), (m) => m.NotebooksPage),
  'Notebooks.show': lazyScreen(() => import('../../features/analytics/pages/NotebookPage.tsx'), (m) => m.NotebookPage),
  IntrinsecCapacity: lazyScreen(() => import('../../features/analytics/pages/IntrinsicCapacityPage.tsx'), (m) => m.IntrinsicCapacityPage),
};

/** Every route has its screen: the router is built from all routes at start, so a missing one fails every router test. */
export function screenFor(route: RouteDef): LazyScreen {
  const screen = SCREENS[route.name];
  if (!screen) throw new Error(`No screen for the route ${route.name}`);
  return screen;
}
