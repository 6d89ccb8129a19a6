import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validAnswers } from './answer-sets.fixture.ts';
import { InstrumentAnswerError } from './errors.ts';
import { INSTRUMENTS } from './registry.ts';
import { answerSchema } from './schema.ts';
import type { ItemDef } from './types.ts';
import { validateAnswers } from './validate.ts';

/** A value the item must refuse. */
function invalidValue(item: ItemDef): fc.Arbitrary<unknown> {
  const wrongType = item.type === 'string' ? fc.integer() : fc.constantFrom('x', null, [], {});
  switch (item.type) {
    case 'choice': {
      const values = item.options.map((o) => o.value);
      const notAnOption = typeof values[0] === 'number'
        ? fc.integer({ min: -1000, max: 1000 }).filter((v) => !values.includes(v))
        : fc.constant('yes');
      return fc.oneof(wrongType, notAnOption);
    }
    case 'boolean':
      return fc.oneof(wrongType, fc.constantFrom(0, 1));
    case 'integer':
    case 'decimal':
      return fc.oneof(wrongType, fc.constant(item.min - 1), fc.constant(Number.NaN), ...(item.max === undefined ? [] : [fc.constant(item.max + 1)]));
    case 'string':
      return item.maxLength === undefined ? wrongType : fc.oneof(wrongType, fc.constant('x'.repeat(item.maxLength + 1)));
  }
}

describe.each(INSTRUMENTS.map((def) => [def.id, def] as const))('%s answer sets', (_id, def) => {
  const schema = answerSchema(def);
  const bandKeys = def.bands.map((b) => b.key);

  it('scores any valid answer set within its range, with a band of its own', () => {
    fc.assert(
      fc.property(validAnswers(def), (answers) => {
        expect(schema.safeParse(answers).success).toBe(true);
        const result = def.score(validateAnswers(def, answers));
        if (result.total !== null) {
          expect(def.range).not.toBeNull();
          expect(result.total).toBeGreaterThanOrEqual(def.range!.min);
          expect(result.total).toBeLessThanOrEqual(def.range!.max);
        }
        if (result.band !== null) expect(bandKeys).toContain(result.band);
      }),
      { numRuns: 200 },
    );
  });

  it('rejects any answer set with one bad value, naming the item', () => {
    const itemIndex = fc.integer({ min: 0, max: def.items.length - 1 });
    const bad = fc
      .tuple(validAnswers(def), itemIndex)
      .chain(([answers, i]) => invalidValue(def.items[i]).map((value) => ({ answers: { ...answers, [def.items[i].linkId]: value }, linkId: def.items[i].linkId })));
    fc.assert(
      fc.property(bad, ({ answers, linkId }) => {
        expect(schema.safeParse(answers).success).toBe(false);
        expect(() => validateAnswers(def, answers)).toThrow(InstrumentAnswerError);
        try {
          validateAnswers(def, answers);
        } catch (error) {
          expect((error as InstrumentAnswerError).linkId).toBe(linkId);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('rejects an answer to an item that does not exist', () => {
    fc.assert(
      fc.property(validAnswers(def), fc.string({ minLength: 1 }).filter((k) => !def.items.some((i) => i.linkId === k) && k !== '__proto__'), (answers, key) => {
        const withExtra = { ...answers, [key]: 1 };
        expect(schema.safeParse(withExtra).success).toBe(false);
        expect(() => validateAnswers(def, withExtra)).toThrow(expect.objectContaining({ reason: 'unknown-item', linkId: key }));
      }),
      { numRuns: 50 },
    );
  });
});
