import { suggestedLevel, type Answers, type ChoiceItem, type MeasureDef } from '@geria/domain';

export type MeasuredItem = ChoiceItem & { measure: MeasureDef };

export const isMeasured = (item: { type: string; measure?: MeasureDef }): item is MeasuredItem => item.type === 'choice' && item.measure !== undefined;

/**
 * The answers once a timed test's measurement changes: the value is recorded and the item's level
 * follows the level the new value suggests, unless the clinician chose another level than the one
 * the previous value suggested (an override stays). An empty value removes the measurement only.
 */
export function withMeasure(item: MeasuredItem, answers: Answers, value: number | undefined): Answers {
  const { measure } = item;
  const next = { ...answers };
  if (value === undefined) delete next[measure.linkId];
  else next[measure.linkId] = value;
  const previous = answers[measure.linkId];
  const before = typeof previous === 'number' ? suggestedLevel(measure, previous) : null;
  const after = value === undefined ? null : suggestedLevel(measure, value);
  const chosen = answers[item.linkId];
  const overridden = chosen !== undefined && chosen !== before;
  if (after !== null && !overridden) next[item.linkId] = after;
  return next;
}

/**
 * The values that suggest a level, as the forms print them: `< 5.5`, `5.5–7`, `≥ 7` seconds (`≤ 3`,
 * `> 3` where a value on the threshold goes below it), `7–9` or `10` steps; null for a level no
 * value suggests. `count` is the largest number of steps, for the plural of "steps".
 */
export function levelRange(measure: MeasureDef, level: number, number: (value: number) => string): { text: string; count: number } | null {
  const range = measure.levels.find((l) => l.level === level);
  if (!range) return null;
  if (measure.kind === 'steps') {
    const low = range.from ?? 0;
    const high = range.to === undefined ? measure.max : range.to - 1;
    return { text: low === high ? number(low) : `${number(low)}–${number(high)}`, count: high };
  }
  const upper = measure.onThreshold === 'upper';
  const text = range.from === undefined
    ? `${upper ? '<' : '≤'} ${number(range.to!)}`
    : range.to === undefined ? `${upper ? '≥' : '>'} ${number(range.from)}` : `${number(range.from)}–${number(range.to)}`;
  return { text, count: range.to ?? range.from ?? 0 };
}
