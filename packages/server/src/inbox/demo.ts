import { recruitmentStatusFromCode, recruitmentStatusLabelKey, type RuleMessage } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import type { DemoGenerator } from '../demo/study.ts';

const DEMO_MANAGER = 'demo-ccm';
const NOTICES = 12;

/**
 * The demo care manager's inbox: the recruitment decisions of their most recently changed
 * participants, as the decision service would have told them, the older half already read.
 */
export const demoInbox: DemoGenerator = async (db: Db) => {
  const existing = await db.kysely.selectFrom('participant_notification').select('id').where('recipient', '=', DEMO_MANAGER).limit(1).execute();
  if (existing.length) return;
  const changed = await db.kysely.selectFrom('participant').select(['id', 'recruitment', 'updated_at'])
    .where('creator', 'in', ['demo-ccm', 'demo-expert']).where('recruitment', '<>', 0)
    .orderBy('updated_at', 'desc').limit(NOTICES).execute();
  if (!changed.length) return;
  await db.kysely.insertInto('participant_notification').values(changed.map((row, i) => {
    const message: RuleMessage = {
      code: 'assessments.notifications.recruitmentChanged', params: { participant: row.id },
      refs: { from: recruitmentStatusLabelKey('pending'), to: recruitmentStatusLabelKey(recruitmentStatusFromCode(row.recruitment) ?? 'pending') },
    };
    const at = new Date(row.updated_at);
    return { participant_id: row.id, recipient: DEMO_MANAGER, message: JSON.stringify(message), created_at: at, read_at: i >= NOTICES / 2 ? at : null };
  })).execute();
};
