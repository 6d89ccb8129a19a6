import type { Transaction } from 'kysely';
import type { Database } from '../db/types.ts';
import type { Db } from '../db/connection.ts';
import { recordAudit } from '../audit/service.ts';
import { ownParticipantId, type Caller } from './access.ts';
import { touchParticipant } from './service.ts';

/**
 * A write to a record that belongs to a participant (device, external id): in one transaction,
 * the participant of the caller's organisation locked, the write, the record marked as updated,
 * and the audit entry.
 */
export async function writeChild<T>(
  db: Db, caller: Caller, participantId: string, entity: { type: 'device' | 'identity'; action: 'create' | 'update' | 'delete' },
  write: (tx: Transaction<Database>) => Promise<{ id: string; before: unknown; after: T | null }>,
): Promise<T | null> {
  return db.kysely.transaction().execute(async (tx) => {
    await ownParticipantId(tx, caller.organisation, participantId, true);
    const { id, before, after } = await write(tx);
    await touchParticipant(tx, participantId);
    await recordAudit(tx, {
      actor: caller.user.username, actorOrganisation: caller.organisation.abbr, action: `${entity.type}.${entity.action}`,
      entityType: entity.type, entityId: id, before, after, details: { participantId }, participantId,
    });
    return after;
  });
}
