import type { Resource } from '@medplum/fhirtypes';
import { recruitmentStatusCode, recruitmentStatusLabelKey, type RecruitmentStatus, type RuleMessage } from '@geria/domain';
import {
  planRecruitmentDecision, RESEARCH_SUBJECT_STATUS, type RecruitmentDecisionInput,
} from '@geria/domain/rules/assessment-recruitment-decision.ts';
import type { Db } from '../db/connection.ts';
import type { FhirClient } from '../fhir/service.ts';
import { recordAudit } from '../audit/service.ts';
import { ruleViolation } from '../http/errors.ts';
import type { Caller } from '../participants/access.ts';
import { entries, researchSubjectOf } from '../participants/fhir-link.ts';
import { notifyCareManagers } from './notifications.ts';
import { inPatientScope } from './patient-scope.ts';
import { readPatientFacts } from './patient-facts.ts';
import { recruitmentFacts, screening } from './working-state.ts';

type SubjectResource = Resource & { status?: string; period?: { start?: string; end?: string } };
const ENDED: RecruitmentStatus[] = ['excluded', 'withdrawn', 'completed'];

/** The ResearchSubject follows the recruitment status; an ended participation closes its period. */
async function updateResearchSubject(fhir: FhirClient, id: string, status: RecruitmentStatus, endDate: string) {
  const [subject] = entries(await fhir.search('ResearchSubject', { individual: `Patient/${id}`, _count: '1' })) as SubjectResource[];
  const current: SubjectResource = subject ?? (researchSubjectOf(id) as SubjectResource);
  const { period, ...rest } = current;
  const start = period?.start;
  const next = {
    ...rest,
    status: RESEARCH_SUBJECT_STATUS[status],
    ...(ENDED.includes(status) ? { period: { ...(start && { start }), end: endDate } } : start ? { period: { start } } : {}),
  };
  if (subject) await fhir.update('ResearchSubject', subject.id!, next);
  else await fhir.create(next);
}

/**
 * A recruitment decision (SPEC §4): the domain plans the status changes through the state machine
 * (422 with its message when refused); the participant row, its ResearchSubject, the decision with
 * its reason, the care managers' notifications and the audit record commit together.
 */
export const decideRecruitment = (db: Db, caller: Caller, id: string, input: RecruitmentDecisionInput, now = new Date()) =>
  inPatientScope(db, caller, id, async ({ tx, fhir }) => {
    const facts = await readPatientFacts(tx, fhir, id, now);
    const { risks } = screening(facts);
    const dropOffDate = input.dropOffDate ?? facts.record.dropOff;
    const plan = planRecruitmentDecision(facts.status, input.to, {
      ...recruitmentFacts(facts), reason: input.reason, dropOffDate, correction: input.correction,
    }, risks);
    if (!plan.ok) throw ruleViolation(plan.code, plan.params);
    const from = facts.status;
    const to = plan.steps.at(-1) ?? from;
    const today = now.toISOString().slice(0, 10);
    if (to !== from) {
      await tx.updateTable('participant').set({
        recruitment: recruitmentStatusCode(to), updated_at: now, ...(to === 'withdrawn' && { drop_off: dropOffDate }),
      }).where('id', '=', id).execute();
      await updateResearchSubject(fhir, id, to, to === 'withdrawn' ? dropOffDate! : today);
    }
    const reason = input.reason?.trim() || null;
    const decision = await tx.insertInto('recruitment_decision').values({
      participant_id: id, from_status: recruitmentStatusCode(from), to_status: recruitmentStatusCode(to), reason,
      drop_off: to === 'withdrawn' ? dropOffDate : null, correction: input.correction ?? false, risks: JSON.stringify(risks),
      decided_by: caller.user.username,
    }).returning(['id', 'decided_at']).executeTakeFirstOrThrow();
    const message: RuleMessage = to === from
      ? { code: 'assessments.notifications.recruitmentKept', params: { participant: id }, refs: { status: recruitmentStatusLabelKey(to) } }
      : { code: 'assessments.notifications.recruitmentChanged', params: { participant: id }, refs: { from: recruitmentStatusLabelKey(from), to: recruitmentStatusLabelKey(to) } };
    const notified = await notifyCareManagers(tx, id, facts.record.ccmids, message);
    await recordAudit(tx, {
      actor: caller.user.username, actorOrganisation: caller.organisation.abbr, action: 'participant.recruitmentDecision',
      entityType: 'participant', entityId: id, before: { recruitment: recruitmentStatusCode(from) }, after: { recruitment: recruitmentStatusCode(to) },
      details: { steps: plan.steps, reason, dropOffDate: to === 'withdrawn' ? dropOffDate : null, correction: input.correction ?? false, risks },
    });
    return { id: decision.id, from, to, steps: plan.steps, reason, decidedAt: new Date(decision.decided_at).toISOString(), notified };
  }, true);

/** The decisions taken about a participant, newest first. */
export const listRecruitmentDecisions = (db: Db, caller: Caller, id: string) => inPatientScope(db, caller, id, async ({ tx }) => {
  const rows = await tx.selectFrom('recruitment_decision').selectAll().where('participant_id', '=', id).orderBy('decided_at', 'desc').execute();
  return rows.map((row) => ({
    id: row.id, from: row.from_status, to: row.to_status, reason: row.reason, correction: row.correction, risks: row.risks,
    decidedBy: row.decided_by, decidedAt: new Date(row.decided_at).toISOString(),
  }));
});
