import { InstrumentAnswerError, renderRuleMessage, type InstrumentDef, type Language } from '@geria/domain';
import { AppError, notFound } from '../http/errors.ts';
import { FhirError } from '../fhir/service.ts';

/**
 * An answer set that cannot be scored: 400 whose code is the answer error's own message key
 * (naming the item), with the field-by-field detail the API gives for any invalid body.
 */
export function answerError(error: InstrumentAnswerError, lang: Language): AppError {
  const path = error.linkId ? `answers.${error.linkId}` : 'answers';
  return new AppError(400, error.code, error.params, [
    { path, code: error.code, message: renderRuleMessage(lang, error), linkId: error.linkId, reason: error.reason },
  ]);
}

/**
 * Runs a questionnaire write or read and reports its failure with the spec's messages (SPEC §8):
 * a missing or hidden resource is 404, a concurrent change 409/412, anything the store refuses is
 * the operation's own message (`failure`, e.g. "There was a problem during the save of the {name}
 * Questionnaire.") with the store's issues as details.
 */
export async function reported<T>(work: () => Promise<T>, failure: string, instrument: () => InstrumentDef | undefined, lang: Language): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InstrumentAnswerError) throw answerError(error, lang);
    if (!(error instanceof FhirError)) throw error;
    if (error.status === 404 || error.status === 410) throw notFound();
    const name = instrument()?.title[lang] ?? '';
    if (error.status === 409 || error.status === 412) throw new AppError(error.status, 'questionnaire.changedMeanwhile', { name }, error.issues);
    throw new AppError(422, failure, { name }, error.issues);
  }
}
