import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/types.ts';
import {
  analyticSchema, canDeleteRun, nextRunState, type Analytic, type AuditAction, type NotebookInput, type RunAction, type SessionUser,
} from '@geria/domain';
import type { Db } from '../db/connection.ts';
import { recordAudit } from '../audit/service.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import type { RunRow } from './tables.ts';

const organisationOf = (user: SessionUser) => {
  if (!user.organisation) throw forbidden();
  return user.organisation;
};
const audit = (user: SessionUser, action: AuditAction, entityType: string, entityId: string, before?: unknown, after?: unknown) =>
  ({ actor: user.username, actorOrganisation: user.organisation, action, entityType, entityId, before, after });

/** A time of the database (a Date) as the answers state it: ISO 8601. */
export const iso = (at: Date | string) => new Date(at).toISOString();
const isoOrNull = (at: Date | string | null) => (at === null ? null : iso(at));
const withTimes = <T extends { createdAt: Date; updatedAt: Date }>(row: T) => ({ ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) });

// ---- Notebooks ----------------------------------------------------------------------------------

export async function listNotebooks(db: Db, user: SessionUser) {
  return db.kysely.selectFrom('notebook as n')
    .select(['n.id', 'n.name', 'n.description', 'n.owner', 'n.organisation', 'n.created_at as createdAt', 'n.updated_at as updatedAt',
      (eb) => eb.selectFrom('analytic as a').whereRef('a.notebook_id', '=', 'n.id').select((e) => e.fn.countAll<number>().as('c')).as('analytics')])
    .where('n.organisation', '=', organisationOf(user)).orderBy('n.updated_at', 'desc').execute()
    .then((rows) => rows.map((r) => ({ ...withTimes(r), analytics: Number(r.analytics) })));
}

export async function getNotebook(db: Db, user: SessionUser, id: string) {
  const notebook = await db.kysely.selectFrom('notebook')
    .select(['id', 'name', 'description', 'owner', 'organisation', 'created_at as createdAt', 'updated_at as updatedAt'])
    .where('id', '=', id).where('organisation', '=', organisationOf(user)).executeTakeFirst();
  if (!notebook) throw notFound('analytics.notebookNotFound');
  return withTimes(notebook);
}

export async function createNotebook(db: Db, user: SessionUser, input: NotebookInput) {
  return db.kysely.transaction().execute(async (tx) => {
    const row = await tx.insertInto('notebook').values({ ...input, owner: user.username, organisation: organisationOf(user) })
      .returning(['id', 'name', 'description', 'owner', 'organisation', 'created_at as createdAt', 'updated_at as updatedAt']).executeTakeFirstOrThrow();
    await recordAudit(tx, audit(user, 'notebook.create', 'Notebook', row.id, null, row));
    return withTimes(row);
  });
}

export async function updateNotebook(db: Db, user: SessionUser, id: string, input: NotebookInput) {
  const before = await getNotebook(db, user, id);
  return db.kysely.transaction().execute(async (tx) => {
    const row = await tx.updateTable('notebook').set({ ...input, updated_at: sql`now()` }).where('id', '=', id)
      .returning(['id', 'name', 'description', 'owner', 'organisation', 'created_at as createdAt', 'updated_at as updatedAt']).executeTakeFirstOrThrow();
    await recordAudit(tx, audit(user, 'notebook.update', 'Notebook', id, before, row));
    return withTimes(row);
  });
}

export async function deleteNotebook(db: Db, user: SessionUser, id: string) {
  const before = await getNotebook(db, user, id);
  await db.kysely.transaction().execute(async (tx) => {
    const running = await tx.selectFrom('analytic_run as r').innerJoin('analytic as a', 'a.id', 'r.analytic_id')
      .select('r.id').where('a.notebook_id', '=', id).where('r.state', '=', 'Running').executeTakeFirst();
    if (running) throw conflict('analytics.runRunning');
    await tx.deleteFrom('notebook').where('id', '=', id).execute();
    await recordAudit(tx, audit(user, 'notebook.delete', 'Notebook', id, before, null));
  });
}

// ---- Analytics ----------------------------------------------------------------------------------

