import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from './roles.ts';
import { menuFor } from './menu.ts';
import { guardRoute } from './routes.ts';

const paths = (roles: Role[]) => menuFor(roles).flatMap((e) => [e.path, ...(e.children ?? []).map((c) => c.path)]);

describe('side menu', () => {
  it.each<[Role, string[]]>([
    ['CCM', ['/', '/patient', '/inbox', '/gdpr', '/techsupport', '/ic', '/instruments']],
    ['SysAdmin', ['/', '/user-management', '/gdpr', '/audit']],
    ['Auditor', ['/', '/gdpr', '/audit']],
    ['ClinicalExpert', ['/', '/patient', '/notebooks', '/exports', '/inbox', '/gdpr', '/techsupport', '/instruments']],
    ['Tester', ['/user-management', '/notebooks', '/exports', '/interventions', '/interventions/medical', '/interventions/notifications', '/interventions/logs', '/inbox', '/gdpr', '/instruments']],
    ['Tech', ['/techsupport']],
  ])('shows %s the entries of the spec', (role, expected) => {
    expect(paths([role])).toEqual(expected);
  });

  it('merges the entries of several roles without repeating them', () => {
    expect(paths(['Auditor', 'Tech'])).toEqual(['/', '/gdpr', '/audit', '/techsupport']);
  });

  it('never leads to a refusal: where menu and guard differ, the entry is hidden (ClinicalExpert and /ic)', () => {
    expect(paths(['ClinicalExpert'])).not.toContain('/ic');
    expect(guardRoute('/ic', { roles: ['ClinicalExpert'] }).kind).toBe('forbidden');
  });

  it('leads every role only to routes its guard allows', () => {
    for (const role of ROLES) {
      for (const path of paths([role]).filter((p) => p !== '/interventions')) expect([role, path, guardRoute(path, { roles: [role] }).kind]).toEqual([role, path, 'allow']);
    }
  });

});
