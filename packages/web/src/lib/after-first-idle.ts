/**
 * Runs `task` once the page has loaded and the main thread is first idle (or after `timeoutMs`
 * at the latest), so that work nobody waits for — a live stream, a prefetch — neither competes with
 * the first screen's scripts and requests nor keeps the network busy while the page loads.
 * Returns a cancel function.
 */
export function afterFirstIdle(task: () => void, timeoutMs = 3_000): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(() => { if (!cancelled) task(); }, { timeout: timeoutMs });
    else timer = setTimeout(() => { if (!cancelled) task(); }, 0);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}

/**
 * Runs `task` after the first idle moment once no download has ended for `quietMs`: for a
 * connection that stays open (the inbox stream), so that the page's network goes quiet after
 * loading — what users' tools (Lighthouse, Playwright's "networkidle") wait for — before it opens.
 * Returns a cancel function.
 */
export function afterNetworkQuiet(task: () => void, quietMs = 2_000): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let observer: PerformanceObserver | undefined;
  const stop = () => { observer?.disconnect(); clearTimeout(timer); };
  const wait = () => { clearTimeout(timer); timer = setTimeout(() => { stop(); task(); }, quietMs); };
  const cancelIdle = afterFirstIdle(() => {
    if (typeof PerformanceObserver === 'function') {
      observer = new PerformanceObserver(wait);
      observer.observe({ type: 'resource' });
    }
    wait();
  });
  return () => { cancelIdle(); stop(); };
}
