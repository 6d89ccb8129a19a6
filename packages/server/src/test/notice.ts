import { expect } from 'vitest';

/**
 * What another process hears through LISTEN/NOTIFY arrives after the change's commit, milliseconds
 * later on a quiet machine, later on a busy one: a check on another process waits for it this long at
 * most. The caches it invalidates keep an entry for 5 s (auth/account-state.ts TTL_MS), so a process
 * that did not hear the notice still fails the check.
 */
export const NOTICE_WAIT_MS = 2_000;

/** Expects what `read` gives to become the expected value once the notice has arrived. */
export const onceNoticed = <T>(read: () => Promise<T>, message?: string) =>
  expect.poll(read, { timeout: NOTICE_WAIT_MS, interval: 20, message });
