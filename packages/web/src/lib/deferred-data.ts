import { useDeferredValue } from 'react';

/**
 * A query's data handed to the screen as a non-urgent update. TanStack Query delivers a result
 * through useSyncExternalStore, whose updates React renders synchronously: a screen built from the
 * data the moment it arrives is one long task (0.5 s on a mid-range phone for a patient record).
 * Through useDeferredValue the new data is rendered in a transition, which React splits into
 * slices of a few milliseconds, so a tap is answered meanwhile.
 *
 * The component reading the query still re-renders at once, with the previous data: pass `data`
 * and `isPending` to a memoised child so that this urgent pass stops there.
 * `isPending` is true until the deferred data is there (not while it merely lags behind the
 * query), so a card never shows "empty" between the arrival and its rendering.
 */
export function useDeferredData<T>(data: T | undefined, isError: boolean): { data: T | undefined; isPending: boolean } {
  const deferred = useDeferredValue(data);
  return { data: deferred, isPending: deferred === undefined && !isError };
}
