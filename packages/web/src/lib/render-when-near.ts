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
    const [next] = waiting;
    if (!next) return;
    waiting.delete(next);
    next();
    if (waiting.size) showNextWhenIdle();
  });
}

function waitForQuiet() {
  quietWait ??= afterNetworkQuiet(() => { quietWait = undefined; showNextWhenIdle(); });
}

/** Calls `show` once, when `element` comes near the viewport or after the page has settled; returns a cancel. */
export function showWhenNear(element: Element, show: () => void): () => void {
  let done = false;
  const run = () => { if (!done) { done = true; observer.disconnect(); waiting.delete(run); show(); } };
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) run();
  }, { rootMargin: '50% 0px' });
  observer.observe(element);
  waiting.add(run);
  waitForQuiet();
  return () => {
    done = true;
    observer.disconnect();
    waiting.delete(run);
    if (!waiting.size) { quietWait?.(); quietWait = undefined; }
  };
}
