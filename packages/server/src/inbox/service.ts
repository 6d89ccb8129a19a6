import { participantLabel, type RuleMessage } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { recordAudit } from '../audit/service.ts';
import { notFound } from '../http/errors.ts';

export interface InboxUser { username: string; organisation: string | null }

export interface InboxQuery { page: number; pageSize: number; unreadOnly: boolean }

/** A notice's sentence names the participant as staff know them (name, study code), never by the id it was stored with. */
const namingParticipant = (message: RuleMessage, label: string | null): RuleMessage =>
  (label !== null && message.params && 'participant' in message.params ? { ...message, params: { ...message.params, participant: label } } : message);

/**
 * The signed-in user's notifications (care-manager notices of recruitment changes …), newest first,
 * with how many are unread. A notice names its participant; the message is a catalogue key with its
 * parameters, shown in the reader's language.
 */
export async function listInbox(db: Db, user: InboxUser, q: InboxQuery) {
  const mine = db.kysely.selectFrom('participant_notification').where('recipient', '=', user.username);
  const filtered = q.unreadOnly ? mine.where('read_at', 'is', null) : mine;
  const [rows, counts] = await Promise.all([
    // The name is joined at read time: staff recognise a person by name, and a rename shows everywhere.
    filtered.leftJoin('participant as p', 'p.id', 'participant_notification.participant_id')
      .select(['participant_notification.id', 'participant_notification.participant_id', 'participant_notification.message', 'participant_notification.created_at', 'participant_notification.read_at', 'p.first_name', 'p.last_name', 'p.project_identifier'])
      .orderBy('participant_notification.created_at', 'desc').orderBy('participant_notification.id', 'desc').limit(q.pageSize).offset(q.page * q.pageSize).execute(),
    mine.select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.count<number>('id').filterWhere('read_at', 'is', null).as('unread')])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id, participantId: r.participant_id, participantName: r.first_name == null ? null : `${r.first_name} ${r.last_name ?? ''}`.trim(),
      message: namingParticipant(r.message as RuleMessage, r.first_name == null ? null : participantLabel({ firstName: r.first_name, lastName: r.last_name ?? '', projectIdentifier: r.project_identifier })),
      createdAt: new Date(r.created_at).toISOString(), readAt: r.read_at ? new Date(r.read_at).toISOString() : null,
    })),
    total: q.unreadOnly ? Number(counts.unread) : Number(counts.total),
    unread: Number(counts.unread),
  };
}

/** Marks one of the user's notifications read (404 for anyone else's); audited like every write. */
export async function markRead(db: Db, user: InboxUser, id: string) {
  await db.kysely.transaction().execute(async (tx) => {
    const row = await tx.updateTable('participant_notification').set({ read_at: new Date() })
      .where('id', '=', id).where('recipient', '=', user.username).where('read_at', 'is', null)
      .returning('id').executeTakeFirst();
    if (!row) {
      const exists = await tx.selectFrom('participant_notification').select('id').where('id', '=', id).where('recipient', '=', user.username).executeTakeFirst();
      if (!exists) throw notFound();
      return;
    }
    await recordAudit(tx, { actor: user.username, actorOrganisation: user.organisation, action: 'inbox.read', entityType: 'participant_notification', entityId: id });
  });
}

/** Marks every unread notification of the user read; answers how many. */
export async function markAllRead(db: Db, user: InboxUser): Promise<number> {
  return db.kysely.transaction().execute(async (tx) => {
    const rows = await tx.updateTable('participant_notification').set({ read_at: new Date() })
      .where('recipient', '=', user.username).where('read_at', 'is', null).returning('id').execute();
    if (rows.length) {
      await recordAudit(tx, { actor: user.username, actorOrganisation: user.organisation, action: 'inbox.readAll', entityType: 'participant_notification', details: { count: rows.length } });
    }
    return rows.length;
  });
}
