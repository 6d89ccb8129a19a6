import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RenderWhenNear } from './RenderWhenNear.tsx';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); vi.useRealTimers(); });

/** An IntersectionObserver the test drives: `near()` reports every observed element as intersecting. */
function stubIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
  vi.stubGlobal('IntersectionObserver', class {
    private readonly entry: { callback: IntersectionObserverCallback; elements: Element[] };
    constructor(callback: IntersectionObserverCallback) { this.entry = { callback, elements: [] }; observers.push(this.entry); }
    observe(element: Element) { this.entry.elements.push(element); }
    disconnect() { this.entry.elements = []; }
  });
  return {
    near: () => act(() => {
      for (const o of observers) o.callback(o.elements.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry), {} as IntersectionObserver);
    }),
  };
}

describe('RenderWhenNear', () => {
  it('keeps the place of its children until they come near the viewport, then renders them', async () => {
    const viewport = stubIntersectionObserver();
    const { container } = render(<RenderWhenNear minHeight={200}><p>section</p></RenderWhenNear>);
    expect(screen.queryByText('section')).toBeNull();
    expect((container.firstChild as HTMLElement).style.minHeight).toBe('200px');
    expect((container.firstChild as HTMLElement).getAttribute('aria-busy')).toBe('true');
    viewport.near();
    expect(await screen.findByText('section')).toBeTruthy();
  });

  it('renders children still off screen once the page\'s network has been quiet, one per idle moment', async () => {
    vi.useFakeTimers();
    stubIntersectionObserver();
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
    vi.stubGlobal('PerformanceObserver', class { observe() {} disconnect() {} });
    render(<><RenderWhenNear minHeight={200}><p>first</p></RenderWhenNear><RenderWhenNear minHeight={200}><p>second</p></RenderWhenNear></>);
    const runIdle = () => act(() => { idle.splice(0).forEach((cb) => cb()); });
    runIdle(); // the first idle moment after the load
    await act(() => vi.advanceTimersByTimeAsync(2_000)); // no download for the quiet period
    expect(screen.queryByText('first')).toBeNull();
    runIdle();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('first')).toBeTruthy();
    expect(screen.queryByText('second')).toBeNull();
    runIdle();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('second')).toBeTruthy();
  });

  it('renders its children at once where the browser cannot tell what is near the viewport', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<RenderWhenNear minHeight={200}><p>section</p></RenderWhenNear>);
    expect(screen.getByText('section')).toBeTruthy();
  });
});
