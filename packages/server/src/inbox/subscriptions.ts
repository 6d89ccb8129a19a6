import { sql } from 'kysely';
import type { Subscription } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { recordAudit } from '../audit/service.ts';
import { notFound } from '../http/errors.ts';
import type { InboxUser } from './service.ts';

const mine = (user: InboxUser) => sql<boolean>`ccmids @> ${JSON.stringify([{ ccmid: user.username }])}::jsonb`;

/** The participants whose care-centre manager the user is: pending requests first, then by name. */
export async function listSubscriptions(db: Db, user: InboxUser) {
  if (!user.organisation) return { items: [], pending: 0 };
  const rows = await db.kysely.selectFrom('participant').select(['id', 'first_name', 'last_name', 'ccmids'])
    .where('organisation', '=', user.organisation).where(mine(user)).orderBy('last_name').orderBy('first_name').orderBy('id').execute();
  const items = rows.map((r) => {
    const me = (r.ccmids as Subscription[]).find((m) => m.ccmid === user.username)!;
    return { participantId: r.id, name: `${r.first_name} ${r.last_name}`, accepted: me.accepted, notifications: me.notifications };
  }).sort((a, b) => Number(a.accepted) - Number(b.accepted));
  return { items, pending: items.filter((i) => !i.accepted).length };
}

/**
 * The user's answer for one participant: accept (with notifications on or off), switch notifications,
 * or decline, which takes them off the participant's managers. Only their own entry changes.
 */
export async function answerSubscription(db: Db, user: InboxUser, participantId: string, answer: { accepted: boolean; notifications?: boolean }) {
  return db.kysely.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('participant').select('ccmids').where('id', '=', participantId)
      .where('organisation', '=', user.organisation ?? '').where(mine(user)).forUpdate().executeTakeFirst();
    if (!row) throw notFound();
    const before = row.ccmids as Subscription[];
    const after = answer.accepted
      ? before.map((m) => (m.ccmid === user.username ? { ...m, accepted: true, notifications: answer.notifications ?? m.notifications } : m))
      : before.filter((m) => m.ccmid !== user.username);
    await tx.updateTable('participant').set({ ccmids: JSON.stringify(after), updated_at: new Date() }).where('id', '=', participantId).execute();
    await recordAudit(tx, {
      actor: user.username, actorOrganisation: user.organisation, action: answer.accepted ? 'subscription.accept' : 'subscription.decline',
      entityType: 'participant', entityId: participantId, before: { ccmids: before }, after: { ccmids: after },
    });
    return after.find((m) => m.ccmid === user.username) ?? null;
  });
}
