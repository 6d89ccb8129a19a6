import { toQuestionnaireResponse, validateAnswers, type Answers, type InstrumentDef } from '@geria/domain';
import type { WriteSession } from '../fhir/writes.ts';
import { derivedObservations } from '../questionnaires/derived-observations.ts';

export interface ResponseContext { subject: string; encounter: string; authored: string }

/**
 * A demo response and the score Observations derived from it, as the questionnaire API saves them:
 * every score of the demo has its response behind it, and one response has one set of scores.
 * Throws, like the API, on answers the instrument refuses (a rule between items).
 */
export async function writeScoredResponse(session: WriteSession, def: InstrumentDef, answers: Answers, context: ResponseContext): Promise<string> {
  const valid = validateAnswers(def, answers);
  const response = await session.create(toQuestionnaireResponse({ instrument: def, answers: valid, ...context }));
  const derivedFrom = `QuestionnaireResponse/${response.resource!.id!}`;
  for (const observation of derivedObservations(def, def.score(valid), { subject: context.subject, encounter: context.encounter, effective: context.authored, derivedFrom })) {
    await session.create(observation);
  }
  return response.resource!.id!;
}
