import { sql } from 'kysely';
import { isLanguage, translate } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import type { Mailer } from '../mail/mailer.ts';

/** How long a claimed e-mail stays with its worker before another may retry it (a crash mid-send). */
const LEASE_MS = 5 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/** Wait before the next try after `attempts` failures: 1, 2, 4 … minutes, at most an hour; never given up. */
export const retryDelay = (attempts: number) => Math.min(MAX_BACKOFF_MS, 60_000 * 2 ** Math.max(0, attempts - 1));

/**
 * Sends the e-mails that are due. Each is claimed first (attempt counted, next try pushed past the
 * lease) with SKIP LOCKED, so two workers never send the same one; a failure keeps it pending with
 * its error and a later try. Returns how many were sent.
 */
export async function deliverDueEmails(db: Db, mailer: Mailer, now = new Date(), limit = 50): Promise<number> {
  const claimed = await db.kysely.transaction().execute(async (tx) => {
    const due = await tx.selectFrom('intervention_delivery').select('id')
      .where('status', '=', 'pending').where('channel', '=', 'email').where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at').limit(limit).forUpdate().skipLocked().execute();
    if (!due.length) return [];
    return tx.updateTable('intervention_delivery')
      .set({ attempts: sql`attempts + 1`, next_attempt_at: new Date(now.getTime() + LEASE_MS) })
      .where('id', 'in', due.map((d) => d.id)).returning(['id', 'firing_id', 'recipient', 'language', 'attempts']).execute();
  });
  let sent = 0;
  for (const d of claimed) {
    const firing = await db.kysely.selectFrom('intervention_firing as f').innerJoin('intervention_rule as r', 'r.id', 'f.rule_id')
      .select(['f.participant_id', 'f.value', 'f.diastolic', 'f.unit', 'f.message', 'f.fired_at', 'r.name'])
      .where('f.id', '=', d.firing_id).executeTakeFirstOrThrow();
    const lang = isLanguage(d.language) ? d.language : 'en';
    const value = [firing.value, firing.diastolic].filter((v) => v !== null).join('/');
    const params = { rule: firing.name, participant: firing.participant_id, value, unit: firing.unit, date: new Date(firing.fired_at).toISOString().slice(0, 10), message: firing.message };
    try {
      await mailer.send({
        to: d.recipient, language: lang, template: 'interventions.fired', participantId: firing.participant_id,
        subject: translate(lang, 'interventions.mail.subject', params), text: translate(lang, 'interventions.mail.body', params),
      });
      await db.kysely.updateTable('intervention_delivery').set({ status: 'sent', sent_at: new Date(), last_error: null }).where('id', '=', d.id).execute();
      sent++;
    } catch (error) {
      await db.kysely.updateTable('intervention_delivery')
        .set({ last_error: String((error as Error).message ?? error).slice(0, 500), next_attempt_at: new Date(now.getTime() + retryDelay(d.attempts)) })
        .where('id', '=', d.id).execute();
    }
  }
  return sent;
}
