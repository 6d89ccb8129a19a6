import { z } from 'zod';
import { checkTransition, recruitmentStatusSchema, exclusionFindings, type RecruitmentFacts, type RecruitmentStatus } from './recruitment.ts';
import { ruleMessageSchema, type RuleCheck, type RuleMessage } from './rule-message.ts';
import type { StudyAlert } from './study-alerts.ts';

const RISK_FINDINGS = new Set(['UPDATE.Message_114', 'UPDATE.Message_116']);

/**
 * What shows an exclusion risk (SPEC §4): an exclusion criterion that is met (Dexterity above 4,
 * MoCA below 18) or a "consider excluding" study alert (GDS, IADL, EFS). Missing questionnaires
 * are not a risk: they only keep the decision from being taken.
 */
export function exclusionRisks(facts: Pick<RecruitmentFacts, 'dexterity' | 'moca' | 'birthDatePresent'>, alerts: readonly StudyAlert[]): RuleMessage[] {
  return [
    ...exclusionFindings(facts).filter((finding) => RISK_FINDINGS.has(finding.code)),
    ...alerts.filter((alert) => alert.kind === 'considerExcluding').map(({ code, params }) => ({ code, ...(params && { params }) })),
  ];
}

export type DecisionPlan = { ok: true; steps: RecruitmentStatus[] } | Extract<RuleCheck, { ok: false }>;

/**
 * The status changes a recruitment decision makes, each one a transition of the state machine.
 * On an exclusion risk, with a recorded reason, the clinician's choice is one decision:
 * - "Don't exclude" of a pending patient (to accepted): pending → riskExclusion → accepted;
 * - "Don't exclude" of an accepted patient: no change, the decision and its reason are recorded;
 * - "Exclude" of an accepted patient: accepted → riskExclusion → excluded.
 * Every other decision is the single transition, refused with the state machine's message.
 */
export function planRecruitmentDecision(from: RecruitmentStatus, to: RecruitmentStatus, facts: RecruitmentFacts, risks: readonly RuleMessage[]): DecisionPlan {
  const direct = checkTransition(from, to, facts);
  if (direct.ok) return { ok: true, steps: [to] };
  const riskChoice = risks.length > 0 && (
    (from === 'pending' && to === 'accepted') || (from === 'accepted' && (to === 'accepted' || to === 'excluded')));
  if (!riskChoice) return direct;
  // Without a reason, a pending patient's acceptance is refused with the criterion that is met.
  if (!facts.reason?.trim()) return from === 'pending' ? direct : { ok: false, code: 'rules.recruitment.reasonRequired' };
  if (from === to) return { ok: true, steps: [] };
  const path: RecruitmentStatus[] = ['riskExclusion', to];
  let current: RecruitmentStatus = from;
  for (const step of path) {
    const check = checkTransition(current, step, facts);
    if (!check.ok) return check;
    current = step;
  }
  return { ok: true, steps: path };
}

/** A recruitment decision as the clinician submits it. */
export const recruitmentDecisionInputSchema = z.object({
  to: recruitmentStatusSchema,
  reason: z.string().trim().max(2000).nullish(),
  dropOffDate: z.iso.date().nullish(),
  correction: z.boolean().optional(),
}).strict();
export type RecruitmentDecisionInput = z.infer<typeof recruitmentDecisionInputSchema>;

/** A recorded decision as the API lists it: statuses by their SPEC §7 codes (0–5), the risks it was taken over. */
export const recruitmentDecisionRecordSchema = z.object({
  id: z.string(), from: z.number().int(), to: z.number().int(), reason: z.string().nullable(), correction: z.boolean(),
  risks: z.array(ruleMessageSchema), decidedBy: z.string(), decidedAt: z.string(),
});

/** The FHIR R4 ResearchSubject status of each recruitment status; a risk of exclusion is still screening. */
export const RESEARCH_SUBJECT_STATUS: Record<RecruitmentStatus, string> = {
  pending: 'screening', accepted: 'on-study', riskExclusion: 'screening', excluded: 'ineligible', withdrawn: 'withdrawn', completed: 'off-study',
};
