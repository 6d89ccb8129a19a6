import { sql } from 'kysely';
import { isLanguage, participantLabel, translate } from '@geria/domain';
import { readingValue, unitLabel } from './evaluate.ts';
import type { Db } from '../db/connection.ts';
import type { MailOutcome, Mailer } from '../mail/mailer.ts';

/**
 * How long a claimed e-mail stays with its worker before another may retry it (a crash mid-send).
 * Longer than a batch can take: each attempt's waits are bounded (mail/smtp.ts, under 2 minutes).
 */
const LEASE_MS = 30 * 60_000;
const BATCH = 10;
const MAX_BACKOFF_MS = 60 * 60_000;
/** Temporary refusals are tried again for a day from the firing; then the e-mail fails, visibly. */
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;

/** Wait before the next try after `attempts` failures: 1, 2, 4 … minutes, at most an hour. */
export const retryDelay = (attempts: number) => Math.min(MAX_BACKOFF_MS, 60_000 * 2 ** Math.max(0, attempts - 1));

/**
 * Sends the e-mails that are due. Each is claimed first (attempt counted, next try pushed past the
 * lease) with SKIP LOCKED, so two workers never send the same one. An e-mail is sent only when the
 * mail server accepted it; a temporary refusal or no answer keeps it pending with the server's reply
 * and a later try, until its retry window ends; a permanent refusal fails it at once. A failed
 * e-mail is told in the inbox of the staff the firing concerns. The state lives in the database, so
 * the schedule takes up where it was after a restart. Returns how many were sent.
 */
export async function deliverDueEmails(db: Db, mailer: Mailer, now = new Date(), limit = BATCH): Promise<number> {
  const claimed = await db.kysely.transaction().execute(async (tx) => {
    const due = await tx.selectFrom('intervention_delivery').select('id')
      .where('status', '=', 'pending').where('channel', '=', 'email').where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at').limit(limit).forUpdate().skipLocked().execute();
    if (!due.length) return [];
    return tx.updateTable('intervention_delivery')
      .set({ attempts: sql`attempts + 1`, next_attempt_at: new Date(now.getTime() + LEASE_MS) })
      .where('id', 'in', due.map((d) => d.id)).returning(['id', 'firing_id', 'recipient', 'language', 'attempts', 'created_at']).execute();
  });
  let sent = 0;
  for (const d of claimed) {
    const firing = await db.kysely.selectFrom('intervention_firing as f').innerJoin('intervention_rule as r', 'r.id', 'f.rule_id')
      .innerJoin('participant as p', 'p.id', 'f.participant_id')
      .select(['f.participant_id', 'f.value', 'f.diastolic', 'f.unit', 'f.message', 'f.fired_at', 'f.measured_at', 'r.name', 'p.first_name', 'p.last_name', 'p.project_identifier'])
      .where('f.id', '=', d.firing_id).executeTakeFirstOrThrow();
    const lang = isLanguage(d.language) ? d.language : 'en';
    const params = {
      rule: firing.name, message: firing.message,
      participant: participantLabel({ firstName: firing.first_name, lastName: firing.last_name, projectIdentifier: firing.project_identifier }),
      reading: readingValue(firing), unit: unitLabel(lang, firing.unit),
      // Firings recorded before the reading's time was kept state their firing time.
      measuredAt: new Date(firing.measured_at ?? firing.fired_at).toISOString(),
    };
    const outcome = await mailer.deliver({
      to: d.recipient, language: lang, template: 'interventions.fired', participantId: firing.participant_id,
      subject: translate(lang, 'interventions.mail.subject', params), text: translate(lang, 'interventions.mail.body', params),
    }).catch((error: unknown): MailOutcome => ({ status: 'retry', reply: null, error: String((error as Error).message ?? error).slice(0, 500) }));
    const givenUp = outcome.status === 'retry' && now.getTime() - new Date(d.created_at).getTime() >= RETRY_WINDOW_MS;
    if (outcome.status === 'sent') {
      await db.kysely.updateTable('intervention_delivery').set({ status: 'sent', sent_at: new Date(), last_error: null, last_reply: outcome.reply }).where('id', '=', d.id).execute();
      sent++;
    } else if (outcome.status === 'failed' || givenUp) {
      await failDelivery(db, d.id, d.firing_id, { ...firing, recipient: d.recipient }, outcome, now);
    } else {
      await db.kysely.updateTable('intervention_delivery')
        .set({ last_error: outcome.error ?? null, last_reply: outcome.reply, next_attempt_at: new Date(now.getTime() + retryDelay(d.attempts)) })
        .where('id', '=', d.id).execute();
    }
  }
  // A full batch: more may be due, claimed a batch at a time so that each claim's lease covers its sending.
  return claimed.length < limit ? sent : sent + await deliverDueEmails(db, mailer, now, limit);
}

/**
 * Ends an e-mail as failed and tells it in the inbox of the care-centre managers notified of the
 * firing and of the rule's author, so that someone corrects the address or reaches the person
 * another way.
 */
async function failDelivery(
  db: Db, id: string, firingId: string, about: { participant_id: string; name: string; recipient: string }, outcome: MailOutcome, now: Date,
) {
  await db.kysely.transaction().execute(async (tx) => {
    await tx.updateTable('intervention_delivery')
      .set({ status: 'failed', failed_at: now, last_error: outcome.error ?? null, last_reply: outcome.reply })
      .where('id', '=', id).where('status', '=', 'pending').execute();
    const told = await tx.selectFrom('intervention_delivery').select('recipient').where('firing_id', '=', firingId).where('channel', '=', 'inbox')
      .union(tx.selectFrom('intervention_firing as f').innerJoin('intervention_rule as r', 'r.id', 'f.rule_id').select('r.created_by as recipient').where('f.id', '=', firingId))
      .execute();
    const message = JSON.stringify({
      code: 'interventions.notifications.emailFailed',
      params: { rule: about.name, participant: about.participant_id, recipient: about.recipient, reply: outcome.reply ?? outcome.error ?? '' },
    });
    if (told.length) await tx.insertInto('participant_notification').values(told.map((t) => ({ participant_id: about.participant_id, recipient: t.recipient, message }))).execute();
  });
}
