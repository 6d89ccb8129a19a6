import type { ColumnType, Generated, Selectable, Transaction } from 'kysely';
import type { Database } from '../db/types.ts';
import type { Db } from '../db/connection.ts';
import type { MailMessage, Mailer } from './mailer.ts';

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  language: string;
  template: string;
  /** The participant the message concerns (migration 014), for GDPR erasure. */
  participant_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
}
export type OutboxMessage = Selectable<MailOutboxTable>;

declare module '../db/types.ts' {
  interface Database {
    mail_outbox: MailOutboxTable;
  }
}

/** Keeps each message in the outbox table instead of sending it. */
export function outboxMailer(db: Db): Mailer {
  const keep = async (message: MailMessage) => {
    await db.kysely.insertInto('mail_outbox').values({
      recipient: message.to, subject: message.subject, body: message.text, language: message.language, template: message.template,
      participant_id: message.participantId ?? null,
    }).execute();
  };
  return {
    transport: 'outbox',
    send: keep,
    async deliver(message) {
      await keep(message);
      return { status: 'sent', reply: null };
    },
  };
}

/**
 * GDPR erasure: the outbox messages about a participant (an intervention's measured value, a
 * subscription request). Those kept before messages named their participant are found by the
 * participant's id in their subject or text. Answers how many were deleted.
 */
export async function deleteParticipantMail(tx: Transaction<Database>, participantId: string): Promise<number> {
  const pattern = `%${participantId}%`;
  const deleted = await tx.deleteFrom('mail_outbox')
    .where((eb) => eb.or([eb('participant_id', '=', participantId), eb('subject', 'like', pattern), eb('body', 'like', pattern)]))
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** The outbox, newest first, optionally for one recipient. */
export async function listOutbox(db: Db, query: { page: number; pageSize: number; recipient?: string }) {
  let base = db.kysely.selectFrom('mail_outbox');
  if (query.recipient) base = base.where((eb) => eb(eb.fn('lower', ['recipient']), '=', query.recipient!.trim().toLowerCase()));
  const [items, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(query.pageSize).offset(query.page * query.pageSize).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: items.map((m) => ({ id: m.id, to: m.recipient, subject: m.subject, text: m.body, language: m.language, template: m.template, createdAt: m.created_at })),
    total: Number(count.total),
  };
}
