import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawWhenNear } from './draw-queue.ts';

/** A stand-in IntersectionObserver whose callbacks the test fires. */
class FakeObserver {
  static all: FakeObserver[] = [];
  constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) { FakeObserver.all.push(this); }
  observe() {}
  disconnect() {}
  enter() { this.callback([{ isIntersecting: true }]); }
}

afterEach(() => { vi.useRealTimers(); vi.unstubAllGlobals(); FakeObserver.all = []; });

describe('charts drawn when near the viewport, one per task', () => {
  it('draws nothing until the chart comes near, then one chart per task', () => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const drawn: string[] = [];
    for (const name of ['a', 'b', 'c']) drawWhenNear(document.createElement('div'), () => drawn.push(name));
    vi.runAllTimers();
    expect(drawn).toEqual([]);
    FakeObserver.all[0].enter();
    FakeObserver.all[2].enter();
    vi.advanceTimersToNextTimer();
    expect(drawn).toEqual(['a']);
    vi.advanceTimersToNextTimer();
    expect(drawn).toEqual(['a', 'c']);
    vi.runAllTimers();
    expect(drawn).toEqual(['a', 'c']);
  });

  it('does not draw a chart unmounted before its turn', () => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const draw = vi.fn();
    const cancel = drawWhenNear(document.createElement('div'), draw);
    FakeObserver.all[0].enter();
    cancel();
    vi.runAllTimers();
    expect(draw).not.toHaveBeenCalled();
  });
});
