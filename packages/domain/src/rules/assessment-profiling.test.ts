import { describe, expect, it } from 'vitest';
import { tabStatusesFromProfiling } from './assessment-gating.ts';
import {
  PROFILING_QUESTIONNAIRE, profilingBooleans, profilingFromResponseItems, profilingInputSchema, profilingResponseItems,
} from './assessment-profiling.ts';

const profiling = profilingInputSchema.parse({
  hearingLoss: true, cardiovascular: false, frailty: true, cognitive: false, mental: false, balance: true,
});

describe('profiling', () => {
  it('defaults the optional seventh boolean, back pain, to off', () => {
    expect(profiling.backPain).toBe(false);
  });

  it('refuses a profiling without one of the six required booleans', () => {
    expect(profilingInputSchema.safeParse({ hearingLoss: true }).success).toBe(false);
  });

  it('gives the booleans in tab-status order', () => {
    expect(tabStatusesFromProfiling(profilingBooleans(profiling))).toMatchObject({
      hearing_loss_tab_status: true, cardiovascular_tab_status: false, frailty_tab_status: true, balance_disorders_tab_status: true,
      back_pain_tab_status: false,
    });
  });

  it('round-trips through QuestionnaireResponse items', () => {
    expect(profilingFromResponseItems(profilingResponseItems(profiling))).toEqual(profiling);
  });

  it('reads an incomplete response as no profiling', () => {
    expect(profilingFromResponseItems(profilingResponseItems(profiling).slice(1))).toBeNull();
  });

  it('has its own questionnaire URL', () => {
    expect(PROFILING_QUESTIONNAIRE).toBe('https://geria.example.org/fhir/Questionnaire/profiling');
  });
});
