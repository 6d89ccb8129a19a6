import { SCRIPT_CHUNK_LOAD_TIMEOUT_MS } from '@geria/domain';
import { lazy, type ComponentType } from 'react';
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

export type LazyScreen = ComponentType<ScreenProps>;

/** A lazily loaded screen, picked from its module by name. */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType<ScreenProps>): LazyScreen {
  return lazy(withChunkTimeout(() => load().then((module) => ({ default: pick(module) }))));
}
