import type { Transaction } from 'kysely';
import { notifiedManagers, type RuleMessage } from '@geria/domain';
import type { Database } from '../db/types.ts';
import type { CareManagerRow } from '../participants/tables.ts';

/**
 * Tells the participant's care-centre managers (accepted, notifications on) about a change;
 * the inbox reads the rows. Written in the change's transaction, so no notice goes out for a
 * change that rolled back. Returns the recipients.
 */
export async function notifyCareManagers(
  tx: Transaction<Database>, participantId: string, managers: readonly CareManagerRow[], message: RuleMessage,
): Promise<string[]> {
  const recipients = notifiedManagers(managers);
  if (recipients.length) {
    await tx.insertInto('participant_notification')
      .values(recipients.map((recipient) => ({ participant_id: participantId, recipient, message: JSON.stringify(message) })))
      .execute();
  }
  return recipients;
}
