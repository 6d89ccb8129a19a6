import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScreenProps } from '../../lib/screen.ts';
import { ChunkLoadTimeoutError, lazyScreen, withChunkTimeout } from './lazy-screen.ts';

afterEach(() => { vi.useRealTimers(); cleanup(); });

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

describe('lazyScreen', () => {
  const module = { Page: (_: ScreenProps) => <p>the page</p> };
  const props = {} as ScreenProps;
  const mount = (Screen: ReturnType<typeof lazyScreen>) => render(<Suspense fallback={<p>loading</p>}><Screen {...props} /></Suspense>);

  it('renders a screen whose module is loaded at once: the first paint is the page, not a spinner', async () => {
    const Screen = lazyScreen(async () => module, (m) => m.Page);
    await Screen.load();
    mount(Screen);
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('suspends a screen mounted before its module is in, then shows it', async () => {
    const Screen = lazyScreen(async () => module, (m) => m.Page);
    mount(Screen);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => undefined);
    expect(await screen.findByText('the page')).toBeTruthy();
  });
});
