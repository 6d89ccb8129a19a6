import { describe, expect, it } from 'vitest';
import {
  balanceResponseItems, balanceResult, balanceResultFromItems, checkBalanceSteps, type BalanceAssessmentInput,
} from './assessment-balance.ts';

const complete: BalanceAssessmentInput = {
  numberOfFalls: '0', hasFearOfFalling: false, hasMoreThanFourMedications: false, hasPsychoactiveDrugs: false,
  symptoms: { dizziness: true, unsteadiness: true }, shortFESScore: 9, rombergTestAbnormal: false, timedUpAndGoAbnormal: false,
};

describe('balance-disorder assessment', () => {
  it('needs the number of falls first, then an answer at every step', () => {
    expect(checkBalanceSteps(complete)).toEqual({ ok: true });
    expect(checkBalanceSteps({ ...complete, numberOfFalls: '' })).toMatchObject({ ok: false, code: 'rules.balance.fallsRequired' });
    expect(checkBalanceSteps({ ...complete, symptoms: null })).toMatchObject({ ok: false, code: 'rules.balance.answerRequired', params: { step: 5 } });
    expect(checkBalanceSteps({ ...complete, timedUpAndGoAbnormal: null })).toMatchObject({ ok: false, params: { step: 7 } });
  });

  it('counts the symptoms and finds no reason when every answer is below its threshold', () => {
    expect(balanceResult(complete)).toMatchObject({ eligible: false, reasons: [], inputs: { numberOfFalls: 0, numberOfBalanceDisorders: 2 } });
  });

  it('is eligible with the reasons that hold', () => {
    const result = balanceResult({ ...complete, numberOfFalls: 2, symptoms: { dizziness: true, unsteadiness: true, disorientation: true } });
    expect(result).toMatchObject({ eligible: true, reasons: ['falls', 'symptoms'] });
  });

  it('round-trips through QuestionnaireResponse items', () => {
    const result = balanceResult({ ...complete, hasPsychoactiveDrugs: true });
    expect(balanceResultFromItems(balanceResponseItems(result))).toEqual(result);
  });
});
