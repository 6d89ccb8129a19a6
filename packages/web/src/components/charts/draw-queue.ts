/**
 * Charts are drawn one per task, and only once they come near the viewport. A screen of a dozen
 * charts otherwise draws them all in the one task that mounts it: on a phone's CPU that is a second
 * or more during which the page does not answer a tap (Lighthouse's total blocking time). A draw
 * may leave a second step (the chart's option after its instance) for a task of its own, next.
 */
const queue: Step[] = [];
let scheduled = false;

/** A chart's drawing, or one step of it that leaves the next. */
type Step = () => Step | void;

function drain() {
  scheduled = false;
  const next = queue.shift()?.();
  if (next) queue.unshift(next);
  if (queue.length) schedule();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  setTimeout(drain, 0);
}

/**
 * Runs `draw` in a task of its own once `element` is within a screen of the viewport, and the step
 * it returns, if any, in the next task; returns a cancel.
 */
export function drawWhenNear(element: Element, draw: () => (() => void) | void): () => void {
  let done = false;
  let cancelled = false;
  const run = (): Step | void => {
    if (done) return;
    done = true;
    const then = draw();
    if (then) return () => { if (!cancelled) then(); };
  };
  const enqueue = () => { queue.push(run); schedule(); };
  if (typeof IntersectionObserver === 'undefined') {
    enqueue();
    return () => { done = true; cancelled = true; };
  }
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    observer.disconnect();
    enqueue();
  }, { rootMargin: '100% 0px' });
  observer.observe(element);
  return () => { done = true; cancelled = true; observer.disconnect(); };
}
