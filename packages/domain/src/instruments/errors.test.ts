import { describe, expect, it } from 'vitest';
import { messages } from '../i18n/index.ts';
import { lookup } from '../i18n/catalogue.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { renderRuleMessage } from '../rules/rule-message.ts';
import { ANSWER_ERROR_REASONS, InstrumentAnswerError } from './errors.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const keys = [
  ...[...ANSWER_ERROR_REASONS, 'below-minimum'].map((reason) => `questionnaire.answerError.${reason}`),
  'questionnaire.textsLengthMismatch', 'questionnaire.saveError', 'questionnaire.updated',
  'questionnaire.deleteError', 'questionnaire.deleted', 'questionnaire.loadError',
];

describe('questionnaire messages', () => {
  it.each(keys)('%s exists in every language with the same placeholders', (key) => {
    const english = lookup(messages.en, key)!;
    expect(english).toBeDefined();
    for (const lang of LANGUAGES) {
      const text = lookup(messages[lang], key);
      expect(text, lang).toBeDefined();
      expect(placeholders(text!), lang).toEqual(placeholders(english));
      if (lang !== 'en') expect(text, lang).not.toBe(english);
    }
  });

  it('keeps the wording of the spec', () => {
    expect(lookup(messages.en, 'questionnaire.saveError')).toBe('There was a problem during the save of the {{name}} Questionnaire.');
    expect(lookup(messages.en, 'questionnaire.deleteError')).toBe('The deletion of the Questionnaire encountered a problem');
    expect(lookup(messages.en, 'questionnaire.loadError')).toBe('There was a problem during the load of the Questionnaire.');
  });
});

describe('InstrumentAnswerError', () => {
  it('serialises to the fields an API error needs', () => {
    const error = new InstrumentAnswerError('phq9', 'phq9-3', 'not-an-option', 7);
    expect(error.toJSON()).toEqual({
      instrumentId: 'phq9', linkId: 'phq9-3', reason: 'not-an-option',
      code: 'questionnaire.answerError.not-an-option', message: 'Item phq9-3: the value 7 is not one of the options.',
    });
  });

  it('renders in the user\'s language like any rule message', () => {
    const error = new InstrumentAnswerError('phq9', 'phq9-3', 'not-an-option', 7);
    expect(renderRuleMessage('it', error)).toBe('Domanda phq9-3: il valore 7 non è tra le opzioni.');
  });

  it('words a range without an upper bound as a minimum', () => {
    const error = new InstrumentAnswerError('godin', 'godin-1', 'out-of-range', -1, { min: 0 });
    expect(error.code).toBe('questionnaire.answerError.below-minimum');
    expect(error.message).toBe('Item godin-1: the value -1 must be at least 0.');
  });
});
