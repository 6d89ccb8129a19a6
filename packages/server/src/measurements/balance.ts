import { sql } from 'kysely';
import type { Observation } from '@medplum/fhirtypes';
import { BALANCE_SESSION_KINDS, balanceSessionKindOf, GERIA_BALANCE_SYSTEM, readBalanceSession, type BalanceSession } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { tokenKeys } from '../fhir/resource-types.ts';
import { notFound } from '../http/errors.ts';
import { ownParticipantId, type Caller } from '../participants/access.ts';

const SESSION_TOKENS = Object.values(BALANCE_SESSION_KINDS).map((code) => tokenKeys.exact('code', GERIA_BALANCE_SYSTEM, code));

export interface StoredSession extends BalanceSession { id: string; start: string; end: string | null }

/** A stored session Observation read back; null for one the rules would not accept (the server's own writers are not refused). */
function sessionOf(id: string, content: Observation): StoredSession | null {
  const kind = balanceSessionKindOf(content.code?.coding);
  if (!kind || kind === 'unknown') return null;
  const read = readBalanceSession(kind, content.component);
  const start = content.effectivePeriod?.start ?? content.effectiveDateTime;
  if ('problem' in read || !start) return null;
  return { id, start: new Date(start).toISOString(), end: content.effectivePeriod?.end ? new Date(content.effectivePeriod.end).toISOString() : null, ...read.session };
}

/**
 * The balance-training app's sessions and training sessions of a participant that began between
 * two days inclusive, newest first: date, duration, number of exercises and score (the list).
 */
export async function balanceSessions(db: Db, caller: Caller, participantId: string, from: string, to: string) {
  await ownParticipantId(db.kysely, caller.organisation, participantId);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString();
  const rows = await db.kysely.selectFrom('fhir_resource').select(['id', 'content'])
    .where('resource_type', '=', 'Observation').where('deleted', '=', false).where('patient_id', '=', participantId)
    .where(sql<boolean>`tokens && array[${sql.join(SESSION_TOKENS)}]::text[]`)
    .where('date_start', '>=', new Date(`${from}T00:00:00Z`)).where('date_start', '<', new Date(end))
    .orderBy('date_start', 'desc').orderBy('id').execute();
  const all = rows.map((r) => sessionOf(r.id, r.content as unknown as Observation)).filter((s): s is StoredSession => !!s);
  const summary = ({ exercises, ...s }: StoredSession) => ({ ...s, exercises: exercises.length });
  return {
    from, to,
    sessions: all.filter((s) => s.kind === 'session').map(summary),
    trainingSessions: all.filter((s) => s.kind === 'trainingSession').map(summary),
  };
}

/** One session with its exercises and score (its analytics: none when it has neither). */
export async function balanceSession(db: Db, caller: Caller, participantId: string, sessionId: string) {
  await ownParticipantId(db.kysely, caller.organisation, participantId);
  const row = await db.kysely.selectFrom('fhir_resource').select(['id', 'content'])
    .where('resource_type', '=', 'Observation').where('deleted', '=', false).where('patient_id', '=', participantId).where('id', '=', sessionId)
    .where(sql<boolean>`tokens && array[${sql.join(SESSION_TOKENS)}]::text[]`).executeTakeFirst();
  const session = row && sessionOf(row.id, row.content as unknown as Observation);
  if (!session) throw notFound();
  return { ...session, hasAnalytics: session.score !== null || session.exercises.length > 0 };
}
