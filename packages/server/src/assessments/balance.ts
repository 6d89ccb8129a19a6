import { canStartBalanceAssessment } from '@geria/domain';
import {
  BALANCE_QUESTIONNAIRE, balanceResponseItems, balanceResult, checkBalanceSteps, type BalanceAssessmentInput,
} from '@geria/domain/rules/assessment-balance.ts';
import type { Db } from '../db/connection.ts';
import { ruleViolation } from '../http/errors.ts';
import type { Caller } from '../participants/access.ts';
import { touchParticipant } from '../participants/service.ts';
import { inPatientScope } from './patient-scope.ts';
import { readPatientFacts } from './patient-facts.ts';

/**
 * Confirms the balance-disorder assessment (SPEC §5): only while the participant has exactly one
 * assessment, every step answered; the eligibility is computed by the domain and recorded in the
 * first assessment, replacing an earlier confirmation.
 */
export const confirmBalanceAssessment = (db: Db, caller: Caller, id: string, input: BalanceAssessmentInput, now = new Date()) =>
  inPatientScope(db, caller, id, async ({ tx, fhir }) => {
    const facts = await readPatientFacts(tx, fhir, id, now);
    const gate = canStartBalanceAssessment(facts.assessments.length);
    if (!gate.ok) throw ruleViolation(gate.code, gate.params);
    const steps = checkBalanceSteps(input);
    if (!steps.ok) throw ruleViolation(steps.code, steps.params);
    const result = balanceResult(input);
    const response = {
      resourceType: 'QuestionnaireResponse', questionnaire: BALANCE_QUESTIONNAIRE, status: 'completed',
      subject: { reference: `Patient/${id}` }, encounter: { reference: `Encounter/${facts.assessments[0]!.id}` },
      authored: now.toISOString(), item: balanceResponseItems(result),
    };
    const previous = facts.balance?.responseId;
    if (previous) await fhir.update('QuestionnaireResponse', previous, { ...response, id: previous });
    else await fhir.create(response);
    await touchParticipant(tx, id);
    return { eligible: result.eligible, reasons: result.reasons, inputs: result.inputs, symptoms: result.symptoms };
  }, true);

/** Resets the confirmed balance assessment, so its eligibility is computed again from a new run. */
export const resetBalanceAssessment = (db: Db, caller: Caller, id: string) =>
  inPatientScope(db, caller, id, async ({ tx, fhir }) => {
    const facts = await readPatientFacts(tx, fhir, id);
    if (facts.balance) {
      await fhir.delete('QuestionnaireResponse', facts.balance.responseId);
      await touchParticipant(tx, id);
    }
  }, true);
