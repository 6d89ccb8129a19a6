import type { FastifyBaseLogger } from 'fastify';
import { isLanguage, participantLabel, translate } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import type { Mailer } from '../mail/mailer.ts';

export interface RequestMailDeps { db: Db; mailer: Mailer; publicUrl: string; log: FastifyBaseLogger }

/**
 * Tells care-centre managers newly added to a participant's `ccmids` that a request waits in their
 * inbox: one e-mail each, in their own language (English when their account names none), with the
 * link to /inbox. Sent after the record's transaction commits, so a rolled-back edit mails no one; a
 * mailer failure is logged and does not undo the edit (the request shows in the inbox regardless).
 * Managers without an account of the participant's organisation are left out: they cannot answer.
 * The participant is named as staff know them (name, study code), not by id.
 */
export async function mailSubscriptionRequests(
  deps: RequestMailDeps, request: { requester: string; organisation: string; participantId: string; managers: readonly string[] },
) {
  const { requester, organisation, participantId, managers } = request;
  if (!managers.length) return;
  // The inbox lists a participant's requests to users of the participant's organisation only.
  const users = await deps.db.kysely.selectFrom('app_user').select(['username', 'email', 'language'])
    .where((eb) => eb(eb.fn('lower', ['username']), 'in', managers.map((m) => m.toLowerCase())))
    .where('organisation', '=', organisation).where('disabled', '=', false).execute();
  const named = await deps.db.kysely.selectFrom('participant').select(['first_name', 'last_name', 'project_identifier']).where('id', '=', participantId).executeTakeFirst();
  if (!named) return;
  const participant = participantLabel({ firstName: named.first_name, lastName: named.last_name, projectIdentifier: named.project_identifier });
  const params = { requester, participant, link: `${deps.publicUrl}/inbox` };
  for (const user of users) {
    const language = isLanguage(user.language) ? user.language : 'en';
    try {
      await deps.mailer.send({
        to: user.email, language, template: 'inbox.subscriptionRequest', participantId,
        subject: translate(language, 'interventions.subscriptionMail.subject', params),
        text: translate(language, 'interventions.subscriptionMail.body', params),
      });
    } catch (error) {
      deps.log.error({ err: (error as Error).message, template: 'inbox.subscriptionRequest' }, 'subscription request e-mail not sent');
    }
  }
}
