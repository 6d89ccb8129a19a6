/**
 * Charts are drawn one per task, and only once they come near the viewport. A screen of a dozen
 * charts otherwise draws them all in the one task that mounts it: on a phone's CPU that is a second
 * or more during which the page does not answer a tap (Lighthouse's total blocking time).
 */
const queue: (() => void)[] = [];
let scheduled = false;

function drain() {
  scheduled = false;
  queue.shift()?.();
  if (queue.length) schedule();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  setTimeout(drain, 0);
}

/** Runs `draw` in a task of its own once `element` is within a screen of the viewport; returns a cancel. */
export function drawWhenNear(element: Element, draw: () => void): () => void {
  let done = false;
  const run = () => { if (!done) { done = true; draw(); } };
  const enqueue = () => { queue.push(run); schedule(); };
  if (typeof IntersectionObserver === 'undefined') {
    enqueue();
    return () => { done = true; };
  }
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    observer.disconnect();
    enqueue();
  }, { rootMargin: '100% 0px' });
  observer.observe(element);
  return () => { done = true; observer.disconnect(); };
}
