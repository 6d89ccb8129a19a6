import { describe, expect, it } from 'vitest';
import {
  canCreateAssessment, canOpenAssessmentsPage, canStartBalanceAssessment, canSubmitPsfs, checkProfiling, emptyWorkingState,
  patientWorkingStateSchema, profilingSchema, TAB_STATUS_KEYS, tabStatusesFromProfiling, type AssessmentFacts,
} from './assessment-gating.ts';
import { RECRUITMENT_STATUSES } from './recruitment.ts';

const recorded = { birthDatePresent: true, agePresent: true };
const verdict = (facts: AssessmentFacts) => {
  const result = canCreateAssessment(facts);
  return result.ok ? 'ok' : result.code;
};

describe('canCreateAssessment by status and assessment count', () => {
  const expected: Record<string, [string, string]> = {
    pending: ['ok', 'rules.assessment.pendingHasAssessment'],
    accepted: ['ok', 'ok'],
    riskExclusion: ['ok', 'ok'],
    excluded: ['rules.assessment.participationEnded', 'rules.assessment.participationEnded'],
    withdrawn: ['rules.assessment.participationEnded', 'rules.assessment.participationEnded'],
    completed: ['rules.assessment.participationEnded', 'rules.assessment.participationEnded'],
  };
  const cases = RECRUITMENT_STATUSES.flatMap((status) => [0, 1].map((assessmentCount) => ({ status, assessmentCount, result: expected[status][assessmentCount] })));
  it.each(cases)('$status with $assessmentCount assessment(s) → $result', ({ status, assessmentCount, result }) => {
    expect(verdict({ status, assessmentCount, ...recorded })).toBe(result);
  });

  it('refuses a pending patient with several assessments too', () => {
    expect(verdict({ status: 'pending', assessmentCount: 3, ...recorded })).toBe('rules.assessment.pendingHasAssessment');
  });

  it('asks for the birth date first, then the age', () => {
    expect(verdict({ status: 'accepted', assessmentCount: 0, birthDatePresent: false, agePresent: false })).toBe('rules.assessment.birthDateRequired');
    expect(verdict({ status: 'accepted', assessmentCount: 0, birthDatePresent: false, agePresent: true })).toBe('rules.assessment.birthDateRequired');
    expect(verdict({ status: 'accepted', assessmentCount: 0, birthDatePresent: true, agePresent: false })).toBe('rules.assessment.ageRequired');
  });
});

describe('canOpenAssessmentsPage', () => {
  it.each([
    [true, true, true], [true, false, true], [false, true, true], [false, false, false],
  ])('birth date %s, age %s → %s', (birthDatePresent, agePresent, ok) => {
    const result = canOpenAssessmentsPage({ birthDatePresent, agePresent });
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result.code).toBe('rules.assessment.recordBirthdayOrAge');
  });
});

describe('other gates', () => {
  it('asks to compile the first assessment without profiling', () => {
    expect(checkProfiling(false)).toEqual({ ok: false, code: 'rules.assessment.profilingMissing' });
    expect(checkProfiling(true)).toEqual({ ok: true });
  });

  it.each([[0, false], [1, true], [2, false]])('balance assessment with %i assessment(s) → %s', (count, ok) => {
    expect(canStartBalanceAssessment(count).ok).toBe(ok);
  });

  it('lets the PSFS be created in the first assessment and submitted later only once it exists', () => {
    expect(canSubmitPsfs({ currentAssessmentNumber: 1, psfsInFirstAssessment: false }).ok).toBe(true);
    expect(canSubmitPsfs({ currentAssessmentNumber: 2, psfsInFirstAssessment: true }).ok).toBe(true);
    expect(canSubmitPsfs({ currentAssessmentNumber: 2, psfsInFirstAssessment: false })).toEqual({ ok: false, code: 'rules.assessment.psfsNotCreated' });
  });
});

describe('tab statuses from the profiling booleans', () => {
  it('follow the profiling order', () => {
    TAB_STATUS_KEYS.forEach((key, index) => {
      const profiling = TAB_STATUS_KEYS.map((_, position) => position === index);
      expect(tabStatusesFromProfiling(profiling)).toEqual(Object.fromEntries(TAB_STATUS_KEYS.map((k) => [k, k === key])));
    });
  });

  it('leave back pain off when the seventh boolean is absent', () => {
    const statuses = tabStatusesFromProfiling([true, true, true, true, true, true]);
    expect(statuses.back_pain_tab_status).toBe(false);
    expect(statuses.balance_disorders_tab_status).toBe(true);
  });

  it('accept six or seven booleans', () => {
    expect(profilingSchema.safeParse(Array(6).fill(false)).success).toBe(true);
    expect(profilingSchema.safeParse(Array(7).fill(false)).success).toBe(true);
    expect(profilingSchema.safeParse(Array(5).fill(false)).success).toBe(false);
    expect(profilingSchema.safeParse(Array(8).fill(false)).success).toBe(false);
  });
});

describe('emptyWorkingState', () => {
  const state = emptyWorkingState();

  it('is a valid working state', () => {
    expect(patientWorkingStateSchema.parse(state)).toEqual(state);
  });

  it('holds only null and false', () => {
    const leaves = (value: unknown): unknown[] =>
      value !== null && typeof value === 'object' ? Object.values(value).flatMap(leaves) : [value];
    expect(new Set(leaves(state))).toEqual(new Set([null, false]));
  });

  it('has the seven tab-status keys', () => {
    for (const key of TAB_STATUS_KEYS) expect(state[key]).toBe(false);
  });

  it('is a fresh object each time', () => {
    const other = emptyWorkingState();
    other.balance.numberOfFalls = 2;
    expect(emptyWorkingState().balance.numberOfFalls).toBeNull();
  });
});
