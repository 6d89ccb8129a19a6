import type { Answers } from './types.ts';

/** Test answers: every item at one value. */
export const every = (linkIds: readonly string[], value: number | boolean): Answers =>
  Object.fromEntries(linkIds.map((id) => [id, value]));

/** Test answers whose points add up to `total`, filling items in order from `min` up to `max`. */
export function summingTo(linkIds: readonly string[], total: number, max: number, min = 0): Answers {
  let rest = total - min * linkIds.length;
  if (rest < 0 || rest > (max - min) * linkIds.length) throw new RangeError(`cannot reach ${total}`);
  return Object.fromEntries(
    linkIds.map((id) => {
      const value = min + Math.min(max - min, rest);
      rest -= value - min;
      return [id, value];
    }),
  );
}

/** Drops some items from an answer set. */
export const without = (answers: Answers, ...linkIds: string[]): Answers =>
  Object.fromEntries(Object.entries(answers).filter(([id]) => !linkIds.includes(id)));
