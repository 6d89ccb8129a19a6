import type { FastifyRequest } from 'fastify';
import { organisationByAbbr, PATIENT_ROLES, TECH_SUPPORT_ROLES, type Organisation, type SessionUser } from '@geria/domain';
import { requireRole } from '../auth/guard.ts';
import { forbidden, notFound } from '../http/errors.ts';
import type { Db } from '../db/connection.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/types.ts';

export interface Caller { user: SessionUser; organisation: Organisation }

/**
 * PATIENT_ROLES read and write participants. TECH_SUPPORT_ROLES (which adds Tech) may read what
 * the tech-support screen needs: the list rows, devices and external ids — not the record itself
 * (contact details, care team). A user without a known organisation sees nobody.
 */
function caller(request: FastifyRequest, roles: typeof PATIENT_ROLES | typeof TECH_SUPPORT_ROLES): Caller {
  const user = requireRole(request, roles);
  const organisation = organisationByAbbr(user.organisation);
  if (!organisation) throw forbidden();
  return { user, organisation };
}

export const patientWriter = (request: FastifyRequest) => caller(request, PATIENT_ROLES);
export const techReader = (request: FastifyRequest) => caller(request, TECH_SUPPORT_ROLES);

type Executor = Db['kysely'] | Transaction<Database>;

/**
 * The participant's id when it belongs to the caller's organisation; 404 otherwise, so another
 * organisation cannot even learn that the id exists. `forUpdate` locks the row for the transaction.
 */
export async function ownParticipantId(db: Executor, organisation: Organisation, id: string, forUpdate = false): Promise<string> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
  let query = db.selectFrom('participant').select('id').where('id', '=', id).where('organisation', '=', organisation.abbr);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return row.id;
}
