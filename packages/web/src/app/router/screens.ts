import { resolveRoute, type RouteDef } from '@geria/domain';
import { createElement } from 'react';
import { PATIENT_SECTIONS } from './patient-sections.ts';
import { lazyScreen, type LazyScreen } from './lazy-screen.ts';
import { SCREEN_LOADERS } from './screen-loaders.ts';

/** The screen of each route by route name. */
const SCREENS: Record<string, LazyScreen> = {
  Home: lazyScreen(SCREEN_LOADERS.Home, (m) => m.HomePage),
  Login: lazyScreen(SCREEN_LOADERS.Login, (m) => m.LoginPage),
  Callback: lazyScreen(SCREEN_LOADERS.Callback, (m) => m.CallbackPage),
  Logout: lazyScreen(SCREEN_LOADERS.Logout, (m) => m.LogoutPage),
  Registration: lazyScreen(SCREEN_LOADERS.Registration, (m) => m.RegistrationPage),
  ForgotPassword: lazyScreen(SCREEN_LOADERS.ForgotPassword, (m) => m.ForgotPasswordPage),
  ResetPassword: lazyScreen(SCREEN_LOADERS.ResetPassword, (m) => m.ResetPasswordPage),
  UserManagement: lazyScreen(SCREEN_LOADERS.UserManagement, (m) => m.UserManagementPage),
  Instruments: lazyScreen(SCREEN_LOADERS.Instruments, (m) => m.InstrumentsPage),
  Patients: lazyScreen(SCREEN_LOADERS.Patients, (m) => m.PatientsPage),
  Patient: lazyScreen(SCREEN_LOADERS.Patient, (m) => (props) => createElement(m.PatientPage, { ...props, sections: PATIENT_SECTIONS })),
  'Patient.Assessments': lazyScreen(SCREEN_LOADERS['Patient.Assessments'], (m) => m.AssessmentsPage),
  'TechSupport.Patients': lazyScreen(SCREEN_LOADERS['TechSupport.Patients'], (m) => m.TechSupportPage),
  'TechSupport.Patient': lazyScreen(SCREEN_LOADERS['TechSupport.Patient'], (m) => m.TechSupportPatientPage),
  Inbox: lazyScreen(SCREEN_LOADERS.Inbox, (m) => m.InboxPage),
  gdpr: lazyScreen(SCREEN_LOADERS.gdpr, (m) => m.GdprPage),
  'gdpr.show': lazyScreen(SCREEN_LOADERS['gdpr.show'], (m) => m.GdprShowPage),
  Audit: lazyScreen(SCREEN_LOADERS.Audit, (m) => m.AuditPage),
  'Patient.AdverseEvents': lazyScreen(SCREEN_LOADERS['Patient.AdverseEvents'], (m) => m.AdverseEventsPage),
  'Patient.Measurements': lazyScreen(SCREEN_LOADERS['Patient.Measurements'], (m) => m.MeasurementsPage),
  'Patient.ClinicalData': lazyScreen(SCREEN_LOADERS['Patient.ClinicalData'], (m) => m.ClinicalDataPage),
  'Patient.Summary': lazyScreen(SCREEN_LOADERS['Patient.Summary'], (m) => m.PatientSummaryPage),
  Interventions: lazyScreen(SCREEN_LOADERS.Interventions, (m) => m.RulesPage),
  'Interventions.new': lazyScreen(SCREEN_LOADERS['Interventions.new'], (m) => m.RuleEditorPage),
  'Interventions.logs': lazyScreen(SCREEN_LOADERS['Interventions.logs'], (m) => m.LogsPage),
  'Interventions.notifications': lazyScreen(SCREEN_LOADERS['Interventions.notifications'], (m) => m.NotificationsPage),
  'Interventions.show': lazyScreen(SCREEN_LOADERS['Interventions.show'], (m) => m.ParticipantInterventionsPage),
  'Patient.Interventions': lazyScreen(SCREEN_LOADERS['Patient.Interventions'], (m) => m.ParticipantInterventionsPage),
  'Patient.Assessment': lazyScreen(SCREEN_LOADERS['Patient.Assessment'], (m) => m.AssessmentPage),
  Notebooks: lazyScreen(SCREEN_LOADERS.Notebooks, (m) => m.NotebooksPage),
  'Notebooks.show': lazyScreen(SCREEN_LOADERS['Notebooks.show'], (m) => m.NotebookPage),
  DatasetExports: lazyScreen(SCREEN_LOADERS.DatasetExports, (m) => m.DatasetExportsPage),
  IntrinsecCapacity: lazyScreen(SCREEN_LOADERS.IntrinsecCapacity, (m) => m.IntrinsicCapacityPage),
};

/** Every route has its screen: the router is built from all routes at start, so a missing one fails every router test. */
export function screenFor(route: RouteDef): LazyScreen {
  const screen = SCREENS[route.name];
  if (!screen) throw new Error(`No screen for the route ${route.name}`);
  return screen;
}

/** Loads the screen of the route at `path`, if it has one (see lazyScreen). */
export function loadScreenAt(path: string): Promise<void> {
  const route = resolveRoute(path);
  return (route && SCREENS[route.name]?.load()) ?? Promise.resolve();
}
