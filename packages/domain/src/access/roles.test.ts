import { describe, expect, it } from 'vitest';
import { displayRole, hasAnyRole, parseRoles, toRole } from './roles.ts';

describe('token roles', () => {
  it('compares role names case-insensitively', () => {
    expect(toRole('ccm')).toBe('CCM');
    expect(toRole('CLINICALEXPERT')).toBe('ClinicalExpert');
    expect(toRole(' sysadmin ')).toBe('SysAdmin');
  });

  it('ignores Keycloak default, offline and uma roles and unknown names', () => {
    expect(parseRoles(['default-roles-geria', 'offline_access', 'uma_authorization', 'admin', 'auditor'])).toEqual(['Auditor']);
  });

  it('keeps token order and drops duplicates', () => {
    expect(parseRoles(['tester', 'CCM', 'Tester'])).toEqual(['Tester', 'CCM']);
  });

  it('displays the first remaining role, or none', () => {
    expect(displayRole(['offline_access', 'tech', 'ccm'])).toBe('Tech');
    expect(displayRole(['offline_access'])).toBeNull();
    expect(displayRole(undefined)).toBeNull();
  });

  it('ignores values that are not strings', () => {
    expect(parseRoles([42, null, 'CCM'])).toEqual(['CCM']);
  });

  it('grants a list of roles when the user holds any of them', () => {
    expect(hasAnyRole(['Tech'], ['CCM', 'Tech'])).toBe(true);
    expect(hasAnyRole(['Tech'], ['CCM'])).toBe(false);
    expect(hasAnyRole([], 'any')).toBe(true);
  });
});
