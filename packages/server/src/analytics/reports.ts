import { sql } from 'kysely';
import { analyticSchema, resultAlerts, runIntrinsicCapacity, type AnalysisResult, type SessionUser } from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { iso } from './service.ts';
import { readSnapshot } from './snapshot.ts';

/** The analytic id of the intrinsic-capacity resume plot (SPEC §7), computed per patient on demand. */
export const IC_RESUME_PLOT = 'ic_patient_info_resumeplot';
const IC_ANALYTIC = analyticSchema.parse({ name: IC_RESUME_PLOT, dataSource: {}, analysis: { type: 'intrinsic_capacity' }, charts: ['radar'] });

const organisationOf = (user: SessionUser) => {
  if (!user.organisation) throw forbidden();
  return user.organisation;
};

/** Each analytic's latest completed run in the caller's organisation. */
function latestCompleted(db: Db, organisation: string) {
  return db.kysely.selectFrom('analytic as a')
    .innerJoin('analytic_run as r', 'r.analytic_id', 'a.id')
    .select(['a.id as analyticId', 'a.name as analyticName', 'a.tags', 'a.notebook_id as notebookId', 'r.id as runId', 'r.finished_at as completedAt', 'r.result'])
    .where('a.organisation', '=', organisation).where('r.state', '=', 'Completed')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('analytic_run as later').select(sql`1`.as('one'))
      .whereRef('later.analytic_id', '=', 'a.id').where('later.state', '=', 'Completed').whereRef('later.finished_at', '>', 'r.finished_at'))))
    .orderBy('r.finished_at', 'desc');
}

/** GET /analytics/all (SPEC §7): the latest results, optionally of one analytic or with one tag. */
export async function allResults(db: Db, user: SessionUser, q: { analyticsId?: string; organizationId?: number; tag?: string }) {
  if (q.organizationId !== undefined && q.organizationId !== user.organisationId) throw forbidden();
  const rows = await latestCompleted(db, organisationOf(user))
    .$if(q.analyticsId !== undefined, (b) => b.where('a.id', '=', q.analyticsId!))
    .$if(q.tag !== undefined, (b) => b.where(sql<boolean>`${q.tag} = any(a.tags)`)).execute();
  // SPEC §7's shape, the same as the pilot form's (`/analytics/pilot/{id}/all`): data.analytics[].result.
  return { data: { analytics: rows.map(({ result, ...r }) => ({ ...r, completedAt: iso(r.completedAt!), type: result!.type, result: result! })) } };
}

/** Completed runs that flag participants (an intrinsic-capacity domain fell ≥ 10 points), for Home. */
export async function alerts(db: Db, user: SessionUser) {
  const rows = await latestCompleted(db, organisationOf(user)).execute();
  const found = rows.flatMap((r) => resultAlerts(r.result as AnalysisResult).map((a) => ({
    participantId: a.participantId, participantName: a.participantName, analyticId: r.analyticId, analyticName: r.analyticName,
    domains: a.domains, completedAt: iso(r.completedAt!),
  })));
  // A participant excluded from processing since the run is no longer shown.
  const excluded = found.length === 0 ? new Set<string>() : new Set((await db.kysely.selectFrom('participant').select(sql<string>`id::text`.as('id'))
    .where(sql<boolean>`id::text = any(${sql.val(found.map((f) => f.participantId))}::text[])`).where('processing_excluded', '=', true).execute()).map((r) => r.id));
  return { alerts: found.filter((a) => !excluded.has(a.participantId)).map(({ domains, ...a }) => ({ ...a, domains, message: 'analytics.alerts.icDecline' })) };
}

async function participantInOrganisation(db: Db, organisation: string, patientId: string) {
  const row = await db.kysely.selectFrom('participant').select(['processing_excluded'])
    .where(sql<boolean>`id::text = ${patientId}`).where('organisation', '=', organisation).executeTakeFirst();
  if (!row) throw notFound('analytics.patientNotFound');
  return row;
}

/** The intrinsic capacity of every participant of the organisation (the /ic list), or of one. */
export async function intrinsicCapacity(db: Db, user: SessionUser, patientId?: string) {
  const rows = await readSnapshot(db, organisationOf(user), IC_ANALYTIC, patientId);
  return runIntrinsicCapacity(rows);
}

/** GET /analytics/patient/{patientId}/analytic/{analyticId} (SPEC §7). */
export async function patientResult(db: Db, user: SessionUser, patientId: string, analyticId: string) {
  const organisation = organisationOf(user);
  const participant = await participantInOrganisation(db, organisation, patientId);
  if (participant.processing_excluded) return { analyticId, patientId, excluded: true, data: null };
  if (analyticId === IC_RESUME_PLOT) {
    const result = await intrinsicCapacity(db, user, patientId);
    return { analyticId, patientId, excluded: false, data: result.participants[0] ?? null };
  }
  if (!/^[0-9a-f-]{36}$/i.test(analyticId)) throw notFound('analytics.analyticNotFound');
  const [latest] = await latestCompleted(db, organisation).where('a.id', '=', analyticId).execute();
  if (!latest) throw notFound('analytics.analyticNotFound');
  const result = latest.result as AnalysisResult;
  const data = result.type === 'kmeans' ? result.points.find((p) => p.participantId === patientId) ?? null
    : result.type === 'intrinsic_capacity' ? result.participants.find((p) => p.participantId === patientId) ?? null : null;
  return { analyticId, patientId, excluded: false, type: result.type, completedAt: iso(latest.completedAt!), data };
}