const runSummary = ['r.id', 'r.state', 'r.progress', 'r.requested', 'r.queued_at as queuedAt', 'r.started_at as startedAt', 'r.finished_at as finishedAt', 'r.error'] as const;
const summaryOf = <T extends { queuedAt: Date; startedAt: Date | null; finishedAt: Date | null }>(run: T) =>
  ({ ...run, queuedAt: iso(run.queuedAt), startedAt: isoOrNull(run.startedAt), finishedAt: isoOrNull(run.finishedAt) });

export async function listAnalytics(db: Db, user: SessionUser, notebookId: string) {
  await getNotebook(db, user, notebookId);
  const analytics = await db.kysely.selectFrom('analytic')
    .select(['id', 'notebook_id as notebookId', 'name', 'description', 'tags', 'definition', 'owner', 'created_at as createdAt', 'updated_at as updatedAt'])
    .where('notebook_id', '=', notebookId).orderBy('created_at').execute();
  const runs = analytics.length === 0 ? [] : await db.kysely.selectFrom('analytic_run as r').select([...runSummary, 'r.analytic_id as analyticId'])
    .where('r.analytic_id', 'in', analytics.map((a) => a.id)).orderBy('r.queued_at', 'desc').execute();
  return analytics.map((a) => ({ ...withTimes(a), runs: runs.filter((r) => r.analyticId === a.id).map(({ analyticId: _, ...r }) => summaryOf(r)) }));
}

async function getAnalyticRow(db: Db, user: SessionUser, id: string) {
  const row = await db.kysely.selectFrom('analytic')
    .select(['id', 'notebook_id as notebookId', 'name', 'description', 'tags', 'definition', 'owner', 'created_at as createdAt', 'updated_at as updatedAt'])
    .where('id', '=', id).where('organisation', '=', organisationOf(user)).executeTakeFirst();
  if (!row) throw notFound('analytics.analyticNotFound');
  return row;
}

export async function getAnalytic(db: Db, user: SessionUser, id: string) {
  const analytic = await getAnalyticRow(db, user, id);
  const runs = await db.kysely.selectFrom('analytic_run as r').select(runSummary).where('r.analytic_id', '=', id).orderBy('r.queued_at', 'desc').execute();
  return { ...withTimes(analytic), runs: runs.map(summaryOf) };
}

const definitionOf = (a: Analytic) => JSON.stringify({ dataSource: a.dataSource, analysis: a.analysis, charts: a.charts });

/** Creates the analytic (the wizard's review step) and, unless `run` is false, queues its first run. */
export async function createAnalytic(db: Db, user: SessionUser, notebookId: string, input: Analytic, run = true) {
  await getNotebook(db, user, notebookId);
  return db.kysely.transaction().execute(async (tx) => {
    const row = await tx.insertInto('analytic').values({
      notebook_id: notebookId, name: input.name, description: input.description, tags: input.tags,
      definition: definitionOf(input), owner: user.username, organisation: organisationOf(user),
    }).returning(['id']).executeTakeFirstOrThrow();
    await recordAudit(tx, audit(user, 'analytic.create', 'Analytic', row.id, null, input));
    if (run) await queueRun(tx, user, row.id, input);
    return row;
  }).then((row) => getAnalytic(db, user, row.id));
}

export async function updateAnalytic(db: Db, user: SessionUser, id: string, input: Analytic) {
  const before = await getAnalyticRow(db, user, id);
  await db.kysely.transaction().execute(async (tx) => {
    await tx.updateTable('analytic').set({ name: input.name, description: input.description, tags: input.tags, definition: definitionOf(input), updated_at: sql`now()` })
      .where('id', '=', id).execute();
    await recordAudit(tx, audit(user, 'analytic.update', 'Analytic', id, before, input));
  });
  return getAnalytic(db, user, id);
}

export async function deleteAnalytic(db: Db, user: SessionUser, id: string) {
  const before = await getAnalyticRow(db, user, id);
  await db.kysely.transaction().execute(async (tx) => {
    const running = await tx.selectFrom('analytic_run').select('id').where('analytic_id', '=', id).where('state', '=', 'Running').executeTakeFirst();
    if (running) throw conflict('analytics.runRunning');
    await tx.deleteFrom('analytic').where('id', '=', id).execute();
    await recordAudit(tx, audit(user, 'analytic.delete', 'Analytic', id, before, null));
  });
}

/** The stored definition, re-validated (defaults of a newer schema apply). */
export const parseDefinition = (row: { name: string; description: string; tags: string[]; definition: unknown }): Analytic =>
  analyticSchema.parse({ name: row.name, description: row.description, tags: row.tags, ...(row.definition as object) });

