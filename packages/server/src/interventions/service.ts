import { interventionRuleSchema, participantLabel, type InterventionRule, type Organisation } from '@geria/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/connection.ts';
import { recordAudit } from '../audit/service.ts';
import { notFound, ruleViolation } from '../http/errors.ts';

export interface RuleCaller { username: string; organisation: Organisation }

const ruleView = (r: { id: string; definition: InterventionRule; active: boolean; created_by: string; created_at: Date; updated_at: Date }) => ({
  ...r.definition, id: r.id, active: r.active, createdBy: r.created_by,
  createdAt: new Date(r.created_at).toISOString(), updatedAt: new Date(r.updated_at).toISOString(),
});

/** The participant a rule targets alone, which its audit records are about (an erasure redacts them). */
const targetParticipant = (rule: InterventionRule | undefined) => (rule?.target.kind === 'participant' ? rule.target.participantId : null);

async function checkTarget(db: Db['kysely'], caller: RuleCaller, rule: InterventionRule) {
  if (rule.target.kind !== 'participant') return;
  const found = await db.selectFrom('participant').select('id').where('id', '=', rule.target.participantId).where('organisation', '=', caller.organisation.abbr).executeTakeFirst();
  if (!found) throw ruleViolation('interventions.errors.participantNotFound');
}

/** The organisation's rules, newest first; optionally those that can concern one participant. */
export async function listRules(db: Db, caller: RuleCaller, participantId?: string) {
  const rows = await db.kysely.selectFrom('intervention_rule').select(['id', 'definition', 'active', 'created_by', 'created_at', 'updated_at'])
    .where('organisation', '=', caller.organisation.abbr).orderBy('created_at', 'desc').orderBy('id').execute();
  const items = rows.map(ruleView);
  return participantId ? items.filter((r) => r.target.kind !== 'participant' || r.target.participantId === participantId) : items;
}

export async function getRule(db: Db, caller: RuleCaller, id: string) {
  const row = await db.kysely.selectFrom('intervention_rule').select(['id', 'definition', 'active', 'created_by', 'created_at', 'updated_at'])
    .where('id', '=', id).where('organisation', '=', caller.organisation.abbr).executeTakeFirst();
  if (!row) throw notFound();
  return ruleView(row);
}

export async function createRule(db: Db, caller: RuleCaller, input: z.infer<typeof interventionRuleSchema>) {
  const rule = interventionRuleSchema.parse(input);
  const id = await db.kysely.transaction().execute(async (tx) => {
    await checkTarget(tx, caller, rule);
    const row = await tx.insertInto('intervention_rule').values({
      organisation: caller.organisation.abbr, name: rule.name, type: rule.type, definition: JSON.stringify(rule), active: rule.active, created_by: caller.username,
    }).returning('id').executeTakeFirstOrThrow();
    await recordAudit(tx, { actor: caller.username, actorOrganisation: caller.organisation.abbr, action: 'intervention.rule.create', entityType: 'intervention_rule', entityId: row.id, after: rule, participantId: targetParticipant(rule) });
    return row.id;
  });
  return getRule(db, caller, id);
}

export async function updateRule(db: Db, caller: RuleCaller, id: string, input: z.infer<typeof interventionRuleSchema>) {
  const rule = interventionRuleSchema.parse(input);
  await db.kysely.transaction().execute(async (tx) => {
    const before = await tx.selectFrom('intervention_rule').select('definition').where('id', '=', id).where('organisation', '=', caller.organisation.abbr).forUpdate().executeTakeFirst();
    if (!before) throw notFound();
    await checkTarget(tx, caller, rule);
    await tx.updateTable('intervention_rule').set({ name: rule.name, type: rule.type, definition: JSON.stringify(rule), active: rule.active, updated_at: new Date() }).where('id', '=', id).execute();
    await recordAudit(tx, { actor: caller.username, actorOrganisation: caller.organisation.abbr, action: 'intervention.rule.update', entityType: 'intervention_rule', entityId: id, before: before.definition, after: rule,
      participantId: targetParticipant(rule) ?? targetParticipant(before.definition),
    });
  });
  return getRule(db, caller, id);
}

/** Deletes a rule with its firings and deliveries (the audit keeps what it was). */
export async function deleteRule(db: Db, caller: RuleCaller, id: string) {
  await db.kysely.transaction().execute(async (tx) => {
    const row = await tx.deleteFrom('intervention_rule').where('id', '=', id).where('organisation', '=', caller.organisation.abbr).returning('definition').executeTakeFirst();
    if (!row) throw notFound();
    await recordAudit(tx, { actor: caller.username, actorOrganisation: caller.organisation.abbr, action: 'intervention.rule.delete', entityType: 'intervention_rule', entityId: id, before: row.definition,
      participantId: targetParticipant(row.definition),
    });
  });
}

export interface LogQuery { page: number; pageSize: number; participantId?: string; ruleId?: string }

