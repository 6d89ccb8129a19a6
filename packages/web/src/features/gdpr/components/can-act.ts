import { GDPR_ROLES, type Role } from '@geria/domain';
import { useAuth } from '../../../lib/auth/auth-context.ts';

/** The Auditor oversees GDPR requests without acting on them (the API enforces the same). */
export function useCanActOnGdpr(): boolean {
  const roles: readonly Role[] = useAuth().user?.roles ?? [];
  return roles.some((r) => r !== 'Auditor' && (GDPR_ROLES as readonly Role[]).includes(r));
}
