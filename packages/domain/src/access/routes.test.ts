import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from './roles.ts';
import { guardRoute, resolveRoute, ROUTES } from './routes.ts';

// SPEC §2 route table, written out again on purpose: the test is the spec's reading, the code the implementation.
const ALLOWED: Record<string, readonly Role[] | 'any'> = {
  '/': 'any',
  '/patient': ['CCM', 'Tester', 'ClinicalExpert'],
  '/patient/p1': ['CCM', 'Tester', 'ClinicalExpert'],
  '/patient/p1/assessment': ['CCM', 'Tester', 'ClinicalExpert'],
  '/patient/p1/measurements': ['CCM', 'Tester', 'ClinicalExpert'],
  '/patient/p1/assessment/e1': ['CCM', 'Tester', 'ClinicalExpert'],
  '/patient/p1/interventions': ['CCM', 'Tester', 'ClinicalExpert'],
  '/patient/p1/clinical-data': ['CCM', 'Tester', 'ClinicalExpert'],
  '/techsupport': ['Tech', 'Tester', 'CCM', 'ClinicalExpert'],
  '/techsupport/p1': ['Tech', 'Tester', 'CCM', 'ClinicalExpert'],
  '/notebooks': ['Tester', 'ClinicalExpert'],
  '/notebooks/n1': ['Tester', 'ClinicalExpert'],
  '/interventions/medical': ['CCM', 'Tester', 'ClinicalExpert'],
  '/interventions/p1/show': ['CCM', 'Tester', 'ClinicalExpert'],
  '/interventions/new': ['CCM', 'Tester', 'ClinicalExpert'],
  '/interventions/logs': ['CCM', 'Tester', 'ClinicalExpert'],
  '/interventions/notifications': ['CCM', 'Tester', 'ClinicalExpert'],
  '/inbox': ['CCM', 'Tester', 'ClinicalExpert'],
  '/gdpr': ['CCM', 'SysAdmin', 'Auditor', 'Tester', 'ClinicalExpert'],
  '/gdpr/g1/show': ['CCM', 'SysAdmin', 'Auditor', 'Tester', 'ClinicalExpert'],
  '/user-management': ['SysAdmin', 'Tester'],
  '/ic': ['CCM', 'Tester'],
};

describe('route guard', () => {
  for (const role of ROLES) {
    it(`lets ${role} reach exactly the routes the table gives it`, () => {
      for (const [path, allowed] of Object.entries(ALLOWED)) {
        const decision = guardRoute(path, { roles: [role] });
        const expected = allowed === 'any' || allowed.includes(role) ? 'allow' : 'forbidden';
        expect(decision.kind, `${role} ${path}`).toBe(expected);
        if (decision.kind === 'forbidden') expect(decision.to).toBe('/');
      }
    });
  }

  it('sends an unknown path to /', () => {
    expect(guardRoute('/no/such/page', { roles: ['CCM'] })).toEqual({ kind: 'redirect', to: '/', reason: 'unknown' });
    expect(guardRoute('/patient/p1/unknown', null)).toMatchObject({ kind: 'redirect', to: '/' });
  });

  it('sends a visitor without a session to Login', () => {
    expect(guardRoute('/patient', null)).toEqual({ kind: 'redirect', to: '/login', reason: 'login' });
    expect(guardRoute('/', null)).toMatchObject({ to: '/login' });
  });

  it('sends a signed-in user who opens Login to Home', () => {
    expect(guardRoute('/login', { roles: ['Tech'] })).toEqual({ kind: 'redirect', to: '/', reason: 'signed-in' });
  });

  it('lets anyone reach the public pages without a session', () => {
    for (const path of ['/login', '/callback', '/logout', '/registration', '/login/forgot', '/login/reset']) {
      expect(guardRoute(path, null).kind, path).toBe('allow');
    }
  });

  it('prefers a static segment over a parameter', () => {
    expect(resolveRoute('/interventions/new')?.name).toBe('Interventions.new');
    expect(resolveRoute('/interventions/abc/show')?.name).toBe('Interventions.show');
  });

  it('ignores the query string', () => {
    expect(resolveRoute('/login?uid=abc')?.name).toBe('Login');
  });

  it('hides the shell on Login and Registration only among named pages', () => {
    expect(ROUTES.filter((r) => r.bare).map((r) => r.name).sort()).toEqual(['Callback', 'ForgotPassword', 'Login', 'Logout', 'Patient.Summary', 'Registration', 'ResetPassword']);
  });

  it('gives every guarded route a title key', () => {
    for (const route of ROUTES.filter((r) => r.roles !== 'public')) expect(route.title, route.name).toMatch(/^routes\./);
  });
});
