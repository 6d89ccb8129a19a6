import { describe, expect, it } from 'vitest';
import { every, without } from './answers.fixture.ts';
import { moca, mocaV1 } from './moca.ts';
import { instrumentAt } from './registry.ts';
import { scoreInstrument } from './score.ts';
import { itemIds } from './scoring.ts';

// The form's 17 scored boxes (SPEC §3): clock in three, naming per animal, digits forward and backward apart.
const itemIdsV2 = itemIds('moca', 17);
const maxima = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 2, 1, 2, 5, 6];
const full = Object.fromEntries(itemIdsV2.map((id, i) => [id, maxima[i]]));
const score = (answers: object) => scoreInstrument('moca', answers);
/** Items at maximum except delayed recall (moca-16), set so the raw sum is `raw`. */
const withRaw = (raw: number, lowEducation: boolean) => ({ ...full, 'moca-16': raw - 25, 'moca-education': lowEducation });

describe('MoCA', () => {
  it('has the protocol\'s 17 scored items, worth 30 together, and the education flag', () => {
    const scored = moca.items.filter((item) => item.type === 'integer');
    expect(scored.map((item) => item.linkId)).toEqual(itemIdsV2);
    expect(scored.map((item) => (item.type === 'integer' ? item.max : 0))).toEqual(maxima);
    expect(maxima.reduce((a, b) => a + b, 0)).toBe(30);
    expect(moca.items.at(-1)).toMatchObject({ linkId: 'moca-education', type: 'boolean' });
    expect(moca.items.at(-1)?.help?.en).toBe('Yes adds 1 point to the total, which stays at most 30.');
    expect(moca.version).toBe('2.0.0');
  });

  it('scores 0 with every item failed and 30 with every item passed', () => {
    expect(score({ ...every(itemIdsV2, 0), 'moca-education': false })).toMatchObject({ total: 0, band: 'impaired' });
    expect(score({ ...full, 'moca-education': false })).toMatchObject({ total: 30, band: 'normal' });
  });

  it('sums a worked form into the seven domains, the raw sum and the total', () => {
    // Trail 1, cube 0, clock 1+1+0; lion 1, rhino 1, camel 0; forward 1, backward 0, letters 1, serial 7s 2;
    // repetition 1, fluency 1; abstraction 1; recall 3; orientation 6 → 3 + 2 + 4 + 2 + 1 + 3 + 6 = 21, +1 education = 22.
    const answers = [1, 0, 1, 1, 0, 1, 1, 0, 1, 0, 1, 2, 1, 1, 1, 3, 6];
    const result = score({ ...Object.fromEntries(itemIdsV2.map((id, i) => [id, answers[i]])), 'moca-education': true });
    expect(result).toEqual({
      total: 22,
      band: 'impaired',
      subscales: { visuospatialExecutive: 3, naming: 2, attention: 4, language: 2, abstraction: 1, delayedRecall: 3, orientation: 6, raw: 21 },
    });
  });

  it('adds one point for 12 years of education or fewer, capped at 30', () => {
    expect(score(withRaw(25, true))).toMatchObject({ total: 26, band: 'normal' });
    expect(score(withRaw(25, false))).toMatchObject({ total: 25, band: 'impaired' });
    expect(score({ ...full, 'moca-education': true }).total).toBe(30);
  });

  it('puts 25 below normal and 26 normal', () => {
    expect(score(withRaw(26, false))).toMatchObject({ total: 26, band: 'normal' });
    expect(score(withRaw(25, false)).band).toBe('impaired');
  });

  it('is not scorable when an item or the education flag is missing', () => {
    expect(score(without({ ...full, 'moca-education': false }, 'moca-17'))).toMatchObject({ total: null, band: null });
    const noEducation = score(full);
    expect(noEducation).toMatchObject({ total: null, band: null });
    expect(noEducation.subscales?.raw).toBe(30);
  });

  it('rejects invalid answers, the 13-item form\'s education flag among them', () => {
    expect(() => score({ 'moca-18': 1 })).toThrow(expect.objectContaining({ reason: 'unknown-item' }));
    expect(() => score({ 'moca-12': 4 })).toThrow(expect.objectContaining({ reason: 'out-of-range', linkId: 'moca-12' }));
    expect(() => score({ 'moca-3': 2 })).toThrow(expect.objectContaining({ reason: 'out-of-range', linkId: 'moca-3' }));
    expect(() => score({ 'moca-13': false })).toThrow(expect.objectContaining({ reason: 'wrong-type', linkId: 'moca-13' }));
    expect(() => score({ 'moca-education': 1 })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
  });
});

describe('MoCA 1.0.0 responses (13 items)', () => {
  // The form saved before 2.0.0: clock 3, naming 3, digits 2 points as single tasks, education flag moca-13.
  const v1 = { 'moca-1': 1, 'moca-2': 1, 'moca-3': 3, 'moca-4': 3, 'moca-5': 2, 'moca-6': 1, 'moca-7': 3, 'moca-8': 1, 'moca-9': 0, 'moca-10': 0, 'moca-11': 0, 'moca-12': 0, 'moca-13': false };

  it('are read with the definition they were recorded with', () => {
    expect(instrumentAt('moca', '1.0.0')).toBe(mocaV1);
    expect(instrumentAt('moca', '2.0.0')).toBe(moca);
    expect(instrumentAt('moca')).toBe(moca);
    expect(mocaV1.items).toHaveLength(13);
  });

  it('score with the same rule: 15, and 16 with the education point', () => {
    expect(scoreInstrument('moca', v1, '1.0.0')).toEqual({
      total: 15,
      band: 'impaired',
      subscales: { visuospatialExecutive: 5, naming: 3, attention: 6, language: 1, abstraction: 0, delayedRecall: 0, orientation: 0, raw: 15 },
    });
    expect(scoreInstrument('moca', { ...v1, 'moca-13': true }, '1.0.0').total).toBe(16);
  });

  it('are not answers of the current form', () => {
    expect(() => scoreInstrument('moca', v1)).toThrow(expect.objectContaining({ reason: 'out-of-range', linkId: 'moca-3' }));
  });
});
