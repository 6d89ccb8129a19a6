import { describe, expect, it } from 'vitest';
import { InstrumentAnswerError } from './errors.ts';
import { sampleDef } from './sample-instrument.fixture.ts';
import { validateAnswers } from './validate.ts';

function failure(answers: unknown) {
  try {
    validateAnswers(sampleDef, answers);
  } catch (error) {
    expect(error).toBeInstanceOf(InstrumentAnswerError);
    return error as InstrumentAnswerError;
  }
  throw new Error('expected the answers to be rejected');
}

describe('validateAnswers', () => {
  it('accepts a partial answer set of valid values', () => {
    const answers = { 'sample-1': 2, 'sample-2': false, 'sample-3': 70, 'sample-4': 1234, 'sample-5': 1.25 };
    expect(validateAnswers(sampleDef, answers)).toBe(answers);
    expect(validateAnswers(sampleDef, {})).toEqual({});
  });

  it.each([
    [{ 'sample-9': 1 }, 'sample-9', 'unknown-item'],
    [{ 'sample-1': 3 }, 'sample-1', 'not-an-option'],
    [{ 'sample-1': '1' }, 'sample-1', 'wrong-type'],
    [{ 'sample-1': true }, 'sample-1', 'wrong-type'],
    [{ 'sample-2': 1 }, 'sample-2', 'wrong-type'],
    [{ 'sample-2': null }, 'sample-2', 'wrong-type'],
    [{ 'sample-3': 110 }, 'sample-3', 'out-of-range'],
    [{ 'sample-3': 15 }, 'sample-3', 'not-a-step'],
    [{ 'sample-4': -1 }, 'sample-4', 'out-of-range'],
    [{ 'sample-4': 2.5 }, 'sample-4', 'not-an-integer'],
    [{ 'sample-4': Number.NaN }, 'sample-4', 'wrong-type'],
    [{ 'sample-5': 0.25 }, 'sample-5', 'out-of-range'],
    [{ 'sample-6': 'toolong' }, 'sample-6', 'too-long'],
    [{ 'sample-6': 5 }, 'sample-6', 'wrong-type'],
  ])('rejects %j on item %s as %s', (answers, linkId, reason) => {
    const error = failure(answers);
    expect(error).toMatchObject({ instrumentId: 'sample', linkId, reason });
  });

  it('rejects anything that is not an object of answers', () => {
    for (const answers of [null, [], 'x', 3]) expect(failure(answers).reason).toBe('not-an-object');
  });

  it('names the item and the value in the message', () => {
    expect(failure({ 'sample-1': 7 }).message).toBe('Item sample-1: the value 7 is not one of the options.');
    expect(failure({ 'sample-3': 110 }).message).toBe('Item sample-3: the value 110 must be between 0 and 100.');
    expect(failure({ 'sample-4': -1 }).message).toBe('Item sample-4: the value -1 must be at least 0.');
    expect(failure({ 'sample-3': 15 }).message).toBe('Item sample-3: the value 15 must go in steps of 10 from 0.');
  });

  it('carries the message key and parameters for translation', () => {
    const error = failure({ 'sample-1': 7 });
    expect(error.code).toBe('questionnaire.answerError.not-an-option');
    expect(error.params).toMatchObject({ instrument: 'sample', linkId: 'sample-1', value: '7' });
  });
});
