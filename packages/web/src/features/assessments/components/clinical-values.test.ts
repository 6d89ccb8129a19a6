import { describe, expect, it } from 'vitest';
import { fromText, toText } from './clinical-values.ts';

describe('clinical field values', () => {
  it('round-trips numbers, options, booleans and blood pressures', () => {
    expect(fromText('bodyWeight', toText('bodyWeight', 71.5))).toBe(71.5);
    expect(fromText('smokerStatus', toText('smokerStatus', 'former'))).toBe('former');
    expect(fromText('usesHearingAid', toText('usesHearingAid', false))).toBe(false);
    const bp = { systolic: 130, diastolic: 80, arm: 'left' as const };
    expect(fromText('bloodPressureStanding', toText('bloodPressureStanding', bp))).toEqual(bp);
  });

  it('reads an emptied field as null and a decimal comma as a point', () => {
    expect(fromText('bodyHeight', '')).toBeNull();
    expect(fromText('serumCreatinine', '1,2')).toBe(1.2);
    expect(fromText('usesHearingAid', '')).toBeNull();
    expect(fromText('bloodPressureSupine', { systolic: '', diastolic: '', arm: '' })).toEqual({ systolic: null, diastolic: null, arm: null });
  });
});
