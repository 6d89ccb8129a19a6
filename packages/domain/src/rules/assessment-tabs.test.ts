import { describe, expect, it } from 'vitest';
import { getInstrument } from '../instruments/registry.ts';
import { tabStatusesFromProfiling } from './assessment-gating.ts';
import { ASSESSMENT_TABS, TAB_INSTRUMENTS, tabCompletion, tabOpen } from './assessment-tabs.ts';

const none = tabStatusesFromProfiling([]);

describe('assessment tabs', () => {
  it('lists only instruments of the catalogue', () => {
    for (const tab of ASSESSMENT_TABS) for (const id of TAB_INSTRUMENTS[tab]) expect(getInstrument(id), id).toBeDefined();
  });

  it('opens General always and a condition tab only when its status is on', () => {
    expect(tabOpen('general', none, null)).toBe(true);
    expect(tabOpen('frailty', none, null)).toBe(false);
    expect(tabOpen('frailty', tabStatusesFromProfiling([false, false, true, false, false, false]), null)).toBe(true);
  });

  it('opens the cognitive tab when the MoCA is below 26, whatever the profiling', () => {
    expect(tabOpen('cognitive_disorders', none, 25)).toBe(true);
    expect(tabOpen('cognitive_disorders', none, 26)).toBe(false);
    expect(tabOpen('cognitive_disorders', none, null)).toBe(false);
  });

  it('counts the answered questionnaires of a tab', () => {
    expect(tabCompletion('frailty', new Set(['efs', 'moca']))).toEqual({ answered: 1, total: 1 });
    expect(tabCompletion('balance_disorders', new Set(['abc']))).toEqual({ answered: 1, total: 6 });
    expect(tabCompletion('cardiovascular', new Set())).toEqual({ answered: 0, total: 0 });
  });
});
