import type { ChoiceItem, InstrumentDef, ItemDef, Localized, MeasureDef, MeasureLevel, NumberItem } from './types.ts';

/**
 * Timed and counted tests (SPEC §5 "Timed thresholds"): a choice item of the FGA or the Mini-BESTest
 * may carry the measurement its level is judged by. The measured value suggests a level by the
 * published thresholds; the other criteria of a level (assistance, deviation, sway) are the
 * clinician's to judge, so the suggestion is only a suggestion and the chosen level is the answer.
 *
 * Storage: the value is an answer of its own (`<item>-seconds` or `<item>-steps`, decimal seconds or
 * whole steps) in the same answer set; in the FHIR QuestionnaireResponse it is nested in the item's
 * answer (`item.answer[0].item`), and the FHIR Questionnaire declares it as a child of the item with
 * its UCUM unit. Scores never use it.
 */

/** A stopwatch left running is not a measurement: no timed test of the catalogue takes 5 minutes. */
export const MAX_MEASURED_SECONDS = 300;

export const timed = (itemLinkId: string, text: Localized, levels: readonly MeasureLevel[], onThreshold: MeasureDef['onThreshold'] = 'upper'): MeasureDef => ({
  linkId: `${itemLinkId}-seconds`, kind: 'seconds', text, max: MAX_MEASURED_SECONDS, levels, onThreshold,
});

export const counted = (itemLinkId: string, text: Localized, max: number, levels: readonly MeasureLevel[]): MeasureDef => ({
  linkId: `${itemLinkId}-steps`, kind: 'steps', text, max, levels, onThreshold: 'upper',
});

/** Whether a value lies in a level's range, a value on a threshold going to the side `onThreshold` names. */
export function inLevel(level: MeasureLevel, value: number, onThreshold: MeasureDef['onThreshold']): boolean {
  if (onThreshold === 'upper') return (level.from === undefined || value >= level.from) && (level.to === undefined || value < level.to);
  return (level.from === undefined || value > level.from) && (level.to === undefined || value <= level.to);
}

/** The level a measured value suggests, or null for a value outside the measure (negative, too large, not a number). */
export function suggestedLevel(measure: MeasureDef, value: number): number | null {
  if (!Number.isFinite(value) || value < 0 || value > measure.max) return null;
  return measure.levels.find((level) => inLevel(level, value, measure.onThreshold))?.level ?? null;
}

/** A measure as an answerable item: optional, unscored, 0 to its maximum. */
export const measureItem = (measure: MeasureDef): NumberItem => ({
  linkId: measure.linkId,
  text: measure.text,
  type: measure.kind === 'steps' ? 'integer' : 'decimal',
  min: 0,
  max: measure.max,
  optional: true,
  scored: false,
  ...(measure.kind === 'seconds' ? { unit: 's' } : {}),
});

/** The items of a definition that carry a measure, with it. */
export const measuredItems = (def: InstrumentDef): (ChoiceItem & { measure: MeasureDef })[] =>
  def.items.filter((item): item is ChoiceItem & { measure: MeasureDef } => item.type === 'choice' && item.measure !== undefined);

/** Every item an answer set may hold: the definition's items, each followed by its measure. */
export const answerItems = (def: InstrumentDef): ItemDef[] =>
  def.items.flatMap((item) => (item.type === 'choice' && item.measure ? [item, measureItem(item.measure)] : [item]));
