import { describe, expect, it } from 'vitest';
import { icDeclines, icProfile, IC_SOURCES, normaliseScore } from './intrinsic-capacity.ts';

describe('intrinsic capacity', () => {
  it('maps a higher-is-better score linearly onto 0–100', () => {
    const moca = IC_SOURCES.cognition[0]!;
    expect(normaliseScore(moca, 0)).toBe(0);
    expect(normaliseScore(moca, 30)).toBe(100);
    expect(normaliseScore(moca, 15)).toBe(50);
  });
  it('inverts a higher-is-worse score (GDS-15 of 15 is no capacity)', () => {
    const gds = IC_SOURCES.psychological[0]!;
    expect(normaliseScore(gds, 15)).toBe(0);
    expect(normaliseScore(gds, 0)).toBe(100);
    expect(normaliseScore(gds, 3)).toBe(80);
  });
  it('clamps values outside the range', () => {
    expect(normaliseScore(IC_SOURCES.vitality[0]!, 20)).toBe(100);
    expect(normaliseScore(IC_SOURCES.vitality[0]!, -1)).toBe(0);
  });
  it('uses the first available source of a domain and leaves missing domains null', () => {
    expect(icProfile({ minibest: 14, phq9: 27, fga: 30 })).toEqual({
      cognition: null, locomotion: 100, vitality: null, sensory: null, psychological: 0,
    });
    expect(icProfile({ minibest: 14 }).locomotion).toBe(50);
  });
  it('flags a fall of 10 points or more, not 9.9', () => {
    const first = icProfile({ moca: 30, mnasf: 14 });
    expect(icDeclines(first, icProfile({ moca: 27, mnasf: 13 }))).toEqual(['cognition']);
    expect(icDeclines(first, { ...first, cognition: 90.1 })).toEqual([]);
    expect(icDeclines(first, { ...first, cognition: null })).toEqual([]);
  });
});
