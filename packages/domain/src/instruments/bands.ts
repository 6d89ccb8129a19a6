/**
 * The band of a value given ascending upper bounds: `[[5, 'not-frail'], [7, 'vulnerable'], [Infinity, 'severe']]`
 * puts 5 in 'not-frail' and 5.5 in 'vulnerable'. Bounds are inclusive and compared on the unrounded value.
 */
export function bandFor(value: number, upperBounds: readonly (readonly [number, string])[]): string {
  const hit = upperBounds.find(([max]) => value <= max);
  if (!hit) throw new RangeError(`No band holds ${value}`);
  return hit[1];
}

/** Same as bandFor for a total that may be null (not scorable ⇒ no band). */
export const bandOrNull = (value: number | null, upperBounds: readonly (readonly [number, string])[]): string | null =>
  value === null ? null : bandFor(value, upperBounds);
