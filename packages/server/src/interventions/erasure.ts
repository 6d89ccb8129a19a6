import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/types.ts';

/**
 * A GDPR erasure's part in the interventions (run before the participant row goes, whose cascade
 * would otherwise remove firings uncounted): the participant's firings with the measured values
 * and messages, their deliveries (app, inbox, e-mail queue), the inbox notices about them, and the
 * rules that target the participant alone, which name them and can never fire again. Answers the
 * counts (the rules' audit records are about the participant, and redacted with theirs).
 */
export async function eraseParticipantInterventions(tx: Transaction<Database>, participantId: string) {
  const deliveries = await tx.deleteFrom('intervention_delivery')
    .where('firing_id', 'in', (eb) => eb.selectFrom('intervention_firing').select('id').where('participant_id', '=', participantId))
    .executeTakeFirst();
  const firings = await tx.deleteFrom('intervention_firing').where('participant_id', '=', participantId).executeTakeFirst();
  const notices = await tx.deleteFrom('participant_notification').where('participant_id', '=', participantId).executeTakeFirst();
  const rules = await tx.deleteFrom('intervention_rule')
    .where(sql<boolean>`definition @> ${JSON.stringify({ target: { kind: 'participant', participantId } })}::jsonb`)
    .executeTakeFirst();
  return {
    interventionFirings: Number(firings.numDeletedRows), interventionDeliveries: Number(deliveries.numDeletedRows),
    notifications: Number(notices.numDeletedRows), interventionRules: Number(rules.numDeletedRows),
  };
}
