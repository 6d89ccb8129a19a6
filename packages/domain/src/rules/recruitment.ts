import { z } from 'zod';
import { DEXTERITY_EXCLUSION_ABOVE, MOCA_EXCLUSION_BELOW } from '../reference/constants.ts';
import { RECRUITMENT_STATUSES, TERMINAL_STATUSES, type RecruitmentStatus } from './recruitment-status.ts';
import { failed, firstFailure, passed, type RuleCheck, type RuleMessage } from './rule-message.ts';

/**
 * The recruitment status of a participant (SPEC §4 "Patient status", codes of §9).
 *
 * Transitions decided for the study (the spec names only a few):
 * - pending → accepted: Dexterity and MoCA filled, birth date recorded, no exclusion finding.
 * - pending → riskExclusion: screening complete and at least one exclusion finding (Dexterity
 *   above 4 or MoCA below 18); the clinician then decides.
 * - pending → excluded: screen failure decided by the clinician, with a recorded reason.
 * - accepted → riskExclusion: a study alert or clinical concern, with a recorded reason.
 * - riskExclusion → accepted ("Don't exclude"): screening complete and a recorded reason; the
 *   clinician may keep a patient whose scores show a risk.
 * - riskExclusion → excluded ("Exclude"): a recorded reason.
 * - pending, accepted, riskExclusion → withdrawn: a drop-off date.
 * - accepted → completed: follow-up ends. A risk of exclusion must be resolved first.
 * - excluded, withdrawn and completed are terminal. Leaving them is a correction of a recording
 *   error: `correction: true` with a reason, to any other status, and the target's own
 *   requirements still apply (acceptance needs the screening, withdrawal a drop-off date).
 * Staying in the same status is not a transition. Going back to pending is only a correction.
 */
export * from './recruitment-status.ts';
export const recruitmentStatusSchema = z.enum(RECRUITMENT_STATUSES);

const isoDate = z.iso.date();

export const recruitmentFactsSchema = z.object({
  /** HUI3 dexterity level 1–6, null when the questionnaire is not filled. */
  dexterity: z.number().int().min(1).max(6).nullable(),
  /** MoCA total 0–30, null when not filled. */
  moca: z.number().int().min(0).max(30).nullable(),
  /** Criterion 117 asks for the birth date itself: an age alone cannot be checked later. */
  birthDatePresent: z.boolean(),
  reason: z.string().nullish(),
  dropOffDate: isoDate.nullish(),
  correction: z.boolean().optional(),
});
export type RecruitmentFacts = z.infer<typeof recruitmentFactsSchema>;

const MISSING_FINDINGS = new Set(['UPDATE.Message_113', 'UPDATE.Message_115', 'UPDATE.Message_117']);

/** Every exclusion criterion (SPEC §5, keys 113–117) that applies, in key order. */
export function exclusionFindings(facts: Pick<RecruitmentFacts, 'dexterity' | 'moca' | 'birthDatePresent'>): RuleMessage[] {
  const findings: RuleMessage[] = [];
  if (facts.dexterity === null) findings.push({ code: 'UPDATE.Message_113' });
  else if (facts.dexterity > DEXTERITY_EXCLUSION_ABOVE)
    findings.push({ code: 'UPDATE.Message_114', params: { dexterity: facts.dexterity, max: DEXTERITY_EXCLUSION_ABOVE } });
  if (facts.moca === null) findings.push({ code: 'UPDATE.Message_115' });
  else if (facts.moca < MOCA_EXCLUSION_BELOW)
    findings.push({ code: 'UPDATE.Message_116', params: { moca: facts.moca, min: MOCA_EXCLUSION_BELOW } });
  if (!facts.birthDatePresent) findings.push({ code: 'UPDATE.Message_117' });
  return findings;
}

type Requirement = (facts: RecruitmentFacts) => RuleMessage | null;

const screeningComplete: Requirement = (facts) =>
  exclusionFindings(facts).find((finding) => MISSING_FINDINGS.has(finding.code)) ?? null;

const noExclusionFinding: Requirement = (facts) => exclusionFindings(facts)[0] ?? null;

const hasExclusionRisk: Requirement = (facts) =>
  exclusionFindings(facts).some((finding) => !MISSING_FINDINGS.has(finding.code))
    ? null
    : { code: 'rules.recruitment.noExclusionRisk' };

const reasonRecorded: Requirement = (facts) =>
  facts.reason?.trim() ? null : { code: 'rules.recruitment.reasonRequired' };

const dropOffRecorded: Requirement = (facts) =>
  facts.dropOffDate ? null : { code: 'rules.recruitment.dropOffDateRequired' };

const TRANSITIONS: Record<RecruitmentStatus, Partial<Record<RecruitmentStatus, Requirement[]>>> = {
  pending: {
    accepted: [noExclusionFinding],
    riskExclusion: [screeningComplete, hasExclusionRisk],
    excluded: [reasonRecorded],
    withdrawn: [dropOffRecorded],
  },
  accepted: {
    riskExclusion: [reasonRecorded],
    withdrawn: [dropOffRecorded],
    completed: [],
  },
  riskExclusion: {
    accepted: [screeningComplete, reasonRecorded],
    excluded: [reasonRecorded],
    withdrawn: [dropOffRecorded],
  },
  excluded: {},
  withdrawn: {},
  completed: {},
};

/** What a status requires whenever it is entered, corrections included. */
const ENTRY_REQUIREMENTS: Record<RecruitmentStatus, Requirement[]> = {
  pending: [],
  accepted: [screeningComplete],
  riskExclusion: [],
  excluded: [],
  withdrawn: [dropOffRecorded],
  completed: [],
};

function requirementsFor(from: RecruitmentStatus, to: RecruitmentStatus, facts: RecruitmentFacts): Requirement[] | null {
  if (from === to) return null;
  const regular = TRANSITIONS[from][to];
  if (regular) return regular;
  if (TERMINAL_STATUSES.includes(from) && facts.correction) return [reasonRecorded, ...ENTRY_REQUIREMENTS[to]];
  return null;
}

export function checkTransition(from: RecruitmentStatus, to: RecruitmentStatus, facts: RecruitmentFacts): RuleCheck {
  const requirements = requirementsFor(from, to, facts);
  if (!requirements) {
    const code = from === to
      ? 'rules.recruitment.sameStatus'
      : TERMINAL_STATUSES.includes(from)
        ? 'rules.recruitment.terminalStatus'
        : 'rules.recruitment.transitionNotAllowed';
    return failed({ code, params: { from, to } });
  }
  return requirements.length ? firstFailure(requirements.map((requirement) => requirement(facts))) : passed;
}

/** The statuses the patient may move to now, for the web to offer only possible choices. */
export function allowedTransitions(from: RecruitmentStatus, facts: RecruitmentFacts): RecruitmentStatus[] {
  return RECRUITMENT_STATUSES.filter((to) => checkTransition(from, to, facts).ok);
}
