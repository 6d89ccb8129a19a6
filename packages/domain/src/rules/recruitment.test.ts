import { describe, expect, it } from 'vitest';
import {
  allowedTransitions, checkTransition, exclusionFindings, RECRUITMENT_STATUSES, recruitmentFactsSchema,
  recruitmentStatusCode, recruitmentStatusFromCode, type RecruitmentFacts, type RecruitmentStatus,
} from './recruitment.ts';

/** Screening complete and passed, a reason and a drop-off date recorded: only the table decides. */
const complete: RecruitmentFacts = { dexterity: 3, moca: 25, birthDatePresent: true, reason: 'clinician decision', dropOffDate: '2024-05-01' };

const OK = 'ok';
// Rows: from; columns: to, in RECRUITMENT_STATUSES order (pending, accepted, riskExclusion, excluded, withdrawn, completed).
const TABLE: Record<RecruitmentStatus, string[]> = {
  pending: ['rules.recruitment.sameStatus', OK, 'rules.recruitment.noExclusionRisk', OK, OK, 'rules.recruitment.transitionNotAllowed'],
  accepted: ['rules.recruitment.transitionNotAllowed', 'rules.recruitment.sameStatus', OK, 'rules.recruitment.transitionNotAllowed', OK, OK],
  riskExclusion: ['rules.recruitment.transitionNotAllowed', OK, 'rules.recruitment.sameStatus', OK, OK, 'rules.recruitment.transitionNotAllowed'],
  excluded: ['rules.recruitment.terminalStatus', 'rules.recruitment.terminalStatus', 'rules.recruitment.terminalStatus', 'rules.recruitment.sameStatus', 'rules.recruitment.terminalStatus', 'rules.recruitment.terminalStatus'],
  withdrawn: ['rules.recruitment.terminalStatus', 'rules.recruitment.terminalStatus', 'rules.recruitment.terminalStatus', 'rules.recruitment.terminalStatus', 'rules.recruitment.sameStatus', 'rules.recruitment.terminalStatus'],
  completed: ['rules.recruitment.terminalStatus', 'rules.recruitment.terminalStatus', 'rules.recruitment.terminalStatus', 'rules.recruitment.terminalStatus', 'rules.recruitment.terminalStatus', 'rules.recruitment.sameStatus'],
};

const outcome = (from: RecruitmentStatus, to: RecruitmentStatus, facts: RecruitmentFacts) => {
  const result = checkTransition(from, to, facts);
  return result.ok ? OK : result.code;
};

describe('checkTransition over every pair of statuses', () => {
  const cases = RECRUITMENT_STATUSES.flatMap((from) => RECRUITMENT_STATUSES.map((to, column) => ({ from, to, expected: TABLE[from][column] })));
  it.each(cases)('$from → $to gives $expected', ({ from, to, expected }) => {
    expect(outcome(from, to, complete)).toBe(expected);
  });

  it('names both statuses in a refused transition', () => {
    expect(checkTransition('accepted', 'pending', complete)).toEqual({
      ok: false, code: 'rules.recruitment.transitionNotAllowed', params: { from: 'accepted', to: 'pending' },
    });
  });
});

describe('corrections out of a terminal status', () => {
  const terminal = ['excluded', 'withdrawn', 'completed'] as const;
  const cases = terminal.flatMap((from) => RECRUITMENT_STATUSES.filter((to) => to !== from).map((to) => ({ from, to })));
  it.each(cases)('$from → $to is allowed as a documented correction', ({ from, to }) => {
    expect(outcome(from, to, { ...complete, correction: true })).toBe(OK);
  });

  it('needs a reason', () => {
    expect(outcome('excluded', 'accepted', { ...complete, correction: true, reason: '  ' })).toBe('rules.recruitment.reasonRequired');
  });

  it('keeps the screening requirement of acceptance', () => {
    expect(outcome('withdrawn', 'accepted', { ...complete, correction: true, moca: null })).toBe('UPDATE.Message_115');
  });

  it('keeps the drop-off date requirement of withdrawal', () => {
    expect(outcome('completed', 'withdrawn', { ...complete, correction: true, dropOffDate: null })).toBe('rules.recruitment.dropOffDateRequired');
  });

  it('does not let an active status skip the rules through the correction flag', () => {
    expect(outcome('accepted', 'pending', { ...complete, correction: true })).toBe('rules.recruitment.transitionNotAllowed');
  });
});

