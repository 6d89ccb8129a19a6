import { sql } from 'kysely';
import type { Observation } from '@medplum/fhirtypes';
import {
  HOLOBALANCE_SCORE, HOLOBALANCE_SESSION_CODE, HOLOBALANCE_SYSTEM, holoBalanceStart, isHoloBalanceSession, readHoloBalanceSession, readingStats,
  type HoloBalanceObservation,
} from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { parseReference } from '../fhir/references.ts';
import { tokenKeys } from '../fhir/resource-types.ts';
import { ownParticipantId, type Caller } from '../participants/access.ts';

const TOKENS = [tokenKeys.exact('code', HOLOBALANCE_SYSTEM, HOLOBALANCE_SESSION_CODE), tokenKeys.exact('code', HOLOBALANCE_SCORE.system, HOLOBALANCE_SCORE.code)];

/**
 * The HOLOBalance sessions (issue 34 §4) that began between two days inclusive, newest first, each
 * with its score and its eight components (readings, mean, highest). A score belongs to the session
 * its `derivedFrom` names, or else to the session that began at the same instant; a stored session
 * the rules would not accept (the server's own writers are not refused) is left out.
 */
export async function holoBalanceSessions(db: Db, caller: Caller, participantId: string, from: string, to: string) {
  await ownParticipantId(db.kysely, caller.organisation, participantId);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000);
  const rows = await db.kysely.selectFrom('fhir_resource').select(['id', 'content'])
    .where('resource_type', '=', 'Observation').where('deleted', '=', false).where('patient_id', '=', participantId)
    .where(sql<boolean>`tokens && array[${sql.join(TOKENS)}]::text[]`)
    .where('date_start', '>=', new Date(`${from}T00:00:00Z`)).where('date_start', '<', end)
    .orderBy('date_start', 'desc').orderBy('id').execute();
  const observations = rows.map((r) => ({ id: r.id, obs: r.content as unknown as Observation & HoloBalanceObservation }));

  const scores = new Map<string, number>();
  for (const { obs } of observations.filter(({ obs }) => !isHoloBalanceSession(obs.code?.coding))) {
    const value = obs.valueQuantity?.value;
    const source = obs.derivedFrom?.map((r) => parseReference(r.reference)).find((r) => r?.type === 'Observation')?.id;
    const key = source ?? holoBalanceStart(obs);
    if (typeof value === 'number' && key && !scores.has(key)) scores.set(key, value);
  }

  const sessions = observations.flatMap(({ id, obs }) => {
    if (!isHoloBalanceSession(obs.code?.coding)) return [];
    const read = readHoloBalanceSession(obs);
    const start = holoBalanceStart(obs);
    if ('problems' in read || !start) return [];
    const endAt = new Date(obs.effectivePeriod!.end!).toISOString();
    return [{
      id, start, end: endAt,
      durationMinutes: Math.round((Date.parse(endAt) - Date.parse(start)) / 6000) / 10,
      score: scores.get(id) ?? scores.get(start) ?? null,
      components: read.readings.map((r) => ({ ...r, ...readingStats(r.samples) })),
    }];
  });
  return { from, to, sessions };
}
