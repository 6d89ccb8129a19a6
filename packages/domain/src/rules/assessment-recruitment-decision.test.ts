import { describe, expect, it } from 'vitest';
import { exclusionRisks, planRecruitmentDecision } from './assessment-recruitment-decision.ts';
import { studyAlerts } from './study-alerts.ts';

const screened = { dexterity: 2, moca: 27, birthDatePresent: true };
const lowMoca = { ...screened, moca: 15 };
const withReason = (facts: typeof screened) => ({ ...facts, reason: 'Discussed with the family' });

describe('exclusion risks', () => {
  it('are the criteria met and the consider-excluding alerts, not the missing questionnaires', () => {
    expect(exclusionRisks({ dexterity: null, moca: null, birthDatePresent: false }, [])).toEqual([]);
    expect(exclusionRisks({ ...screened, dexterity: 5 }, []).map((r) => r.code)).toEqual(['UPDATE.Message_114']);
    expect(exclusionRisks(lowMoca, []).map((r) => r.code)).toEqual(['UPDATE.Message_116']);
    expect(exclusionRisks(screened, studyAlerts({ gds15: 13, moca: 20 })).map((r) => r.code)).toEqual(['rules.studyAlerts.gdsConsiderExcluding']);
  });
});

describe('recruitment decision plan', () => {
  it('is the single transition when the state machine allows it', () => {
    expect(planRecruitmentDecision('pending', 'accepted', screened, [])).toEqual({ ok: true, steps: ['accepted'] });
  });

  it('refuses acceptance with the exclusion criterion when there is no reason to keep the patient', () => {
    expect(planRecruitmentDecision('pending', 'accepted', lowMoca, exclusionRisks(lowMoca, []))).toMatchObject({ ok: false, code: 'UPDATE.Message_116' });
    expect(planRecruitmentDecision('pending', 'accepted', lowMoca, [])).toMatchObject({ ok: false, code: 'UPDATE.Message_116' });
  });

  it('keeps a pending patient at risk with a reason: through risk of exclusion to accepted', () => {
    const facts = withReason(lowMoca);
    expect(planRecruitmentDecision('pending', 'accepted', facts, exclusionRisks(facts, []))).toEqual({ ok: true, steps: ['riskExclusion', 'accepted'] });
  });

  it('records "don\'t exclude" of an accepted patient at risk without changing the status', () => {
    const risks = exclusionRisks(screened, studyAlerts({ iadl: 1 }));
    expect(planRecruitmentDecision('accepted', 'accepted', withReason(screened), risks)).toEqual({ ok: true, steps: [] });
    expect(planRecruitmentDecision('accepted', 'accepted', screened, risks)).toMatchObject({ ok: false, code: 'rules.recruitment.reasonRequired' });
  });

  it('excludes an accepted patient at risk through risk of exclusion', () => {
    const risks = exclusionRisks(screened, studyAlerts({ efs: 14 }));
    expect(planRecruitmentDecision('accepted', 'excluded', withReason(screened), risks)).toEqual({ ok: true, steps: ['riskExclusion', 'excluded'] });
    expect(planRecruitmentDecision('accepted', 'excluded', screened, risks)).toMatchObject({ ok: false, code: 'rules.recruitment.reasonRequired' });
  });

  it('leaves every other refusal to the state machine', () => {
    expect(planRecruitmentDecision('accepted', 'accepted', withReason(screened), [])).toMatchObject({ ok: false, code: 'rules.recruitment.sameStatus' });
    expect(planRecruitmentDecision('accepted', 'excluded', withReason(screened), [])).toMatchObject({ ok: false, code: 'rules.recruitment.transitionNotAllowed' });
    expect(planRecruitmentDecision('excluded', 'accepted', withReason(screened), [{ code: 'x' }])).toMatchObject({ ok: false, code: 'rules.recruitment.terminalStatus' });
  });
});
