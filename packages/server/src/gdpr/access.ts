import type { FastifyRequest } from 'fastify';
import { GDPR_ROLES, organisationByAbbr, type Role } from '@geria/domain';
import { requireRole } from '../auth/guard.ts';
import { forbidden } from '../http/errors.ts';
import type { Caller } from '../participants/access.ts';

/**
 * Every GDPR role of the route table reads the organisation's requests and downloads their files;
 * the Auditor oversees and does not act (separation of duties): creating, editing, attaching and
 * executing rights are for the other roles.
 */
export const GDPR_ACTORS = GDPR_ROLES.filter((r) => r !== 'Auditor') as readonly Role[];

function caller(request: FastifyRequest, roles: readonly Role[]): Caller {
  const user = requireRole(request, roles);
  const organisation = organisationByAbbr(user.organisation);
  if (!organisation) throw forbidden();
  return { user, organisation };
}

export const gdprReader = (request: FastifyRequest) => caller(request, GDPR_ROLES);
export const gdprActor = (request: FastifyRequest) => caller(request, GDPR_ACTORS);
