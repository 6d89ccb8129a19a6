import { afterNetworkQuiet } from './after-first-idle.ts';

/**
 * The parts of a screen below the fold (the record's lower sections, the home page's lower cards)
 * render once they come within half a screen of the viewport: mounting them all with the screen was
 * most of a phone's main-thread work while the page loads (their components, styles, requests),
 * for content nobody sees before scrolling. Those still waiting render anyway once the page's
 * network has gone quiet, one per idle moment, so that find-in-page, assistive technologies and
 * printing get the whole page.
 */
const waiting = new Set<() => void>();
let quietWait: (() => void) | undefined;
let idleScheduled = false;

function requestIdle(task: () => void) {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task);
  else setTimeout(task, 0);
}

/** Shows the oldest waiting part, then the next in the next idle moment. */
function showNextWhenIdle() {
  if (idleScheduled) return;
  idleScheduled = true;
  requestIdle(() => {
    idleScheduled = false;
    // Showing a part takes it out of the waiting ones.
    const [next] = waiting;
    next?.();
    if (waiting.size) showNextWhenIdle();
  });
}

function waitForQuiet() {
  quietWait ??= afterNetworkQuiet(() => { quietWait = undefined; showNextWhenIdle(); });
}

/** No part waits any more: nothing to wait for the quiet for. */
function forget(part: () => void) {
  waiting.delete(part);
  if (!waiting.size) { quietWait?.(); quietWait = undefined; }
}

/** Calls `show` once, when `element` comes near the viewport or after the page has settled; returns a cancel. */
export function showWhenNear(element: Element, show: () => void): () => void {
  let done = false;
  const run = () => { if (!done) { done = true; observer.disconnect(); forget(run); show(); } };
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) run();
  }, { rootMargin: '50% 0px' });
  observer.observe(element);
  waiting.add(run);
  waitForQuiet();
  return () => {
    done = true;
    observer.disconnect();
    forget(run);
  };
}
