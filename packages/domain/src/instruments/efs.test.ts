import { describe, expect, it } from 'vitest';
import { every, summingTo, without } from './answers.fixture.ts';
import { scoreInstrument } from './score.ts';
import { itemIds } from './scoring.ts';

const ids = itemIds('efs', 11);
// Items 6–10 are yes/no (max 1), the others go to 2.
const maxOf = (id: string) => (['efs-6', 'efs-7', 'efs-8', 'efs-9', 'efs-10'].includes(id) ? 1 : 2);
const withTotal = (total: number) => {
  const wide = ids.filter((id) => maxOf(id) === 2);
  const narrow = ids.filter((id) => maxOf(id) === 1);
  const onWide = Math.min(total, 12);
  return { ...summingTo(wide, onWide, 2), ...summingTo(narrow, total - onWide, 1) };
};
const score = (answers: object) => scoreInstrument('efs', answers);

describe('Edmonton Frail Scale', () => {
  it('scores 0 when every answer is the lowest and 17 when every answer is the highest', () => {
    expect(score(every(ids, 0))).toEqual({ total: 0, band: 'not-frail' });
    expect(score(Object.fromEntries(ids.map((id) => [id, maxOf(id)])))).toEqual({ total: 17, band: 'severe-frailty' });
  });

  it.each([
    [5, 'not-frail'], [6, 'vulnerable'], [7, 'vulnerable'], [8, 'mild-frailty'], [9, 'mild-frailty'],
    [10, 'moderate-frailty'], [11, 'moderate-frailty'], [12, 'severe-frailty'],
  ])('puts %i in %s', (total, band) => {
    expect(score(withTotal(total))).toEqual({ total, band });
  });

  it('is not scorable when an item is missing', () => {
    expect(score(without(every(ids, 0), 'efs-11'))).toEqual({ total: null, band: null });
  });

  it('rejects unknown items, values outside the options and wrong types', () => {
    expect(() => score({ 'efs-12': 0 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
    expect(() => score({ 'efs-6': 2 })).toThrow(expect.objectContaining({ reason: 'not-an-option', linkId: 'efs-6' }));
    expect(() => score({ 'efs-1': true })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
  });
});
