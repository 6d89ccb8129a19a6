import { sql, type Kysely } from 'kysely';
import type { Role } from '@geria/domain';
import type { Database } from '../db/types.ts';

export interface AuditFilter {
  actor?: string;
  participantId?: string;
  action?: string;
  entityType?: string;
  entityId?: string;
  from?: string;
  to?: string;
  organisation?: string;
  before?: number;
  limit: number;
}

/**
 * The Auditor oversees the whole study, so sees every organisation's trail (and may filter by
 * one); the SysAdmin administers an organisation and sees only the trail of its own users.
 */
export const auditScope = (roles: readonly Role[], organisation: string | null, requested?: string) =>
  roles.includes('Auditor') ? (requested ?? null) : (organisation ?? '');

/** Audit records, newest first, filtered; `participantId` finds the records about that participant (their record, resources, devices, reads), and read summaries counting them. */
export function auditQuery(db: Kysely<Database>, scope: string | null, f: AuditFilter) {
  let query = db.selectFrom('audit_event').selectAll().orderBy('id', 'desc').limit(f.limit);
  // null: the whole study; a user without an organisation ('') sees nothing.
  if (scope !== null) query = query.where('actor_organisation', '=', scope);
  if (f.actor) query = query.where('actor', '=', f.actor);
  // An action filter ending in '.' is a prefix ("gdpr." = every GDPR step).
  if (f.action) query = f.action.endsWith('.') ? query.where('action', 'like', `${f.action.replace(/[\\%_]/g, '\\$&')}%`) : query.where('action', '=', f.action);
  if (f.entityType) query = query.where('entity_type', '=', f.entityType);
  if (f.entityId) query = query.where('entity_id', '=', f.entityId);
  if (f.participantId) {
    const id = f.participantId;
    query = query.where((eb) => eb.or([eb('participant_id', '=', id), sql<boolean>`details->'participants' ? ${id}`]));
  }
  if (f.from) query = query.where('at', '>=', new Date(f.from));
  if (f.to) query = query.where('at', '<', new Date(new Date(f.to).getTime() + 86_400_000));
  if (f.before) query = query.where('id', '<', f.before);
  return query;
}
