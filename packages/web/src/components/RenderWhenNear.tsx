import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { showWhenNear } from '../lib/render-when-near.ts';

/**
 * Renders its children once they come near the viewport, or once the page has settled
 * (lib/render-when-near.ts); until then an empty block of `minHeight` keeps their place, so that the
 * page's length and what follows stay about where they will be, and says it is busy (what is to come
 * is not there yet: a check of the whole page waits for it). Where the browser cannot tell what
 * is near the viewport (no IntersectionObserver), they render at once.
 */
export function RenderWhenNear({ minHeight, children }: { minHeight: number; children: ReactNode }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (shown || !placeholder.current) return;
    return showWhenNear(placeholder.current, () => startTransition(() => setShown(true)));
  }, [shown]);
  return shown ? children : <div ref={placeholder} aria-busy="true" style={{ minHeight }} />;
}
