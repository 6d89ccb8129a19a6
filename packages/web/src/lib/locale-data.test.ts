import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadLocaleData } from './format.ts';

/** A stand-in for the browser's Worker: records how it was started and whether it was closed. */
class FakeWorker {
  static started: FakeWorker[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  terminate = vi.fn();
  constructor(readonly url: URL | string, readonly options?: WorkerOptions) {
    FakeWorker.started.push(this);
  }
}

/** Counts the formatters of a kind built from now on (they are still real ones). */
function countBuilt(kind: 'DateTimeFormat' | 'NumberFormat') {
  const Original = Intl[kind] as unknown as new (...args: unknown[]) => object;
  return vi.spyOn(Intl, kind).mockImplementation(function (...args: unknown[]) {
    return new Original(...args);
  } as never);
}

describe('loading the browser\'s date and number data', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
    FakeWorker.started = [];
  });

  it('happens in a module worker, off the main thread, which is closed once it has built its formatters', () => {
    vi.stubGlobal('Worker', FakeWorker);
    vi.useFakeTimers();
    const dates = countBuilt('DateTimeFormat');
    loadLocaleData();
    expect(FakeWorker.started).toHaveLength(1);
    const [worker] = FakeWorker.started;
    expect(String(worker!.url)).toMatch(/\/lib\/locale-data\.worker\.ts\b/);
    expect(worker!.options).toEqual({ type: 'module' });
    // Nothing is left for the main thread to do.
    expect(vi.getTimerCount()).toBe(0);
    worker!.onmessage?.(new MessageEvent('message', { data: 'ready' }));
    expect(worker!.terminate).toHaveBeenCalledOnce();
    vi.runAllTimers();
    expect(dates).not.toHaveBeenCalled();
  });

  it('falls back to a task of its own on the main thread when the worker cannot run', () => {
    vi.stubGlobal('Worker', FakeWorker);
    vi.useFakeTimers();
    const dates = countBuilt('DateTimeFormat');
    const numbers = countBuilt('NumberFormat');
    loadLocaleData();
    const [worker] = FakeWorker.started;
    worker!.onerror?.(new Event('error'));
    expect(worker!.terminate).toHaveBeenCalledOnce();
    // Not in the caller's task: in one of its own.
    expect(dates).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(dates).toHaveBeenCalledOnce();
    expect(numbers).toHaveBeenCalledOnce();
  });

  it.each([
    ['where there are no workers', undefined],
    ['where a worker cannot even be created', class { constructor() { throw new DOMException('Workers are not allowed', 'SecurityError'); } }],
  ])('happens on the main thread, in a task of its own, %s', (_, worker) => {
    vi.stubGlobal('Worker', worker);
    vi.useFakeTimers();
    const dates = countBuilt('DateTimeFormat');
    expect(() => loadLocaleData()).not.toThrow();
    expect(dates).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(dates).toHaveBeenCalledOnce();
  });

  it('the worker builds a date and a number formatter, then says it is ready', async () => {
    const said: unknown[] = [];
    const dates = countBuilt('DateTimeFormat');
    const numbers = countBuilt('NumberFormat');
    vi.stubGlobal('postMessage', (message: unknown) => said.push({ message, dates: dates.mock.calls.length, numbers: numbers.mock.calls.length }));
    await import('./locale-data.worker.ts');
    expect(said).toEqual([{ message: 'ready', dates: 1, numbers: 1 }]);
  });
});
