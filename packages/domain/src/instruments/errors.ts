import { translate } from '../i18n/index.ts';

export const ANSWER_ERROR_REASONS = [
  'unknown-instrument', 'not-an-object', 'unknown-item', 'wrong-type', 'not-an-option',
  'not-an-integer', 'out-of-range', 'not-a-step', 'too-long', 'measure-without-level',
] as const;
export type AnswerErrorReason = (typeof ANSWER_ERROR_REASONS)[number];

/**
 * An answer set that cannot be scored as given. It names the instrument, the item and why, and
 * carries the message key (`code`: `questionnaire.answerError.<reason>`) and its parameters, the
 * shape of a RuleMessage, so the API and the web show it in the user's language; `message` is the
 * English text.
 */
export class InstrumentAnswerError extends Error {
  override readonly name = 'InstrumentAnswerError';
  readonly code: string;
  readonly params: Record<string, string | number>;

  constructor(
    readonly instrumentId: string,
    /** null when the error is about the whole answer set or the instrument itself. */
    readonly linkId: string | null,
    readonly reason: AnswerErrorReason,
    readonly value?: unknown,
    limits: { min?: number; max?: number; step?: number; maxLength?: number } = {},
  ) {
    // A range without an upper bound (e.g. Godin counts) has its own wording.
    const message = reason === 'out-of-range' && limits.max === undefined ? 'below-minimum' : reason;
    const code = `questionnaire.answerError.${message}`;
    const params = {
      instrument: instrumentId,
      linkId: linkId ?? '',
      value: value === undefined ? '' : JSON.stringify(value),
      ...limits,
    };
    super(translate('en', code, params));
    this.code = code;
    this.params = params;
  }

  toJSON() {
    return { instrumentId: this.instrumentId, linkId: this.linkId, reason: this.reason, code: this.code, message: this.message };
  }
}
