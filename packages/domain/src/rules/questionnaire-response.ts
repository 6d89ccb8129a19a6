import { translate } from '../i18n/index.ts';
import type { Language } from '../i18n/languages.ts';
import { questionnaireCanonical } from '../instruments/fhir-questionnaire.ts';
import { requireInstrument } from '../instruments/registry.ts';
import { measureItem } from '../instruments/measure.ts';
import type { AnswerValue, Answers, InstrumentDef, ItemDef } from '../instruments/types.ts';
import { validateAnswers } from '../instruments/validate.ts';

/**
 * Answers ↔ FHIR QuestionnaireResponse items (SPEC §5 "Questionnaire conversion"). An answer is
 * boolean, integer, decimal or string; a string that is a number written with a dot is a decimal.
 */
export type ResponseAnswer = (
  | { valueBoolean: boolean }
  | { valueInteger: number }
  | { valueDecimal: number }
  | { valueString: string }
  | { valueCoding: { code: string; system?: string; display?: string } }
) & {
  /** Questions nested in the answer (a timed test's measurement in its item's answer). */
  item?: ResponseItem[];
};

export interface ResponseItem {
  linkId: string;
  text?: string;
  answer?: ResponseAnswer[];
  item?: ResponseItem[];
}

export interface QuestionnaireResponse {
  resourceType: 'QuestionnaireResponse';
  id?: string;
  questionnaire: string;
  status: 'completed';
  subject: { reference: string };
  encounter?: { reference: string };
  author?: { reference: string };
  authored: string;
  item: ResponseItem[];
}

export const TEXTS_LENGTH_MISMATCH = 'questionnaire.textsLengthMismatch';

/** A conversion that cannot be done; `code` is the message key, `message` its English text. */
export class QuestionnaireResponseError extends Error {
  override readonly name = 'QuestionnaireResponseError';
  constructor(readonly code: string, readonly params: Record<string, string | number> = {}) {
    super(translate('en', code, params));
  }
}

const DECIMAL_TEXT = /^[+-]?(\d+\.\d*|\.\d+)$/;

export function toResponseAnswer(value: AnswerValue): ResponseAnswer {
  if (typeof value === 'boolean') return { valueBoolean: value };
  if (typeof value === 'number') return Number.isInteger(value) ? { valueInteger: value } : { valueDecimal: value };
  return DECIMAL_TEXT.test(value.trim()) ? { valueDecimal: Number(value) } : { valueString: value };
}

/**
 * One item per answer, in the answers' order. `texts`, when given, label the answers after the
 * first one (the first answer is the questionnaire's own question), so there must be exactly one
 * text fewer than answers.
 */
export function toResponseItems(answers: Answers, texts?: readonly string[]): ResponseItem[] {
  const entries = Object.entries(answers);
  if (texts && texts.length !== entries.length - 1) {
    throw new QuestionnaireResponseError(TEXTS_LENGTH_MISMATCH, { answers: entries.length, texts: texts.length });
  }
  return entries.map(([linkId, value], i) => {
    const text = i > 0 ? texts?.[i - 1] : undefined;
    return { linkId, ...(text === undefined ? {} : { text }), answer: [toResponseAnswer(value)] };
  });
}

function fromResponseAnswer(answer: ResponseAnswer): AnswerValue {
  if ('valueBoolean' in answer) return answer.valueBoolean;
  if ('valueInteger' in answer) return answer.valueInteger;
  if ('valueDecimal' in answer) return answer.valueDecimal;
  if ('valueString' in answer) return answer.valueString;
  const code = answer.valueCoding.code;
  return /^-?\d+$/.test(code) ? Number(code) : code;
}

/** The answers of response items, flattening groups and questions nested in answers; an item's first answer is its value. */
export function fromResponseItems(items: readonly ResponseItem[]): Answers {
  const answers: Answers = {};
  for (const item of items) {
    const first = item.answer?.[0];
    if (first) answers[item.linkId] = fromResponseAnswer(first);
    for (const answer of item.answer ?? []) if (answer.item) Object.assign(answers, fromResponseItems(answer.item));
    if (item.item) Object.assign(answers, fromResponseItems(item.item));
  }
  return answers;
}

/** The answer as the item's declared type records it (a text that looks like a number stays text). */
function typedAnswer(item: ItemDef, value: AnswerValue): ResponseAnswer {
  if (item.type === 'string') return { valueString: String(value) };
  if (item.type === 'decimal') return { valueDecimal: Number(value) };
  return toResponseAnswer(value);
}

export interface QuestionnaireResponseInput {
  instrument: InstrumentDef | string;
  answers: unknown;
  /** References such as `Patient/123`, `Encounter/9`, `Practitioner/4`. */
  subject: string;
  encounter?: string;
  author?: string;
  authored: string;
  id?: string;
  /** Language of the item texts copied into the response. */
  language?: Language;
}

const responseItem = (item: ItemDef, value: AnswerValue, language: Language): ResponseItem =>
  ({ linkId: item.linkId, text: item.text[language], answer: [typedAnswer(item, value)] });

/**
 * A completed QuestionnaireResponse of an instrument. The answers are validated first
 * (InstrumentAnswerError on a bad one); items follow the definition's order, and a timed test's
 * measurement is nested in its item's answer, as the Questionnaire declares it.
 */
export function toQuestionnaireResponse(input: QuestionnaireResponseInput): QuestionnaireResponse {
  const def = typeof input.instrument === 'string' ? requireInstrument(input.instrument) : input.instrument;
  const answers = validateAnswers(def, input.answers);
  const language = input.language ?? 'en';
  return {
    resourceType: 'QuestionnaireResponse',
    ...(input.id ? { id: input.id } : {}),
    questionnaire: questionnaireCanonical(def),
    status: 'completed',
    subject: { reference: input.subject },
    ...(input.encounter ? { encounter: { reference: input.encounter } } : {}),
    ...(input.author ? { author: { reference: input.author } } : {}),
    authored: input.authored,
    item: def.items
      .filter((item) => answers[item.linkId] !== undefined)
      .map((item) => {
        const out = responseItem(item, answers[item.linkId], language);
        const measure = item.type === 'choice' ? item.measure : undefined;
        if (measure && answers[measure.linkId] !== undefined) out.answer![0].item = [responseItem(measureItem(measure), answers[measure.linkId], language)];
        return out;
      }),
  };
}
