import { requireInstrument } from './registry.ts';
import type { ScoreResult } from './types.ts';
import { validateAnswers } from './validate.ts';

/** Looks the instrument up, validates the answers (throwing InstrumentAnswerError) and scores them. */
export function scoreInstrument(id: string, answers: unknown): ScoreResult {
  const def = requireInstrument(id);
  return def.score(validateAnswers(def, answers));
}
