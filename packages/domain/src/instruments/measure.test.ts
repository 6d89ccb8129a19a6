import { describe, expect, it } from 'vitest';
import { toFhirQuestionnaire } from './fhir-questionnaire.ts';
import { answerItems, measuredItems, suggestedLevel } from './measure.ts';
import { requireInstrument } from './registry.ts';
import { answerSchema } from './schema.ts';
import { scoreInstrument } from './score.ts';
import type { MeasureDef } from './types.ts';
import { validateAnswers } from './validate.ts';

const fga = requireInstrument('fga');
const minibest = requireInstrument('minibest');
const measureOf = (linkId: string): MeasureDef => {
  const item = [...fga.items, ...minibest.items].find((i) => i.linkId === linkId);
  if (item?.type !== 'choice' || !item.measure) throw new Error(`${linkId} has no measure`);
  return item.measure;
};
const suggest = (linkId: string, value: number) => suggestedLevel(measureOf(linkId), value);

describe('timed and counted items', () => {
  it('are the items SPEC §5 gives thresholds for', () => {
    expect(measuredItems(fga).map((i) => i.measure.linkId)).toEqual(['fga-1-seconds', 'fga-5-seconds', 'fga-7-steps', 'fga-8-seconds']);
    expect(measuredItems(minibest).map((i) => i.measure.linkId)).toEqual([
      'minibest-2-seconds', 'minibest-3-seconds', 'minibest-3-left-seconds', 'minibest-3-right-seconds', 'minibest-7-seconds', 'minibest-8-seconds',
    ]);
  });

  // Level values: FGA 3 normal, 2 mild, 1 moderate, 0 severe; Mini-BESTest 2 normal, 1 moderate, 0 severe.
  it.each([
    // FGA 1, 6 m walk: under 5.5 s normal, under 7 s mild, 7 s or more moderate.
    ['fga-1', 0, 3], ['fga-1', 5.49, 3], ['fga-1', 5.5, 2], ['fga-1', 6.99, 2], ['fga-1', 7, 1], ['fga-1', 42, 1],
    // FGA 5, pivot turn: within 3 s normal, over 3 s mild.
    ['fga-5', 2.5, 3], ['fga-5', 3, 3], ['fga-5', 3.01, 2],
    // FGA 7, tandem walk over 3.6 m: 10 steps normal, 7–9 mild, 4–6 moderate, fewer severe.
    ['fga-7', 10, 3], ['fga-7', 9, 2], ['fga-7', 7, 2], ['fga-7', 6, 1], ['fga-7', 4, 1], ['fga-7', 3, 0], ['fga-7', 0, 0],
    // FGA 8, 6 m eyes closed: under 7 s normal, under 9 s mild (the 9 s threshold), 9 s or more moderate.
    ['fga-8', 6.99, 3], ['fga-8', 7, 2], ['fga-8', 8.99, 2], ['fga-8', 9, 1],
    // Mini-BESTest 2, rise to toes: held 3 s normal, less severe.
    ['minibest-2', 2.99, 0], ['minibest-2', 3, 2], ['minibest-2', 12, 2],
    // Mini-BESTest 3, one leg (each side and the shorter one): 20 s normal, less moderate.
    ['minibest-3', 19.99, 1], ['minibest-3', 20, 2], ['minibest-3-left', 19.9, 1], ['minibest-3-left', 20, 2], ['minibest-3-right', 0.5, 1], ['minibest-3-right', 25, 2],
    // Mini-BESTest 7 and 8, feet together: 30 s normal, less moderate.
    ['minibest-7', 29.99, 1], ['minibest-7', 30, 2], ['minibest-8', 29.5, 1], ['minibest-8', 30, 2],
  ])('%s: %d suggests level %d', (linkId, value, level) => {
    expect(suggest(linkId, value)).toBe(level);
  });

  it('suggests nothing for a value outside the measure', () => {
    expect(suggest('fga-1', -0.1)).toBeNull();
    expect(suggest('fga-1', 300.1)).toBeNull();
    expect(suggest('fga-1', Number.NaN)).toBeNull();
    expect(suggest('fga-7', 11)).toBeNull();
  });

  it('are answers of their own: decimal seconds up to 300, whole steps up to 10, each with its item\'s level', () => {
    expect(validateAnswers(fga, { 'fga-1': 2, 'fga-1-seconds': 6.2, 'fga-7': 3, 'fga-7-steps': 10 })).toBeTruthy();
    expect(answerSchema(fga).safeParse({ 'fga-1': 2, 'fga-1-seconds': 6.2 }).success).toBe(true);
    expect(answerSchema(fga).safeParse({ 'fga-1': 2, 'fga-1-seconds': -1 }).success).toBe(false);
    const error = (answers: object) => expect(() => validateAnswers(fga, answers));
    error({ 'fga-1': 2, 'fga-1-seconds': 301 }).toThrow(expect.objectContaining({ reason: 'out-of-range', linkId: 'fga-1-seconds' }));
    error({ 'fga-7': 2, 'fga-7-steps': 8.5 }).toThrow(expect.objectContaining({ reason: 'not-an-integer', linkId: 'fga-7-steps' }));
    error({ 'fga-2-seconds': 4 }).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
    error({ 'fga-1-seconds': 6.2 }).toThrow(expect.objectContaining({
      reason: 'measure-without-level', linkId: 'fga-1-seconds',
      message: 'Item fga-1-seconds: a measured value (6.2) is recorded with the level of its test; choose the level too.',
    }));
    expect(answerItems(fga).map((i) => i.linkId).slice(0, 3)).toEqual(['fga-1', 'fga-1-seconds', 'fga-2']);
  });

  it('never change a score', () => {
    const levels = Object.fromEntries(fga.items.map((item) => [item.linkId, 2]));
    expect(scoreInstrument('fga', { ...levels, 'fga-1-seconds': 9.4, 'fga-7-steps': 10 })).toEqual(scoreInstrument('fga', levels));
  });

  it('are questions nested in their item in the FHIR Questionnaire, with their UCUM unit', () => {
    const first = toFhirQuestionnaire(fga).item[0];
    expect(first.item).toEqual([expect.objectContaining({
      linkId: 'fga-1-seconds', type: 'decimal', required: false, text: 'Time to walk 6 m (seconds)',
      extension: [
        { url: 'http://hl7.org/fhir/StructureDefinition/minValue', valueDecimal: 0 },
        { url: 'http://hl7.org/fhir/StructureDefinition/maxValue', valueDecimal: 300 },
        { url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-unit', valueCoding: { system: 'http://unitsofmeasure.org', code: 's', display: 's' } },
      ],
    })]);
    const tandem = toFhirQuestionnaire(fga).item[6];
    expect(tandem.item?.[0]).toMatchObject({ linkId: 'fga-7-steps', type: 'integer', extension: [{ valueInteger: 0 }, { valueInteger: 10 }] });
  });
});
