import { describe, expect, it } from 'vitest';
import {
  ageBand, ageFromBirthDate, ageGroup, bloodPressureArmCheck, bmi, ckdEpi2009, ckdEpi2021, inactivity, inactivityRange, isPolypharmacy, waistHipRatio,
} from './clinical-calculations.ts';

describe('bmi and waist-hip ratio', () => {
  it('divide as defined', () => {
    expect(bmi(70, 175)).toBeCloseTo(22.857, 3);
    expect(waistHipRatio(90, 100)).toBeCloseTo(0.9, 10);
  });

  it.each([[null, 175], [70, null], [0, 175], [70, 0], [-70, 175], [Number.NaN, 175]])('bmi(%s, %s) is null', (w, h) => {
    expect(bmi(w, h)).toBeNull();
  });

  it('waist-hip ratio is null without both measures', () => {
    expect(waistHipRatio(90, null)).toBeNull();
    expect(waistHipRatio(90, 0)).toBeNull();
  });
});

describe('CKD-EPI 2021 (race-free)', () => {
  it.each([
    // Female 50 y, Scr 0.8: Scr/κ = 0.8/0.7 = 1.142857; 1.142857^-1.200 = 0.85194; 0.9938^50 = 0.73274;
    // 142 × 0.85194 × 0.73274 × 1.012 = 89.71 ≈ 90 (the usual worked example).
    [{ creatinineMgDl: 0.8, age: 50, sex: 'female' }, 89.71],
    // Male 60 y, Scr 1.0: 1/0.9 = 1.1111; 1.1111^-1.200 = 0.88124; 0.9938^60 = 0.68857; 142 × 0.88124 × 0.68857 = 86.16.
    [{ creatinineMgDl: 1.0, age: 60, sex: 'male' }, 86.16],
    // Female 70 y, Scr 0.5 (below κ): 0.5/0.7 = 0.714286; 0.714286^-0.241 = 1.08447; 0.9938^70 = 0.64703;
    // 142 × 1.08447 × 0.64703 × 1.012 = 100.84.
    [{ creatinineMgDl: 0.5, age: 70, sex: 'female' }, 100.84],
  ] as const)('%o → %f', (input, expected) => {
    const result = ckdEpi2021(input);
    expect(result.ok && result.value).toBeCloseTo(expected, 1);
  });

  it('ignores the African-American flag', () => {
    const input = { creatinineMgDl: 1.0, age: 60, sex: 'male' } as const;
    expect(ckdEpi2021({ ...input, africanAmerican: true })).toEqual(ckdEpi2021(input));
  });
});

describe('CKD-EPI 2009', () => {
  it.each([
    // Male 60 y, Scr 1.0: 1.1111^-1.209 = 0.88040; 0.993^60 = 0.65605; 141 × 0.88040 × 0.65605 = 81.44.
    [{ creatinineMgDl: 1.0, age: 60, sex: 'male' }, 81.44],
    // Same, African American: 81.44 × 1.159 = 94.39.
    [{ creatinineMgDl: 1.0, age: 60, sex: 'male', africanAmerican: true }, 94.39],
    // Female 50 y, Scr 0.8: 1.142857^-1.209 = 0.85092; 0.993^50 = 0.70379; 141 × 0.85092 × 0.70379 × 1.018 = 85.96.
    [{ creatinineMgDl: 0.8, age: 50, sex: 'female' }, 85.96],
    // Female 70 y, Scr 0.5: 0.714286^-0.329 = 1.11706; 0.993^70 = 0.61157; 141 × 1.11706 × 0.61157 × 1.018 = 98.06.
    [{ creatinineMgDl: 0.5, age: 70, sex: 'female' }, 98.06],
  ] as const)('%o → %f', (input, expected) => {
    const result = ckdEpi2009(input);
    expect(result.ok && result.value).toBeCloseTo(expected, 1);
  });

  it.each([
    { creatinineMgDl: 0, age: 60, sex: 'male' },
    { creatinineMgDl: -1, age: 60, sex: 'male' },
    { creatinineMgDl: Number.NaN, age: 60, sex: 'male' },
    { creatinineMgDl: 1, age: 17, sex: 'male' },
    { creatinineMgDl: 1, age: 121, sex: 'male' },
    { creatinineMgDl: 1, age: 60.5, sex: 'male' },
    { creatinineMgDl: 1, age: 60, sex: 'unknown' },
  ])('returns the CKD-EPI error key for %o', (input) => {
    const expected = { ok: false, code: 'rules.calculations.ckdEpiError' };
    expect(ckdEpi2009(input as never)).toEqual(expected);
    expect(ckdEpi2021(input as never)).toEqual(expected);
  });
});

