import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstIdle, afterNetworkQuiet } from './after-first-idle.ts';

afterEach(() => { vi.restoreAllMocks(); vi.unstubAllGlobals(); });

describe('afterFirstIdle', () => {
  it('waits for the load event while the page is still loading, then for the first idle moment', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const task = vi.fn();
    afterFirstIdle(task);
    expect(idle).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    expect(task).not.toHaveBeenCalled();
    idle.forEach((cb) => cb());
    expect(task).toHaveBeenCalledOnce();
  });

  it('runs nothing once cancelled', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const task = vi.fn();
    const cancel = afterFirstIdle(task);
    cancel();
    idle.forEach((cb) => cb());
    expect(task).not.toHaveBeenCalled();
  });
});

describe('afterNetworkQuiet', () => {
  it('waits, after the first idle moment, until no download has ended for the quiet period', () => {
    vi.useFakeTimers();
    try {
      const idle: (() => void)[] = [];
      vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
      let report: (() => void) | undefined;
      vi.stubGlobal('PerformanceObserver', class { constructor(cb: () => void) { report = cb; } observe() {} disconnect() {} });
      const task = vi.fn();
      afterNetworkQuiet(task, 2_000);
      vi.advanceTimersByTime(5_000);
      expect(task).not.toHaveBeenCalled();
      idle.forEach((cb) => cb());
      vi.advanceTimersByTime(1_500);
      report!();
      vi.advanceTimersByTime(1_500);
      expect(task).not.toHaveBeenCalled();
      vi.advanceTimersByTime(500);
      expect(task).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
