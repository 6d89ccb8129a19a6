import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadTimeoutError, withChunkTimeout } from './lazy-screen.ts';

afterEach(() => vi.useRealTimers());

describe('withChunkTimeout', () => {
  it('fails a chunk that has not loaded after 120 s', async () => {
    vi.useFakeTimers();
    const load = withChunkTimeout(() => new Promise<never>(() => undefined));
    const result = load().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBeInstanceOf(ChunkLoadTimeoutError);
  });

  it('passes a chunk that loads in time through', async () => {
    await expect(withChunkTimeout(async () => 'module')()).resolves.toBe('module');
  });
});
