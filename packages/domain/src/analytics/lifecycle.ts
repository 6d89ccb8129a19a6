/** SPEC §4 "Analytics run": the states of a run and which action moves it where. */
export const RUN_STATES = ['Queued', 'Running', 'Completed', 'Stopped', 'Interrupted', 'Failed'] as const;
export type RunState = (typeof RUN_STATES)[number];

export const RUN_ACTIONS = ['stop', 'interrupt', 'restart', 'reset'] as const;
export type RunAction = (typeof RUN_ACTIONS)[number];

/** Terminal states: the job no longer holds a worker. */
export const FINISHED_STATES: readonly RunState[] = ['Completed', 'Stopped', 'Interrupted', 'Failed'];

/**
 * The state an action leads to, or null when the action is not allowed from `state`.
 * stop: the user ends a queued or running job for good; interrupt: it ends a running job that may be
 * restarted (a server restart interrupts too); restart re-queues a finished run; reset clears the
 * results of a finished run and puts it back to Queued only when restarted, so it ends Stopped without results.
 */
export function nextRunState(state: RunState, action: RunAction): RunState | null {
  switch (action) {
    case 'stop': return state === 'Queued' || state === 'Running' ? 'Stopped' : null;
    case 'interrupt': return state === 'Running' || state === 'Queued' ? 'Interrupted' : null;
    case 'restart': return FINISHED_STATES.includes(state) ? 'Queued' : null;
    case 'reset': return FINISHED_STATES.includes(state) ? 'Stopped' : null;
  }
}

/** A run may be deleted unless a worker holds it (stop it first). */
export const canDeleteRun = (state: RunState) => state !== 'Running';
