import { tabStatusesFromProfiling } from '@geria/domain';
import { assessmentEncounter } from '@geria/domain/rules/assessment-encounter.ts';
import { ASSESSMENT_TABS, tabCompletion, tabOpen } from '@geria/domain/rules/assessment-tabs.ts';
import { profilingBooleans } from '@geria/domain/rules/assessment-profiling.ts';
import type { Db } from '../db/connection.ts';
import { notFound, ruleViolation } from '../http/errors.ts';
import type { Caller } from '../participants/access.ts';
import { touchParticipant } from '../participants/service.ts';
import { inPatientScope, readPatientScope } from './patient-scope.ts';
import { creationCheck } from './working-state.ts';
import { readPatientFacts, summariseEncounter, type AssessmentSummary, type PatientFacts } from './patient-facts.ts';

/** The condition tabs of one assessment: open or not, and how many of their questionnaires it answered. */
function tabsOf(facts: PatientFacts, assessment: AssessmentSummary) {
  const statuses = tabStatusesFromProfiling(facts.profiling ? profilingBooleans(facts.profiling.input) : []);
  const answered = new Set(facts.responses.filter((r) => r.encounterId === assessment.id).map((r) => r.instrument));
  const moca = facts.latest.get('moca') ?? null;
  return ASSESSMENT_TABS.map((tab) => ({ tab, open: tabOpen(tab, statuses, moca), ...tabCompletion(tab, answered) }));
}

const view = (facts: PatientFacts, assessment: AssessmentSummary) => ({ ...assessment, tabs: tabsOf(facts, assessment) });

/** The assessment timeline (SPEC §2 /patient/{id}/assessment), newest first, and whether another may be created. */
export async function listAssessments(db: Db, caller: Caller, id: string) {
  const facts = await readPatientScope(db, caller, id);
  return {
    items: [...facts.assessments].reverse().map((assessment) => view(facts, assessment)),
    canCreate: creationCheck(facts),
  };
}

/** One assessment with its tabs and the questionnaires it recorded. */
export async function getAssessment(db: Db, caller: Caller, id: string, encounterId: string) {
  const facts = await readPatientScope(db, caller, id);
  const assessment = facts.assessments.find((a) => a.id === encounterId);
  if (!assessment) throw notFound();
  return {
    ...view(facts, assessment),
    responses: facts.responses.filter((r) => r.encounterId === encounterId),
    profiling: assessment.number === 1 ? facts.profiling?.input ?? null : null,
  };
}

/** Creates the next assessment when the gating allows it (422 with the gate's message otherwise). */
export const createAssessment = (db: Db, caller: Caller, id: string, now = new Date()) => inPatientScope(db, caller, id, async ({ tx, fhir }) => {
  const facts = await readPatientFacts(tx, fhir, id, now);
  const check = creationCheck(facts);
  if (!check.ok) throw ruleViolation(check.code, check.params);
  const number = (facts.assessments.at(-1)?.number ?? 0) + 1;
  const encounter = assessmentEncounter({
    patient: id, number, start: now.toISOString(), author: { username: caller.user.username, name: caller.user.fullName },
  });
  const { resource } = await fhir.create(encounter);
  await touchParticipant(tx, id);
  const created = summariseEncounter(resource as never)!;
  return view({ ...facts, assessments: [...facts.assessments, created] }, created);
}, true);
