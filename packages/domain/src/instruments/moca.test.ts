import { describe, expect, it } from 'vitest';
import { every, without } from './answers.fixture.ts';
import { scoreInstrument } from './score.ts';
import { itemIds } from './scoring.ts';

const taskIds = itemIds('moca', 12);
const maxima = [1, 1, 3, 3, 2, 1, 3, 2, 1, 2, 5, 6];
const full = Object.fromEntries(taskIds.map((id, i) => [id, maxima[i]]));
const score = (answers: object) => scoreInstrument('moca', answers);
/** Tasks at maximum except delayed recall (moca-11), which is set so the raw sum is `raw`. */
const withRaw = (raw: number, lowEducation: boolean) => ({ ...full, 'moca-11': raw - 25, 'moca-13': lowEducation });

describe('MoCA', () => {
  it('scores 0 with every task failed and 30 with every task passed', () => {
    expect(score({ ...every(taskIds, 0), 'moca-13': false })).toMatchObject({ total: 0, band: 'impaired' });
    expect(score({ ...full, 'moca-13': false })).toMatchObject({ total: 30, band: 'normal' });
  });

  it('reports the seven domains and the raw sum', () => {
    expect(score({ ...full, 'moca-13': true }).subscales).toEqual({
      visuospatialExecutive: 5, naming: 3, attention: 6, language: 3, abstraction: 2, delayedRecall: 5, orientation: 6, raw: 30,
    });
  });

  it('adds one point for 12 years of education or fewer, capped at 30', () => {
    expect(score(withRaw(25, true))).toMatchObject({ total: 26, band: 'normal' });
    expect(score(withRaw(25, false))).toMatchObject({ total: 25, band: 'impaired' });
    expect(score({ ...full, 'moca-13': true }).total).toBe(30);
  });

  it('puts 25 below normal and 26 normal', () => {
    expect(score(withRaw(26, false))).toMatchObject({ total: 26, band: 'normal' });
    expect(score(withRaw(25, false)).band).toBe('impaired');
  });

  it('is not scorable when a task or the education flag is missing', () => {
    expect(score(without({ ...full, 'moca-13': false }, 'moca-12'))).toMatchObject({ total: null, band: null });
    const noEducation = score(full);
    expect(noEducation).toMatchObject({ total: null, band: null });
    expect(noEducation.subscales?.raw).toBe(30);
  });

  it('rejects invalid answers', () => {
    expect(() => score({ 'moca-14': 1 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
    expect(() => score({ 'moca-3': 4 })).toThrow(expect.objectContaining({ reason: 'out-of-range', linkId: 'moca-3' }));
    expect(() => score({ 'moca-13': 1 })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
  });
});
