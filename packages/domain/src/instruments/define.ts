import type {
  AnswerOption, BandDef, BooleanItem, ChoiceItem, Localized, NumberItem, TextItem,
} from './types.ts';

/**
 * Builders that keep instrument files declarative. Labels are written as one positional call in
 * the order of LANGUAGES (en, it, pt, fr, es, el, ro) so that a missing translation is a type error.
 */
export const t = (en: string, it: string, pt: string, fr: string, es: string, el: string, ro: string): Localized => ({
  en, it, pt, fr, es, el, ro,
});

type Extra<T> = Partial<Omit<T, 'linkId' | 'text' | 'type'>>;

/** Options listed as `[value, label]` pairs; a shared scale is defined once per instrument and reused. */
export const options = (...pairs: [number | boolean, Localized][]): AnswerOption[] =>
  pairs.map(([value, label]) => ({ value, label }));

export const choice = (linkId: string, text: Localized, opts: AnswerOption[], extra: Extra<ChoiceItem> = {}): ChoiceItem => ({
  linkId, text, type: 'choice', options: opts, ...extra,
});

export const yesNo = (linkId: string, text: Localized, extra: Extra<BooleanItem> = {}): BooleanItem => ({
  linkId, text, type: 'boolean', ...extra,
});

export const integer = (
  linkId: string, text: Localized, range: { min: number; max?: number }, extra: Extra<NumberItem> = {},
): NumberItem => ({ linkId, text, type: 'integer', ...range, ...extra });

export const text = (linkId: string, label: Localized, extra: Extra<TextItem> = {}): TextItem => ({
  linkId, text: label, type: 'string', ...extra,
});

/** One choice item per text, numbered `<prefix>-1..n` in published order, all on the same scale. */
export const choiceItems = (prefix: string, texts: Localized[], opts: AnswerOption[]): ChoiceItem[] =>
  texts.map((label, i) => choice(`${prefix}-${i + 1}`, label, opts));

export const band = (key: string, label: Localized, meaning: Localized, critical = false): BandDef =>
  critical ? { key, label, meaning, critical } : { key, label, meaning };
