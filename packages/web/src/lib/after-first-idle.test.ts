import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstIdle } from './after-first-idle.ts';

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
