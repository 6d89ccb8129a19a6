import { useCallback, useEffect, useRef, useState } from 'react';

/** How often a running stopwatch's display is refreshed. */
const TICK_MS = 100;

/**
 * A stopwatch on the monotonic clock (performance.now, which a change of the device's time does
 * not move): Start runs or resumes it, Stop pauses it and gives the time measured, Reset zeroes it.
 */
export function useStopwatch() {
  const startedAt = useRef<number | null>(null);
  const before = useRef(0);
  const [elapsedMs, setElapsedMs] = useState(0);
  const [running, setRunning] = useState(false);

  const now = () => before.current + (startedAt.current === null ? 0 : performance.now() - startedAt.current);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setElapsedMs(now()), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);

  const start = useCallback(() => {
    if (startedAt.current !== null) return;
    startedAt.current = performance.now();
    setRunning(true);
  }, []);

  const stop = useCallback((): number => {
    const total = now();
    before.current = total;
    startedAt.current = null;
    setRunning(false);
    setElapsedMs(total);
    return total;
  }, []);

  const reset = useCallback(() => {
    before.current = 0;
    startedAt.current = null;
    setRunning(false);
    setElapsedMs(0);
  }, []);

  return { elapsedMs, running, start, stop, reset };
}