// ---- Runs ---------------------------------------------------------------------------------------

type Tx = Kysely<Database> | Transaction<Database>;

async function queueRun(tx: Tx, user: SessionUser, analyticId: string, analytic: Analytic) {
  const run = await tx.insertInto('analytic_run').values({ analytic_id: analyticId, parameters: JSON.stringify(analytic), created_by: user.username })
    .returning('id').executeTakeFirstOrThrow();
  await recordAudit(tx, audit(user, 'analyticRun.create', 'AnalyticRun', run.id, null, { analyticId }));
  return run.id;
}

/** A new run of the analytic's current definition (the wizard's last step, or "run again"). */
export async function createRun(db: Db, user: SessionUser, analyticId: string) {
  const analytic = parseDefinition(await getAnalyticRow(db, user, analyticId));
  const id = await db.kysely.transaction().execute((tx) => queueRun(tx, user, analyticId, analytic));
  return getRun(db, user, id);
}

async function runRow(k: Tx, user: SessionUser, id: string, lock = false): Promise<RunRow> {
  const row = await k.selectFrom('analytic_run as r').innerJoin('analytic as a', 'a.id', 'r.analytic_id').selectAll('r')
    .where('r.id', '=', id).where('a.organisation', '=', organisationOf(user))
    .$if(lock, (q) => q.forUpdate()).executeTakeFirst();
  if (!row) throw notFound('analytics.runNotFound');
  return row;
}

export async function getRun(db: Db, user: SessionUser, id: string) {
  const r = await runRow(db.kysely, user, id);
  return {
    id: r.id, analyticId: r.analytic_id, state: r.state, requested: r.requested, progress: r.progress,
    parameters: r.parameters, result: r.result, error: r.error, createdBy: r.created_by,
    queuedAt: iso(r.queued_at), startedAt: isoOrNull(r.started_at), finishedAt: isoOrNull(r.finished_at),
    participants: Array.isArray(r.snapshot) ? new Set((r.snapshot as { participantId: string }[]).map((s) => s.participantId)).size : null,
  };
}

/** The exact input rows of a run (reproducibility; the CSV download of the input). */
export async function getRunSnapshot(db: Db, user: SessionUser, id: string) {
  return (await runRow(db.kysely, user, id)).snapshot ?? [];
}

/**
 * A lifecycle action (SPEC §4). A queued run stops or is interrupted at once; a running one is asked
 * to, and its worker ends it at its next checkpoint (cooperative), so the answer may still say Running
 * with `requested` set.
 */
export async function actOnRun(db: Db, user: SessionUser, id: string, action: RunAction) {
  await db.kysely.transaction().execute(async (tx) => {
    const run = await runRow(tx, user, id, true);
    const next = nextRunState(run.state, action);
    if (!next) throw conflict('analytics.actionRefused', { action, state: run.state });
    const now = sql<Date>`now()`;
    if ((action === 'stop' || action === 'interrupt') && run.state === 'Running') {
      await tx.updateTable('analytic_run').set({ requested: action }).where('id', '=', id).execute();
    } else if (action === 'restart') {
      await tx.updateTable('analytic_run').set({ state: 'Queued', requested: null, progress: 0, error: null, worker: null, queued_at: now, started_at: null, finished_at: null, heartbeat_at: null })
        .where('id', '=', id).execute();
    } else if (action === 'reset') {
      await tx.updateTable('analytic_run').set({ state: next, requested: null, progress: 0, result: null, snapshot: null, error: null, finished_at: now })
        .where('id', '=', id).execute();
    } else {
      await tx.updateTable('analytic_run').set({ state: next, requested: null, finished_at: now }).where('id', '=', id).execute();
    }
    await recordAudit(tx, audit(user, `analyticRun.${action}`, 'AnalyticRun', id, { state: run.state }, { state: next }));
  });
  return getRun(db, user, id);
}

export async function deleteRun(db: Db, user: SessionUser, id: string) {
  await db.kysely.transaction().execute(async (tx) => {
    const run = await runRow(tx, user, id, true);
    if (!canDeleteRun(run.state)) throw conflict('analytics.runRunning');
    await tx.deleteFrom('analytic_run').where('id', '=', id).execute();
    await recordAudit(tx, audit(user, 'analyticRun.delete', 'AnalyticRun', id, { state: run.state }, null));
  });
}
