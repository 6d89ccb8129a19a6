import { z } from 'zod';
import { answerItems } from './measure.ts';
import type { InstrumentDef, ItemDef } from './types.ts';

function itemSchema(item: ItemDef): z.ZodType {
  switch (item.type) {
    case 'choice': {
      const values = item.options.map((option) => option.value);
      return z.literal(values as [number | boolean, ...(number | boolean)[]]);
    }
    case 'boolean':
      return z.boolean();
    case 'integer':
    case 'decimal': {
      let schema = item.type === 'integer' ? z.number().int() : z.number();
      schema = schema.min(item.min);
      if (item.max !== undefined) schema = schema.max(item.max);
      if (item.step !== undefined) {
        const { min, step } = item;
        return schema.refine((value) => Number.isInteger((value - min) / step), { message: `Must be a step of ${step} from ${min}` });
      }
      return schema;
    }
    case 'string':
      return item.maxLength === undefined ? z.string() : z.string().max(item.maxLength);
  }
}

/**
 * The zod schema of a valid answer set of an instrument, derived from the same definition as
 * the validator and the FHIR Questionnaire: a strict object whose keys are the linkIds (measures'
 * included), all optional.
 */
export function answerSchema(def: InstrumentDef) {
  return z.strictObject(Object.fromEntries(answerItems(def).map((item) => [item.linkId, itemSchema(item).optional()])));
}
