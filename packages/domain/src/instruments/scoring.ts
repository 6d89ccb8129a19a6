import { bandOrNull } from './bands.ts';
import type { Answers, ScoreResult } from './types.ts';

/** `<prefix>-1 .. <prefix>-n`, the catalogue's linkId convention. */
export const itemIds = (prefix: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`);

export const numberAt = (answers: Answers, linkId: string): number | undefined => {
  const value = answers[linkId];
  return typeof value === 'number' ? value : undefined;
};

/** Sum of the items, or null as soon as one is missing (the catalogue's default missing-item rule). */
export function sumOf(answers: Answers, linkIds: readonly string[]): number | null {
  let sum = 0;
  for (const id of linkIds) {
    const value = numberAt(answers, id);
    if (value === undefined) return null;
    sum += value;
  }
  return sum;
}

/**
 * Sum scaled up from the answered items when at most `maxMissing` are missing, rounded up
 * (FES-I guidance: ceil(sum / answered × count)); null beyond that.
 */
export function proratedSum(answers: Answers, linkIds: readonly string[], maxMissing: number): number | null {
  const answered = linkIds.map((id) => numberAt(answers, id)).filter((v): v is number => v !== undefined);
  if (linkIds.length - answered.length > maxMissing || answered.length === 0) return null;
  const sum = answered.reduce((a, b) => a + b, 0);
  return answered.length === linkIds.length ? sum : Math.ceil((sum / answered.length) * linkIds.length);
}

/** The scorer of the many instruments whose total is the plain sum of their items, banded by upper bounds. */
export const sumScorer =
  (linkIds: readonly string[], upperBounds: readonly (readonly [number, string])[]) =>
  (answers: Answers): ScoreResult => {
    const total = sumOf(answers, linkIds);
    return { total, band: bandOrNull(total, upperBounds) };
  };