describe('acceptance from pending', () => {
  it.each([
    [{ dexterity: null }, 'UPDATE.Message_113'],
    [{ dexterity: 5 }, 'UPDATE.Message_114'],
    [{ moca: null }, 'UPDATE.Message_115'],
    [{ moca: 17 }, 'UPDATE.Message_116'],
    [{ birthDatePresent: false }, 'UPDATE.Message_117'],
  ] as const)('is refused with %o → %s', (change, code) => {
    expect(outcome('pending', 'accepted', { ...complete, ...change })).toBe(code);
  });

  it('accepts dexterity level 4 and MoCA 18, the limits themselves', () => {
    expect(outcome('pending', 'accepted', { ...complete, dexterity: 4, moca: 18 })).toBe(OK);
  });

  it('needs no reason', () => {
    expect(outcome('pending', 'accepted', { ...complete, reason: null })).toBe(OK);
  });
});

describe('risk of exclusion and the clinician decision', () => {
  it('is entered from pending when a score shows a risk', () => {
    expect(outcome('pending', 'riskExclusion', { ...complete, moca: 17 })).toBe(OK);
    expect(outcome('pending', 'riskExclusion', { ...complete, dexterity: 6 })).toBe(OK);
  });

  it('is not entered while a questionnaire is missing', () => {
    expect(outcome('pending', 'riskExclusion', { ...complete, moca: 10, dexterity: null })).toBe('UPDATE.Message_113');
  });

  it('is entered from accepted only with a reason', () => {
    expect(outcome('accepted', 'riskExclusion', { ...complete, reason: '' })).toBe('rules.recruitment.reasonRequired');
  });

  it("keeps the patient (Don't exclude) with a reason despite the risk", () => {
    expect(outcome('riskExclusion', 'accepted', { ...complete, moca: 17 })).toBe(OK);
    expect(outcome('riskExclusion', 'accepted', { ...complete, moca: 17, reason: undefined })).toBe('rules.recruitment.reasonRequired');
  });

  it('cannot keep the patient while Dexterity or MoCA is missing', () => {
    expect(outcome('riskExclusion', 'accepted', { ...complete, dexterity: null })).toBe('UPDATE.Message_113');
  });

  it('excludes only with a reason', () => {
    expect(outcome('riskExclusion', 'excluded', { ...complete, reason: null })).toBe('rules.recruitment.reasonRequired');
    expect(outcome('pending', 'excluded', { ...complete, reason: null })).toBe('rules.recruitment.reasonRequired');
  });
});

describe('withdrawal', () => {
  it.each(['pending', 'accepted', 'riskExclusion'] as const)('from %s needs a drop-off date', (from) => {
    expect(outcome(from, 'withdrawn', { ...complete, dropOffDate: null })).toBe('rules.recruitment.dropOffDateRequired');
  });
});

describe('exclusionFindings', () => {
  it('lists every criterion that applies, in key order', () => {
    expect(exclusionFindings({ dexterity: 5, moca: 12, birthDatePresent: false })).toEqual([
      { code: 'UPDATE.Message_114', params: { dexterity: 5, max: 4 } },
      { code: 'UPDATE.Message_116', params: { moca: 12, min: 18 } },
      { code: 'UPDATE.Message_117' },
    ]);
    expect(exclusionFindings({ dexterity: null, moca: null, birthDatePresent: true }).map((f) => f.code)).toEqual([
      'UPDATE.Message_113', 'UPDATE.Message_115',
    ]);
  });

  it('is empty for an eligible patient', () => {
    expect(exclusionFindings(complete)).toEqual([]);
  });
});

describe('allowedTransitions', () => {
  it('offers only the statuses the facts allow', () => {
    expect(allowedTransitions('pending', complete)).toEqual(['accepted', 'excluded', 'withdrawn']);
    expect(allowedTransitions('pending', { ...complete, moca: 12 })).toEqual(['riskExclusion', 'excluded', 'withdrawn']);
    expect(allowedTransitions('completed', complete)).toEqual([]);
  });
});

describe('status codes', () => {
  it('follow SPEC §9 both ways', () => {
    RECRUITMENT_STATUSES.forEach((status, code) => {
      expect(recruitmentStatusCode(status)).toBe(code);
      expect(recruitmentStatusFromCode(code)).toBe(status);
    });
    expect(recruitmentStatusFromCode(6)).toBeNull();
  });
});

describe('recruitmentFactsSchema', () => {
  it('rejects a drop-off date that is not a calendar date, and impossible scores', () => {
    expect(recruitmentFactsSchema.safeParse({ ...complete, dropOffDate: '01/05/2024' }).success).toBe(false);
    expect(recruitmentFactsSchema.safeParse({ ...complete, dexterity: 7 }).success).toBe(false);
    expect(recruitmentFactsSchema.safeParse({ ...complete, moca: 31 }).success).toBe(false);
    expect(recruitmentFactsSchema.safeParse(complete).success).toBe(true);
  });
});
