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
    for (const name of ['a', 'b', 'c']) drawWhenNear(document.createElement('div'), () => { drawn.push(name); });
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

  it('runs the step a draw leaves in the next task, before the next chart', () => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const drawn: string[] = [];
    drawWhenNear(document.createElement('div'), () => { drawn.push('a: instance'); return () => { drawn.push('a: option'); }; });
    drawWhenNear(document.createElement('div'), () => { drawn.push('b'); });
    FakeObserver.all[0].enter();
    FakeObserver.all[1].enter();
    vi.advanceTimersToNextTimer();
    expect(drawn).toEqual(['a: instance']);
    vi.advanceTimersToNextTimer();
    expect(drawn).toEqual(['a: instance', 'a: option']);
    vi.advanceTimersToNextTimer();
    expect(drawn).toEqual(['a: instance', 'a: option', 'b']);
  });

  it('does not run the second step of a chart unmounted in between', () => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const option = vi.fn();
    const cancel = drawWhenNear(document.createElement('div'), () => option);
    FakeObserver.all[0].enter();
    vi.advanceTimersToNextTimer();
    cancel();
    vi.runAllTimers();
    expect(option).not.toHaveBeenCalled();
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
