import fc from 'fast-check';
import type { AnswerValue, Answers, InstrumentDef, ItemDef } from './types.ts';

/** Any valid answer to an item, drawn from its definition. */
function validValue(item: ItemDef): fc.Arbitrary<AnswerValue> {
  switch (item.type) {
    case 'choice':
      return fc.constantFrom(...item.options.map((o) => o.value));
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const step = item.step ?? 1;
      const max = item.max ?? item.min + 500;
      return fc.integer({ min: 0, max: Math.floor((max - item.min) / step) }).map((k) => item.min + k * step);
    }
    case 'decimal':
      return fc.double({ min: item.min, max: item.max ?? item.min + 500, noNaN: true, noDefaultInfinity: true });
    case 'string':
      return fc.string({ maxLength: item.maxLength ?? 50 });
  }
}

/** Any valid answer set of an instrument: each item answered with a valid value, or left out unless `complete`. */
export function validAnswers(def: InstrumentDef, { complete = false } = {}): fc.Arbitrary<Answers> {
  const model = Object.fromEntries(def.items.map((item) => [item.linkId, validValue(item)]));
  return fc.record(model, complete ? {} : { requiredKeys: [] }) as fc.Arbitrary<Answers>;
}
