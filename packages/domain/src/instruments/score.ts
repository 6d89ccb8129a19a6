import { instrumentAt, requireInstrument } from './registry.ts';
import type { ScoreResult } from './types.ts';
import { validateAnswers } from './validate.ts';

/**
 * Looks the instrument up (at the version the answers were recorded with, when given), validates
 * the answers (throwing InstrumentAnswerError) and scores them.
 */
export function scoreInstrument(id: string, answers: unknown, version?: string): ScoreResult {
  const def = version === undefined ? requireInstrument(id) : (instrumentAt(id, version) ?? requireInstrument(id));
  return def.score(validateAnswers(def, answers));
}
