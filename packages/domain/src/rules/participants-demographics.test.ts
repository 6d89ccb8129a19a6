import { describe, expect, it } from 'vitest';
import { currentAge, demographicsInputSchema, isImei, recordedAge } from './participants-demographics.ts';

const today = new Date('2026-11-22T00:00:00Z');

describe('demographics', () => {
  it('derives the age from the birth year, or carries a recorded age forward', () => {
    expect(currentAge({ birthDate: '1948-05', age: null }, today)).toBe(78);
    expect(currentAge({ birthDate: null, age: { years: 80, recordedOn: '2024-03-01' } }, today)).toBe(82);
    expect(currentAge({ birthDate: null, age: null }, today)).toBeNull();
    // The birth date wins over an entered age; one in the future gives no age.
    expect(currentAge({ birthDate: '1950', age: { years: 60, recordedOn: '2026-01-01' } }, today)).toBe(76);
    expect(currentAge({ birthDate: '2027-01', age: null }, today)).toBeNull();
  });

  it('checks an IMEI\'s Luhn digit', () => {
    expect(isImei('490154203237518')).toBe(true);
    expect(isImei('490154203237519')).toBe(false);
    expect(isImei('49015420323751')).toBe(false);
  });

  it('lets a birth date replace an entered age', () => {
    expect(recordedAge({ birthDate: '1950-03', age: 70 })).toBeNull();
    expect(recordedAge({ birthDate: null, age: 70 })).toBe(70);
    expect(recordedAge({ birthDate: null, age: null })).toBeNull();
  });

  it('takes a birth date with or without an age, and a withdrawal after the consent', () => {
    const issues = (input: object) => {
      const result = demographicsInputSchema.safeParse(input);
      return result.success ? [] : result.error.issues.map((i) => i.message);
    };
    expect(issues({ birthDate: '1950', age: 70 })).toEqual([]);
    expect(issues({ consentDate: '2026-02-01', consentWithdrawalDate: '2026-01-01' })).toEqual(['participants.errors.endBeforeStart']);
    expect(issues({ birthDate: '1950-02', gender: 'notDisclosed', stairsAtHome: false })).toEqual([]);
  });
});
