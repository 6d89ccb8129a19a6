import { describe, expect, it } from 'vitest';
import type { Role } from './roles.ts';
import { menuFor } from './menu.ts';
import { guardRoute } from './routes.ts';

const paths = (roles: Role[]) => menuFor(roles).flatMap((e) => [e.path, ...(e.children ?? []).map((c) => c.path)]);

describe('side menu', () => {
  it.each<[Role, string[]]>([
    ['CCM', ['/', '/patient', '/inbox', '/gdpr', '/techsupport', '/ic', '/instruments']],
    ['SysAdmin', ['/', '/user-management', '/gdpr']],
    ['Auditor', ['/', '/gdpr']],
    ['ClinicalExpert', ['/', '/patient', '/notebooks', '/inbox', '/gdpr', '/techsupport', '/ic', '/instruments']],
    ['Tester', ['/user-management', '/notebooks', '/interventions', '/interventions/medical', '/interventions/notifications', '/interventions/logs', '/inbox', '/gdpr', '/instruments']],
    ['Tech', ['/techsupport']],
  ])('shows %s the entries of the spec', (role, expected) => {
    expect(paths([role])).toEqual(expected);
  });

  it('merges the entries of several roles without repeating them', () => {
    expect(paths(['Auditor', 'Tech'])).toEqual(['/', '/gdpr', '/techsupport']);
  });

  it('keeps both readings where menu and guard differ: ClinicalExpert sees /ic in the menu but the guard refuses it', () => {
    expect(paths(['ClinicalExpert'])).toContain('/ic');
    expect(guardRoute('/ic', { roles: ['ClinicalExpert'] }).kind).toBe('forbidden');
  });
});