/** The firing log of the organisation, newest first, each with its deliveries' status. */
export async function listFirings(db: Db, caller: RuleCaller, q: LogQuery) {
  let base = db.kysely.selectFrom('intervention_firing as f').where('f.organisation', '=', caller.organisation.abbr);
  if (q.participantId) base = base.where('f.participant_id', '=', q.participantId);
  if (q.ruleId) base = base.where('f.rule_id', '=', q.ruleId);
  const [rows, count] = await Promise.all([
    base.innerJoin('intervention_rule as r', 'r.id', 'f.rule_id').innerJoin('participant as p', 'p.id', 'f.participant_id')
      .select(['f.id', 'f.rule_id', 'r.name as rule_name', 'r.type as rule_type', 'f.participant_id', 'f.observation_id', 'f.level', 'f.value', 'f.diastolic', 'f.unit', 'f.channels', 'f.message', 'f.fired_at', 'f.measured_at'])
      .select(['p.first_name', 'p.last_name', 'p.project_identifier'])
      .orderBy('f.fired_at', 'desc').orderBy('f.id').limit(q.pageSize).offset(q.page * q.pageSize).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const deliveries = rows.length
    ? await db.kysely.selectFrom('intervention_delivery').select(['id', 'firing_id', 'channel', 'recipient', 'status', 'attempts', 'last_error', 'last_reply', 'sent_at'])
      .where('firing_id', 'in', rows.map((r) => r.id)).orderBy('created_at').execute()
    : [];
  return {
    total: Number(count.total),
    items: rows.map((r) => ({
      id: r.id, ruleId: r.rule_id, ruleName: r.rule_name, ruleType: r.rule_type, participantId: r.participant_id, observationId: r.observation_id,
      participantName: participantLabel({ firstName: r.first_name, lastName: r.last_name, projectIdentifier: r.project_identifier }),
      level: r.level, value: r.value, diastolic: r.diastolic, unit: r.unit, channels: r.channels, message: r.message, firedAt: new Date(r.fired_at).toISOString(),
      // The reading's time; firings recorded before it was kept give their firing time.
      measuredAt: new Date(r.measured_at ?? r.fired_at).toISOString(),
      deliveries: deliveries.filter((d) => d.firing_id === r.id).map((d) => ({
        id: d.id, channel: d.channel, recipient: d.recipient, status: d.status, attempts: d.attempts, lastError: d.last_error, lastReply: d.last_reply,
        sentAt: d.sent_at ? new Date(d.sent_at).toISOString() : null,
      })),
    })),
  };
}

/** The notifications sent: every delivery of the organisation's firings, newest first. */
export async function listDeliveries(db: Db, caller: RuleCaller, q: { page: number; pageSize: number }) {
  const base = db.kysely.selectFrom('intervention_delivery as d').innerJoin('intervention_firing as f', 'f.id', 'd.firing_id')
    .where('f.organisation', '=', caller.organisation.abbr);
  const [rows, count] = await Promise.all([
    base.innerJoin('intervention_rule as r', 'r.id', 'f.rule_id')
      .select(['d.id', 'd.channel', 'd.recipient', 'd.language', 'd.status', 'd.attempts', 'd.last_error', 'd.last_reply', 'd.sent_at', 'd.created_at', 'f.participant_id', 'f.message', 'r.name as rule_name'])
      .orderBy('d.created_at', 'desc').orderBy('d.id').limit(q.pageSize).offset(q.page * q.pageSize).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.total),
    items: rows.map((d) => ({
      id: d.id, channel: d.channel, recipient: d.recipient, language: d.language, status: d.status, attempts: d.attempts, lastError: d.last_error, lastReply: d.last_reply,
      sentAt: d.sent_at ? new Date(d.sent_at).toISOString() : null, createdAt: new Date(d.created_at).toISOString(),
      participantId: d.participant_id, message: d.message, ruleName: d.rule_name,
    })),
  };
}

/**
 * The app notifications of the organisation's participants created after `after`, oldest first, for
 * the participant's app (through its integration client); the first fetch marks them delivered.
 */
export async function fetchAppNotifications(db: Db, caller: RuleCaller, q: { after?: Date; participantId?: string; limit: number }) {
  return db.kysely.transaction().execute(async (tx) => {
    let query = tx.selectFrom('intervention_delivery as d').innerJoin('intervention_firing as f', 'f.id', 'd.firing_id')
      .innerJoin('intervention_rule as r', 'r.id', 'f.rule_id')
      .select(['d.id', 'd.status', 'd.created_at', 'f.participant_id', 'f.message', 'f.level', 'f.value', 'f.diastolic', 'f.unit', 'f.fired_at', 'r.definition'])
      .where('d.channel', '=', 'app').where('f.organisation', '=', caller.organisation.abbr);
    // The cursor is the ISO time (milliseconds) of the last item fetched; PostgreSQL keeps microseconds.
    if (q.after) query = query.where(sql<Date>`date_trunc('milliseconds', d.created_at)`, '>', q.after);
    if (q.participantId) query = query.where('d.recipient', '=', q.participantId);
    const rows = await query.orderBy('d.created_at').orderBy('d.id').limit(q.limit).execute();
    const fresh = rows.filter((r) => r.status === 'pending').map((r) => r.id);
    if (fresh.length) await tx.updateTable('intervention_delivery').set({ status: 'sent', sent_at: new Date(), attempts: 1 }).where('id', 'in', fresh).execute();
    return {
      items: rows.map((r) => ({
        id: r.id, participantId: r.participant_id, app: r.definition.app, language: r.definition.language, priority: r.definition.priority,
        level: r.level, value: r.value, diastolic: r.diastolic, unit: r.unit, message: r.message,
        firedAt: new Date(r.fired_at).toISOString(), createdAt: new Date(r.created_at).toISOString(),
      })),
    };
  });
}