describe('ageFromBirthDate', () => {
  const today = new Date('2025-03-15T12:00:00Z');
  it.each([
    ['1950-06-30', 75], ['1950-03', 75], ['1950', 75], ['2025-12-31', 0],
  ])('%s → %i (current year minus birth year)', (birthDate, age) => {
    expect(ageFromBirthDate(birthDate, today)).toBe(age);
  });

  it.each([null, undefined, '', '1950-13', '1950-02-30x', '50-03-01', '2026-01-01'])('%o → null', (birthDate) => {
    expect(ageFromBirthDate(birthDate, today)).toBeNull();
  });
});

describe('ageGroup', () => {
  it.each([
    [0, '0-19'], [19, '0-19'], [20, '20-29'], [29, '20-29'], [30, '30-39'], [59, '50-59'], [60, '60-69'], [69, '60-69'],
    [70, '70-79'], [79, '70-79'], [80, '80-89'], [89, '80-89'], [90, '90-99'], [99, '90-99'], [100, '>100'], [104, '>100'],
    [null, 'No Info'], [undefined, 'No Info'], [-1, 'No Info'], [Number.NaN, 'No Info'],
  ])('%s → %s', (age, group) => {
    expect(ageGroup(age)).toBe(group);
  });
});

describe('ageBand (SPEC §7)', () => {
  it.each([
    [59, null], [60, '60-69'], [69, '60-69'], [70, '70-79'], [79, '70-79'], [80, '80-89'], [89, '80-89'],
    [90, '90-99'], [99, '90-99'], [100, '100+'], [112, '100+'], [null, null],
  ])('%s → %s', (age, band) => {
    expect(ageBand(age)).toBe(band);
  });
});

describe('inactivityRange', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const inRange = (band: 'green' | 'amber' | 'red', used: Date) => {
    const range = inactivityRange(band, now) as { after?: Date; notAfter?: Date };
    return (!range.after || used > range.after) && (!range.notAfter || used <= range.notAfter);
  };
  it('puts every last use in exactly the band that inactivity gives it, at each boundary', () => {
    for (let minutes = 0; minutes < 20 * 24 * 60; minutes += 37) {
      for (const offset of [0, -1, 1]) {
        const used = new Date(now.getTime() - minutes * 60_000 + offset);
        const { band } = inactivity([used.toISOString()], now);
        expect((['green', 'amber', 'red'] as const).filter((b) => inRange(b, used))).toEqual([band]);
      }
    }
    for (const days of [3, 13]) {
      const used = new Date(now.getTime() - days * 86_400_000);
      const { band } = inactivity([used.toISOString()], now);
      expect((['green', 'amber', 'red'] as const).filter((b) => inRange(b, used))).toEqual([band]);
    }
  });
  it('selects participants without any use for No Info', () => {
    expect(inactivityRange('No Info', now)).toBe('no use');
  });
});

describe('inactivity', () => {
  const now = new Date('2025-03-15T12:00:00Z');
  const daysAgo = (days: number, extraMs = 0) => new Date(now.getTime() - days * 86_400_000 - extraMs).toISOString();

  it.each([
    [0, 'green'], [2, 'green'], [3, 'amber'], [12, 'amber'], [13, 'red'], [40, 'red'],
  ])('%i whole days since the latest use → %s', (days, band) => {
    expect(inactivity([daysAgo(days)], now)).toEqual({ days, band });
  });

  it('counts whole elapsed days: 2 days and 23 hours is still green', () => {
    expect(inactivity([daysAgo(2, 23 * 3_600_000)], now).band).toBe('green');
  });

  it('takes the latest use and ignores empty dates', () => {
    expect(inactivity(['', null, daysAgo(20), daysAgo(1), undefined, 'not a date'], now)).toEqual({ days: 1, band: 'green' });
  });

  it('has no info without a date', () => {
    expect(inactivity([], now)).toEqual({ days: null, band: 'No Info' });
    expect(inactivity(['', null], now)).toEqual({ days: null, band: 'No Info' });
  });

  it('counts a use stamped in the future as today', () => {
    expect(inactivity([daysAgo(-2)], now)).toEqual({ days: 0, band: 'green' });
  });
});

describe('isPolypharmacy', () => {
  it.each([[4, false], [5, true], [0, false]])('%i medications → %s', (count, expected) => {
    expect(isPolypharmacy(count)).toBe(expected);
  });
});

describe('bloodPressureArmCheck', () => {
  it.each([
    [{ systolic: 120, diastolic: 80, arm: null }, false],
    [{ systolic: 120, diastolic: null, arm: null }, false],
    [{ systolic: null, diastolic: 80, arm: '' }, false],
    [{ systolic: 120, diastolic: 80, arm: 'left' }, true],
    [{ systolic: null, diastolic: null, arm: null }, true],
  ])('%o → ok %s', (reading, ok) => {
    const result = bloodPressureArmCheck(reading);
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result.code).toBe('rules.calculations.bloodPressureArmRequired');
  });
});
