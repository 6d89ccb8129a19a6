import { checkTransition, recruitmentStatusFromCode, type RecruitmentFacts } from '@geria/domain';
import type { z } from 'zod';
import type { Transaction } from 'kysely';
import type { recruitmentChangeSchema } from '@geria/domain/rules/participants-record.ts';
import type { Database } from '../db/types.ts';
import type { Db } from '../db/connection.ts';
import { recordAudit } from '../audit/service.ts';
import { notFound, ruleViolation } from '../http/errors.ts';
import { ownParticipantId, type Caller } from './access.ts';
import { readRecord } from './record.ts';

/** What the screening has recorded for a participant: Dexterity, MoCA and whether a birth date is set. */
export type ScreeningFacts = (tx: Transaction<Database>, caller: Caller, id: string) =>
  Promise<Pick<RecruitmentFacts, 'dexterity' | 'moca' | 'birthDatePresent'>>;

/**
 * `POST /participant/{id}/recruitement/{value}`: the recruitment state machine of the domain
 * decides; a refused transition is a 422 with its message key. A withdrawal stores its drop-off date.
 */
export async function changeRecruitment(
  db: Db, caller: Caller, id: string, value: number, change: z.output<typeof recruitmentChangeSchema>, screening: ScreeningFacts,
) {
  const to = recruitmentStatusFromCode(value);
  if (!to) throw notFound();
  return db.kysely.transaction().execute(async (tx) => {
    await ownParticipantId(tx, caller.organisation, id, true);
    const before = (await readRecord(tx, id))!;
    const from = recruitmentStatusFromCode(before.recruitment)!;
    const facts: RecruitmentFacts = { ...(await screening(tx, caller, id)), ...change, dropOffDate: change.dropOffDate ?? before.dropOff };
    const check = checkTransition(from, to, facts);
    if (!check.ok) throw ruleViolation(check.code, check.params);
    await tx.updateTable('participant').set({
      recruitment: value, updated_at: new Date(), ...(to === 'withdrawn' && { drop_off: facts.dropOffDate }),
    }).where('id', '=', id).execute();
    const after = (await readRecord(tx, id))!;
    await recordAudit(tx, {
      actor: caller.user.username, actorOrganisation: caller.organisation.abbr, action: 'participant.recruitment',
      entityType: 'participant', entityId: id, before: { recruitment: before.recruitment }, after: { recruitment: after.recruitment },
      details: { reason: change.reason ?? null, correction: change.correction ?? false },
    });
    return after;
  });
}
