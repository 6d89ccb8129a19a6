import { describe, expect, it } from 'vitest';
import { psfs } from './psfs.ts';
import { scoreInstrument } from './score.ts';

const score = (a: unknown) => scoreInstrument('psfs', a);

describe('psfs', () => {
  it('scores the mean of five activities, 0 at minimum and 10 at maximum', () => {
    const all = (v: number) => Object.fromEntries([1, 2, 3, 4, 5].map((n) => [`psfs-${n}`, v]));
    expect(score(all(0))).toEqual({ total: 0, band: null });
    expect(score(all(10))).toEqual({ total: 10, band: null });
  });

  it('averages only the rated activities, unrounded', () => {
    expect(score({ 'psfs-1': 4 })).toEqual({ total: 4, band: null });
    expect(score({ 'psfs-1': 3, 'psfs-2': 4, 'psfs-4': 4 }).total).toBeCloseTo(3.6667, 2);
  });

  it('is not scorable without the first activity', () => {
    expect(score({})).toEqual({ total: null, band: null });
    expect(score({ 'psfs-2': 5, 'psfs-3': 7 })).toEqual({ total: null, band: null });
  });

  it('takes up to 2 supplementary activities after the 5, rated and averaged like them', () => {
    expect(psfs.items.map((item) => [item.linkId, item.optional ?? false])).toEqual([
      ['psfs-1', false], ['psfs-2', true], ['psfs-3', true], ['psfs-4', true], ['psfs-5', true], ['psfs-6', true], ['psfs-7', true],
    ]);
    expect(psfs.items[5].help?.en).toBe('A supplementary activity (at most 2) the patient named at a later assessment.');
    expect(psfs.items[4].help?.en).toBe('The activity the patient named at the first assessment.');
    // (4 + 6 + 2 + 9) / 4 = 5.25
    expect(score({ 'psfs-1': 4, 'psfs-2': 6, 'psfs-6': 2, 'psfs-7': 9 })).toEqual({ total: 5.25, band: null });
  });

  it('rejects ratings out of range, of the wrong type, and an eighth activity', () => {
    expect(() => score({ 'psfs-1': 11 })).toThrow(expect.objectContaining({ reason: 'out-of-range', linkId: 'psfs-1' }));
    expect(() => score({ 'psfs-7': -1 })).toThrow(expect.objectContaining({ reason: 'out-of-range', linkId: 'psfs-7' }));
    expect(() => score({ 'psfs-1': 'walking' })).toThrow(expect.objectContaining({ reason: 'wrong-type' }));
    expect(() => score({ 'psfs-8': 5 })).toThrow(expect.objectContaining({ reason: 'unknown-item', linkId: 'psfs-8' }));
  });
});
