import { describe, expect, it } from 'vitest';
import { canDeleteRun, nextRunState, RUN_ACTIONS, RUN_STATES, type RunAction, type RunState } from './lifecycle.ts';

const expected: Record<RunState, Record<RunAction, RunState | null>> = {
  Queued: { stop: 'Stopped', interrupt: 'Interrupted', restart: null, reset: null },
  Running: { stop: 'Stopped', interrupt: 'Interrupted', restart: null, reset: null },
  Completed: { stop: null, interrupt: null, restart: 'Queued', reset: 'Stopped' },
  Stopped: { stop: null, interrupt: null, restart: 'Queued', reset: 'Stopped' },
  Interrupted: { stop: null, interrupt: null, restart: 'Queued', reset: 'Stopped' },
  Failed: { stop: null, interrupt: null, restart: 'Queued', reset: 'Stopped' },
};

describe('run lifecycle', () => {
  for (const state of RUN_STATES) {
    for (const action of RUN_ACTIONS) {
      it(`${action} from ${state} → ${expected[state][action] ?? 'refused'}`, () => {
        expect(nextRunState(state, action)).toBe(expected[state][action]);
      });
    }
  }
  it('only a running job cannot be deleted', () => {
    expect(RUN_STATES.filter((s) => !canDeleteRun(s))).toEqual(['Running']);
  });
});
