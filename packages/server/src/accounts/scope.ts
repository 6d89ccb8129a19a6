import type { FastifyRequest } from 'fastify';
import { USER_MANAGEMENT_ROLES, type SessionUser } from '@geria/domain';
import { requireRole } from '../auth/guard.ts';

/**
 * Who administers which accounts. A SysAdmin is the platform administrator and administers every
 * organisation (approving registrations and provisioning through SCIM are platform tasks); a
 * Tester administers the accounts of their own organisation only.
 */
export interface Administrator {
  user: SessionUser;
  platformWide: boolean;
}

export function administrator(request: FastifyRequest): Administrator {
  const user = requireRole(request, USER_MANAGEMENT_ROLES);
  return { user, platformWide: user.roles.includes('SysAdmin') };
}

export const administers = (admin: Administrator, organisation: string): boolean =>
  admin.platformWide || admin.user.organisation === organisation;

/** The audit trail's actor fields for an administrator. */
export const auditActor = (admin: Administrator) => ({ actor: admin.user.username, actorOrganisation: admin.user.organisation });
