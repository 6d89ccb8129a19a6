import { Children, startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Mounts its children one after the other, each in a commit of its own: the next one is a
 * transition started once the previous one is on screen. A dozen record sections mounted together
 * were one commit of a few hundred ms on a phone (their DOM, styles and requests), which React
 * cannot split as it splits rendering.
 */
export function Staggered({ children }: { children: ReactNode }) {
  const items = Children.toArray(children);
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown < items.length) startTransition(() => setShown((count) => count + 1));
  }, [shown, items.length]);
  return <>{items.slice(0, shown)}</>;
}
