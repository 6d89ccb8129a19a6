import type { Role } from './roles.ts';
import { hasAnyRole } from './roles.ts';
import { guardRoute } from './routes.ts';

/**
 * The side menu of SPEC §2. It differs in places from the route guards (e.g. Home is not listed
 * for Tester and Tech, and the Interventions group is Tester-only); both readings stand, and a
 * user never falls between them: an entry is shown only where the menu lists the role AND the
 * route guard lets the role in (the menu lists /ic for ClinicalExpert, whom its guard refuses).
 */
export interface MenuEntry {
  key: string;
  path: string;
  label: string;
  icon: string;
  roles: readonly Role[];
  children?: readonly MenuEntry[];
}

export const MENU: readonly MenuEntry[] = [
  { key: 'home', path: '/', label: 'menu.home', icon: 'home', roles: ['CCM', 'SysAdmin', 'Auditor', 'ClinicalExpert'] },
  { key: 'users', path: '/user-management', label: 'menu.userManagement', icon: 'users', roles: ['SysAdmin', 'Tester'] },
  { key: 'patients', path: '/patient', label: 'menu.patients', icon: 'patients', roles: ['CCM', 'ClinicalExpert'] },
  { key: 'notebooks', path: '/notebooks', label: 'menu.notebooks', icon: 'notebooks', roles: ['Tester', 'ClinicalExpert'] },
  // Not in the spec's menu list: the study dataset export of issue 37.
  { key: 'exports', path: '/exports', label: 'menu.datasetExports', icon: 'exports', roles: ['Tester', 'ClinicalExpert'] },
  {
    key: 'interventions', path: '/interventions', label: 'menu.interventions', icon: 'interventions', roles: ['Tester'],
    children: [
      { key: 'interventions.medical', path: '/interventions/medical', label: 'menu.interventionsMedical', icon: 'medical', roles: ['Tester'] },
      { key: 'interventions.notifications', path: '/interventions/notifications', label: 'menu.interventionsNotifications', icon: 'notifications', roles: ['Tester'] },
      { key: 'interventions.logs', path: '/interventions/logs', label: 'menu.interventionsLogs', icon: 'logs', roles: ['Tester'] },
    ],
  },
  { key: 'inbox', path: '/inbox', label: 'menu.inbox', icon: 'inbox', roles: ['CCM', 'Tester', 'ClinicalExpert'] },
  { key: 'gdpr', path: '/gdpr', label: 'menu.gdpr', icon: 'gdpr', roles: ['CCM', 'SysAdmin', 'Auditor', 'Tester', 'ClinicalExpert'] },
  // Not in the spec's menu list: the audit trail viewer of the data-protection issue.
  { key: 'audit', path: '/audit', label: 'menu.audit', icon: 'logs', roles: ['Auditor', 'SysAdmin'] },
  { key: 'techsupport', path: '/techsupport', label: 'menu.techSupport', icon: 'techsupport', roles: ['Tech', 'CCM', 'ClinicalExpert'] },
  { key: 'ic', path: '/ic', label: 'menu.intrinsicCapacity', icon: 'ic', roles: ['CCM', 'ClinicalExpert'] },
  // Not in the spec's menu list: the instrument catalogue added by the instruments issue.
  { key: 'instruments', path: '/instruments', label: 'menu.instruments', icon: 'instruments', roles: ['CCM', 'ClinicalExpert', 'Tester'] },
];

/** The menu entries (and sub-entries) a user with these roles is shown. */
export function menuFor(roles: readonly Role[]): MenuEntry[] {
  const shown = (e: MenuEntry) => hasAnyRole(roles, e.roles) && guardRoute(e.path, { roles }).kind === 'allow';
  return MENU.flatMap((e) => {
    if (!e.children) return shown(e) ? [e] : [];
    // A group is not a route: it stands while one of its entries does.
    const children = e.children.filter(shown);
    return hasAnyRole(roles, e.roles) && children.length ? [{ ...e, children }] : [];
  });
}
