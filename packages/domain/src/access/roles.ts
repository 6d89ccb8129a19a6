/** The six study roles (SPEC §6). */
export const ROLES = ['CCM', 'SysAdmin', 'Auditor', 'ClinicalExpert', 'Tester', 'Tech'] as const;
export type Role = (typeof ROLES)[number];

const IGNORED = [/^default-roles/i, /^offline_access$/i, /^uma_authorization$/i, /^uma_protection$/i];

/** Normalises a role name compared case-insensitively; undefined when it is not a study role. */
export function toRole(name: string): Role | undefined {
  const lower = name.trim().toLowerCase();
  return ROLES.find((r) => r.toLowerCase() === lower);
}

/**
 * The study roles in a token's `realm_access.roles`, in token order, without duplicates.
 * Keycloak's default, offline and uma roles are ignored; so are names that are not study roles.
 */
export function parseRoles(realmRoles: readonly unknown[] | undefined | null): Role[] {
  const out: Role[] = [];
  for (const name of realmRoles ?? []) {
    if (typeof name !== 'string' || IGNORED.some((re) => re.test(name))) continue;
    const role = toRole(name);
    if (role && !out.includes(role)) out.push(role);
  }
  return out;
}

/** The role displayed in the user menu: the first remaining role, or null. */
export const displayRole = (realmRoles: readonly unknown[] | undefined | null): Role | null =>
  parseRoles(realmRoles)[0] ?? null;

export const hasAnyRole = (userRoles: readonly Role[], allowed: readonly Role[] | 'any'): boolean =>
  allowed === 'any' || userRoles.some((r) => allowed.includes(r));
