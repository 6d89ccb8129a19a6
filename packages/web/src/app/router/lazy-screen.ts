import { SCRIPT_CHUNK_LOAD_TIMEOUT_MS } from '@geria/domain';
import { createElement, lazy, useState, type ComponentType } from 'react';
import type { ScreenProps } from '../../lib/screen.ts';

/** A screen's script did not arrive in time (SPEC §8: script chunk load time-out). */
export class ChunkLoadTimeoutError extends Error {
  override readonly name = 'ChunkLoadTimeoutError';
}

/** Rejects the load when it takes longer than 120 s, so the screen shows an error instead of a spinner forever. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = SCRIPT_CHUNK_LOAD_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(`Chunk not loaded after ${timeoutMs} ms`)), timeoutMs);
      load().then(resolve, reject).finally(() => clearTimeout(timer));
    });
}

export type LazyScreen = ComponentType<ScreenProps> & {
  /** Loads the screen's module; a screen mounted after that renders at once, without suspending. */
  load(): Promise<void>;
};

/**
 * A lazily loaded screen, picked from its module by name. Once its module is in (`load()`, or a first
 * mount), it renders directly: the app's first render waits for the current route's screen, so that
 * the first paint is the page, not a spinner followed by the page.
 */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType<ScreenProps>): LazyScreen {
  let loaded: ComponentType<ScreenProps> | undefined;
  const loadModule = withChunkTimeout(() => load().then((module) => { loaded = pick(module); return { default: loaded }; }));
  const Lazy = lazy(loadModule);
  const Screen = (props: ScreenProps) => {
    // Chosen once per mount: switching from the lazy component to the loaded one would mount the screen again.
    const [Component] = useState(() => loaded ?? Lazy);
    return createElement(Component, props);
  };
  return Object.assign(Screen, { load: () => loadModule().then(() => undefined) });
}
