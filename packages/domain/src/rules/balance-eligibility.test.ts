import { describe, expect, it } from 'vitest';
import {
  BALANCE_REASONS, BALANCE_STEPS, BALANCE_SYMPTOMS, balanceEligibility, canAdvance, countBalanceSymptoms, emptyBalanceInputs,
  parseFallsCount, type BalanceAnswers, type BalanceInputs,
} from './balance-eligibility.ts';

/** Answers that give no reason at all. */
const none: BalanceInputs = {
  numberOfFalls: 0, hasFearOfFalling: false, hasMoreThanFourMedications: false, hasPsychoactiveDrugs: false,
  numberOfBalanceDisorders: 2, shortFESScore: 10, rombergTestAbnormal: false, timedUpAndGoAbnormal: false,
};

describe('balanceEligibility', () => {
  it('is not eligible when no reason holds, including every limit itself', () => {
    expect(balanceEligibility(none)).toEqual({ eligible: false, reasons: [] });
  });

  it.each([
    ['falls', { numberOfFalls: 1 }],
    ['fearOfFalling', { hasFearOfFalling: true }],
    ['polypharmacy', { hasMoreThanFourMedications: true }],
    ['psychoactiveDrugs', { hasPsychoactiveDrugs: true }],
    ['symptoms', { numberOfBalanceDisorders: 3 }],
    ['shortFesI', { shortFESScore: 11 }],
    ['romberg', { rombergTestAbnormal: true }],
    ['timedUpAndGo', { timedUpAndGoAbnormal: true }],
  ] as const)('%s alone makes the patient eligible', (reason, change) => {
    expect(balanceEligibility({ ...none, ...change })).toEqual({ eligible: true, reasons: [reason] });
  });

  it('reports every reason that holds', () => {
    const all = { numberOfFalls: 4, hasFearOfFalling: true, hasMoreThanFourMedications: true, hasPsychoactiveDrugs: true,
      numberOfBalanceDisorders: 8, shortFESScore: 28, rombergTestAbnormal: true, timedUpAndGoAbnormal: true };
    expect(balanceEligibility(all).reasons).toEqual([...BALANCE_REASONS]);
  });

  it('finds no reason in unanswered inputs', () => {
    expect(balanceEligibility(emptyBalanceInputs())).toEqual({ eligible: false, reasons: [] });
  });
});

describe('countBalanceSymptoms', () => {
  it('counts the eight symptoms that are ticked', () => {
    expect(countBalanceSymptoms({})).toBe(0);
    expect(countBalanceSymptoms({ dizziness: true, unsteadiness: true, disorientation: false })).toBe(2);
    expect(countBalanceSymptoms(Object.fromEntries(BALANCE_SYMPTOMS.map((s) => [s, true])))).toBe(8);
  });
});

describe('step gating', () => {
  it.each([
    [0, true], [1, true], [12, true], ['3', true], [' 2 ', true], ['', false], ['  ', false], [null, false], [undefined, false],
    [-1, false], [1.5, false], ['two', false], ['1.5', false],
  ])('step 1 with falls %o → %s', (numberOfFalls, ok) => {
    expect(canAdvance(1, { numberOfFalls: numberOfFalls as BalanceAnswers['numberOfFalls'] }).ok).toBe(ok);
  });

  it('step 1 explains what is missing', () => {
    expect(canAdvance(1, {})).toEqual({ ok: false, code: 'rules.balance.fallsRequired' });
  });

  const laterSteps = [2, 3, 4, 5, 6, 7] as const;
  it.each(laterSteps)('step %i needs each of its answers, false and 0 included', (step) => {
    const fields = BALANCE_STEPS[step];
    const answered = Object.fromEntries(fields.map((field) => [field, field === 'numberOfBalanceDisorders' ? 0 : field === 'shortFESScore' ? 7 : false]));
    expect(canAdvance(step, answered)).toEqual({ ok: true });
    for (const field of fields)
      expect(canAdvance(step, { ...answered, [field]: null })).toEqual({ ok: false, code: 'rules.balance.answerRequired', params: { step } });
  });

  it('does not look at the answers of other steps', () => {
    expect(canAdvance(2, { hasFearOfFalling: true, numberOfFalls: null }).ok).toBe(true);
  });

  it.each([0, 8])('refuses unknown step %i', (step) => {
    expect(canAdvance(step, {})).toEqual({ ok: false, code: 'rules.balance.unknownStep', params: { step } });
  });

  it('parses the falls field text', () => {
    expect(parseFallsCount(' 07 ')).toBe(7);
    expect(parseFallsCount('')).toBeNull();
  });
});
