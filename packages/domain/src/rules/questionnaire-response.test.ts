import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages.ts';
import { translate } from '../i18n/index.ts';
import { InstrumentAnswerError } from '../instruments/errors.ts';
import {
  QuestionnaireResponseError, fromResponseItems, toQuestionnaireResponse, toResponseAnswer, toResponseItems,
} from './questionnaire-response.ts';

describe('toResponseAnswer', () => {
  it.each([
    [true, { valueBoolean: true }],
    [false, { valueBoolean: false }],
    [3, { valueInteger: 3 }],
    [-2, { valueInteger: -2 }],
    [3.0, { valueInteger: 3 }],
    [2.5, { valueDecimal: 2.5 }],
    ['4.75', { valueDecimal: 4.75 }],
    ['-0.5', { valueDecimal: -0.5 }],
    ['.5', { valueDecimal: 0.5 }],
    ['12', { valueString: '12' }],
    ['1.2.3', { valueString: '1.2.3' }],
    ['v1.2', { valueString: 'v1.2' }],
    ['gardening', { valueString: 'gardening' }],
    ['', { valueString: '' }],
  ])('types %j as %j', (value, expected) => {
    expect(toResponseAnswer(value)).toEqual(expected);
  });
});

describe('toResponseItems', () => {
  const answers = { 'psfs-1': 7, 'psfs-2': 4.5, 'psfs-3': 'walking' };

  it('makes one item per answer in order', () => {
    expect(toResponseItems(answers)).toEqual([
      { linkId: 'psfs-1', answer: [{ valueInteger: 7 }] },
      { linkId: 'psfs-2', answer: [{ valueDecimal: 4.5 }] },
      { linkId: 'psfs-3', answer: [{ valueString: 'walking' }] },
    ]);
  });

  it('labels the answers after the first with one text each', () => {
    const items = toResponseItems(answers, ['Climbing stairs', 'Walking']);
    expect(items.map((item) => item.text)).toEqual([undefined, 'Climbing stairs', 'Walking']);
  });

  it.each([[[]], [['a']], [['a', 'b', 'c']]])('refuses %j texts for 3 answers with the spec message', (texts) => {
    expect(() => toResponseItems(answers, texts)).toThrow(QuestionnaireResponseError);
    expect(() => toResponseItems(answers, texts)).toThrow(
      'You defined answers and texts for the questionnaireResponse but with different lengths.',
    );
    try {
      toResponseItems(answers, texts);
    } catch (error) {
      expect((error as QuestionnaireResponseError).code).toBe('questionnaire.textsLengthMismatch');
    }
  });

  it('has the length message in all seven languages', () => {
    const texts = LANGUAGES.map((lang) => translate(lang, 'questionnaire.textsLengthMismatch'));
    expect(new Set(texts).size).toBe(LANGUAGES.length);
    expect(texts.every((text) => text !== 'questionnaire.textsLengthMismatch')).toBe(true);
  });
});

describe('fromResponseItems', () => {
  it('inverts toResponseItems for booleans, integers, decimals and texts', () => {
    const answers = { a: true, b: 3, c: 0.25, d: 'note' };
    expect(fromResponseItems(toResponseItems(answers))).toEqual(answers);
  });

  it('reads dotted number texts back as numbers', () => {
    expect(fromResponseItems(toResponseItems({ a: '2.5' }))).toEqual({ a: 2.5 });
  });

  it('flattens groups, reads codings and skips unanswered items', () => {
    const items = [
      { linkId: 'g', item: [{ linkId: 'x-1', answer: [{ valueCoding: { code: '2' } }] }, { linkId: 'x-2' }] },
      { linkId: 'x-3', answer: [{ valueCoding: { code: 'other' } }] },
    ];
    expect(fromResponseItems(items)).toEqual({ 'x-1': 2, 'x-3': 'other' });
  });
});

