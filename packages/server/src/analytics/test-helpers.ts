import { ASSESSMENT_NUMBER_SYSTEM } from '@geria/domain/rules/assessment-encounter.ts';
import { system } from '../assessments/test-helpers.ts';
import { INSTRUMENT_SCORE_SYSTEM } from '../questionnaires/derived-observations.ts';
import type { TestContext } from '../test/context.ts';

/** An assessment (Encounter with its number) and the instrument-score Observations its questionnaires derive. */
export async function addAssessmentScores(ctx: TestContext, participantId: string, number: number, scores: Record<string, number>) {
  const fhir = system(ctx);
  const subject = { reference: `Patient/${participantId}` };
  const start = new Date(Date.UTC(2025, number, 1)).toISOString();
  const encounter = (await fhir.create({
    resourceType: 'Encounter', status: 'finished', class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB' },
    type: [{ coding: [{ system: ASSESSMENT_NUMBER_SYSTEM, code: String(number) }] }], subject, period: { start },
  } as never)).resource!.id!;
  for (const [code, value] of Object.entries(scores)) {
    await fhir.create({
      resourceType: 'Observation', status: 'final', code: { coding: [{ system: INSTRUMENT_SCORE_SYSTEM, code }] }, subject,
      encounter: { reference: `Encounter/${encounter}` }, effectiveDateTime: start, valueQuantity: { value, unit: '{score}' },
    } as never);
  }
}
