import { InstrumentAnswerError, type AnswerErrorReason } from './errors.ts';
import { answerItems, measuredItems } from './measure.ts';
import type { Answers, InstrumentDef, ItemDef } from './types.ts';

type Failure = { reason: AnswerErrorReason; limits?: { min?: number; max?: number; step?: number; maxLength?: number } };

/** Why a value is not a valid answer to an item, or null when it is. */
export function checkItemValue(item: ItemDef, value: unknown): Failure | null {
  switch (item.type) {
    case 'choice': {
      const expected = typeof item.options[0]?.value;
      if (typeof value !== expected) return { reason: 'wrong-type' };
      return item.options.some((option) => option.value === value) ? null : { reason: 'not-an-option' };
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : { reason: 'wrong-type' };
    case 'integer':
    case 'decimal': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return { reason: 'wrong-type' };
      if (item.type === 'integer' && !Number.isInteger(value)) return { reason: 'not-an-integer' };
      if (value < item.min || (item.max !== undefined && value > item.max)) {
        return { reason: 'out-of-range', limits: { min: item.min, max: item.max } };
      }
      if (item.step !== undefined && !Number.isInteger((value - item.min) / item.step)) {
        return { reason: 'not-a-step', limits: { min: item.min, step: item.step } };
      }
      return null;
    }
    case 'string':
      if (typeof value !== 'string') return { reason: 'wrong-type' };
      return item.maxLength !== undefined && value.length > item.maxLength
        ? { reason: 'too-long', limits: { maxLength: item.maxLength } }
        : null;
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks an answer set against its definition and returns it typed, or throws the first problem
 * as an InstrumentAnswerError. Missing items are allowed: the scorers apply the catalogue's
 * missing-item rules. A measurement (a timed test's seconds) is recorded with its item's level, so
 * it needs that level. Nothing invalid is ever scored.
 */
export function validateAnswers(def: InstrumentDef, answers: unknown): Answers {
  if (!isPlainObject(answers)) throw new InstrumentAnswerError(def.id, null, 'not-an-object', answers);
  const items = new Map(answerItems(def).map((item) => [item.linkId, item]));
  for (const [linkId, value] of Object.entries(answers)) {
    const item = items.get(linkId);
    if (!item) throw new InstrumentAnswerError(def.id, linkId, 'unknown-item', value);
    const failure = checkItemValue(item, value);
    if (failure) throw new InstrumentAnswerError(def.id, linkId, failure.reason, value, failure.limits);
  }
  for (const item of measuredItems(def)) {
    if (answers[item.measure.linkId] !== undefined && answers[item.linkId] === undefined) {
      throw new InstrumentAnswerError(def.id, item.measure.linkId, 'measure-without-level', answers[item.measure.linkId]);
    }
  }
  return answers as Answers;
}