describe('toQuestionnaireResponse', () => {
  const base = { subject: 'Patient/12', authored: '2026-11-22T10:00:00Z' };

  it('builds a completed response pointing at the versioned Questionnaire', () => {
    const response = toQuestionnaireResponse({
      ...base, instrument: 'dexterity', answers: { 'dexterity-1': 2 }, encounter: 'Encounter/3', author: 'Practitioner/7', id: 'r1',
    });
    expect(response).toEqual({
      resourceType: 'QuestionnaireResponse',
      id: 'r1',
      questionnaire: 'https://geria.example.org/fhir/Questionnaire/dexterity|1.0.0',
      status: 'completed',
      subject: { reference: 'Patient/12' },
      encounter: { reference: 'Encounter/3' },
      author: { reference: 'Practitioner/7' },
      authored: '2026-11-22T10:00:00Z',
      item: [{ linkId: 'dexterity-1', text: 'Use of hands and fingers', answer: [{ valueInteger: 2 }] }],
    });
  });

  it('follows the definition order, types answers by item and copies texts in the chosen language', () => {
    const response = toQuestionnaireResponse({
      ...base, instrument: 'moca', language: 'it', answers: { 'moca-education': true, 'moca-1': 1 },
    });
    expect(response.item).toEqual([
      { linkId: 'moca-1', text: 'Trail making alternato', answer: [{ valueInteger: 1 }] },
      { linkId: 'moca-education', text: '12 anni di istruzione formale o meno', answer: [{ valueBoolean: true }] },
    ]);
    expect(response.encounter).toBeUndefined();
    expect(fromResponseItems(response.item)).toEqual({ 'moca-1': 1, 'moca-education': true });
  });

  it('records a timed test\'s measurement in its item\'s answer and reads it back', () => {
    const response = toQuestionnaireResponse({
      ...base, instrument: 'fga', language: 'el', answers: { 'fga-1-seconds': 6.2, 'fga-1': 2, 'fga-7': 3, 'fga-7-steps': 10, 'fga-8': 1 },
    });
    expect(response.questionnaire).toBe('https://geria.example.org/fhir/Questionnaire/fga|1.1.0');
    expect(response.item).toEqual([
      {
        linkId: 'fga-1', text: 'Βάδιση σε επίπεδη επιφάνεια',
        answer: [{ valueInteger: 2, item: [{ linkId: 'fga-1-seconds', text: 'Χρόνος βάδισης 6 m (δευτερόλεπτα)', answer: [{ valueDecimal: 6.2 }] }] }],
      },
      {
        linkId: 'fga-7', text: 'Βάδιση με στενή βάση στήριξης',
        answer: [{ valueInteger: 3, item: [{ linkId: 'fga-7-steps', text: 'Βήματα φτέρνα-δάχτυλα σε 3,6 m (έως 10)', answer: [{ valueInteger: 10 }] }] }],
      },
      { linkId: 'fga-8', text: 'Βάδιση με κλειστά μάτια', answer: [{ valueInteger: 1 }] },
    ]);
    expect(fromResponseItems(response.item)).toEqual({ 'fga-1': 2, 'fga-1-seconds': 6.2, 'fga-7': 3, 'fga-7-steps': 10, 'fga-8': 1 });
    // A whole number of seconds stays a decimal answer, as the Questionnaire declares it.
    const whole = toQuestionnaireResponse({ ...base, instrument: 'fga', answers: { 'fga-1': 3, 'fga-1-seconds': 5 } });
    expect(whole.item[0].answer?.[0].item?.[0].answer).toEqual([{ valueDecimal: 5 }]);
  });

  it('refuses invalid answers and unknown instruments', () => {
    expect(() => toQuestionnaireResponse({ ...base, instrument: 'dexterity', answers: { 'dexterity-1': 9 } })).toThrow(InstrumentAnswerError);
    expect(() => toQuestionnaireResponse({ ...base, instrument: 'nope', answers: {} })).toThrow(
      expect.objectContaining({ reason: 'unknown-instrument' }),
    );
  });
});
