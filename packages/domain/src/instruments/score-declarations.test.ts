import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasMessage, messages } from '../i18n/index.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { validAnswers } from './answer-sets.fixture.ts';
import { PREVIOUS_VERSIONS } from './catalogue.ts';
import { INSTRUMENTS } from './registry.ts';
import { subscaleMessageKey } from './score-labels.ts';
import type { SubscaleDef, SubscaleValue } from './types.ts';
import { validateAnswers } from './validate.ts';

/** Whether a subscale's value is of its declared type (null, "not scorable", always is). */
function ofDeclaredType(declared: SubscaleDef, value: SubscaleValue): boolean {
  if (value === null) return true;
  switch (declared.type) {
    case 'integer': return Number.isInteger(value);
    case 'decimal': return typeof value === 'number' && Number.isFinite(value);
    case 'string': return typeof value === 'string' && (declared.values === undefined || value in declared.values);
    case 'result': return typeof value === 'object'
      && (value.total === null || Number.isInteger(value.total))
      && (value.band === null || (declared.bands ?? []).includes(value.band));
  }
}

// The dataset export writes its columns from these declarations before any row: a subscale a
// definition returns without declaring it would be silently lost.
describe.each([...INSTRUMENTS, ...PREVIOUS_VERSIONS].map((def) => [`${def.id} ${def.version}`, def] as const))('%s declared scores', (_name, def) => {
  const declared = def.subscales ?? [];

  it('declares each subscale once, named in every language by a group title or a message', () => {
    expect(new Set(declared.map((s) => s.key)).size).toBe(declared.length);
    for (const { key, values, bands } of declared) {
      expect(def.groups?.some((g) => g.key === key) || hasMessage(subscaleMessageKey(key)), key).toBe(true);
      for (const label of Object.values(values ?? {})) for (const lang of LANGUAGES) expect(label[lang]).toBeTruthy();
      for (const band of bands ?? []) expect(def.bands.map((b) => b.key)).toContain(band);
    }
  });

  it('returns exactly the declared subscales, each of its declared type, and an index for each declared value set only', () => {
    const answerSets = fc.oneof(validAnswers(def), validAnswers(def, { complete: true }));
    fc.assert(
      fc.property(answerSets, (answers) => {
        const result = def.score(validateAnswers(def, answers));
        expect(Object.keys(result.subscales ?? {})).toEqual(declared.map((s) => s.key));
        for (const subscale of declared) expect(ofDeclaredType(subscale, result.subscales![subscale.key]!), `${subscale.key}: ${JSON.stringify(result.subscales![subscale.key])}`).toBe(true);
        for (const [valueSet, value] of Object.entries(result.index ?? {})) {
          expect(def.indexValueSets ?? []).toContain(valueSet);
          expect(Number.isFinite(value)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('subscale messages', () => {
  it('each name a subscale some definition declares without a group of its key', () => {
    const unnamedByGroup = new Set([...INSTRUMENTS, ...PREVIOUS_VERSIONS].flatMap((def) => (def.subscales ?? []).filter((s) => !def.groups?.some((g) => g.key === s.key)).map((s) => s.key)));
    const subscales = (messages.en.instrumentScores as { subscales: Record<string, string> }).subscales;
    expect(Object.keys(subscales).sort()).toEqual([...unnamedByGroup].sort());
  });
});
