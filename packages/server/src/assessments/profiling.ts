import { PROFILING_QUESTIONNAIRE, profilingResponseItems, type ProfilingInput } from '@geria/domain/rules/assessment-profiling.ts';
import type { Db } from '../db/connection.ts';
import { notFound, ruleViolation } from '../http/errors.ts';
import type { Caller } from '../participants/access.ts';
import { touchParticipant } from '../participants/service.ts';
import { inPatientScope } from './patient-scope.ts';
import { readPatientFacts } from './patient-facts.ts';
import { workingState } from './working-state.ts';

/**
 * Records the profiling in the first assessment (SPEC §3): one QuestionnaireResponse, replaced when
 * the clinician changes it. The tab statuses follow from it; the new working state is returned.
 */
export const saveProfiling = (db: Db, caller: Caller, id: string, encounterId: string, input: ProfilingInput, now = new Date()) =>
  inPatientScope(db, caller, id, async ({ tx, fhir }) => {
    const facts = await readPatientFacts(tx, fhir, id, now);
    const assessment = facts.assessments.find((a) => a.id === encounterId);
    if (!assessment) throw notFound();
    if (assessment.number !== 1) throw ruleViolation('assessments.errors.profilingOnlyFirst');
    const response = {
      resourceType: 'QuestionnaireResponse', questionnaire: PROFILING_QUESTIONNAIRE, status: 'completed',
      subject: { reference: `Patient/${id}` }, encounter: { reference: `Encounter/${encounterId}` }, authored: now.toISOString(),
      item: profilingResponseItems(input),
    };
    const previous = facts.profiling?.responseId;
    if (previous) await fhir.update('QuestionnaireResponse', previous, { ...response, id: previous });
    else await fhir.create(response);
    await touchParticipant(tx, id);
    return workingState(await readPatientFacts(tx, fhir, id, now), encounterId);
  }, true);
