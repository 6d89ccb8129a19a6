/**
 * What jsdom lacks and the app's components use. Charts watch their container's size with a
 * ResizeObserver; a chart whose lazily loaded module arrived while a test was still running threw
 * "ResizeObserver is not defined" (BalanceSessions failed that way only when the machine was busy).
 */
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

if (!('ResizeObserver' in globalThis)) Object.assign(globalThis, { ResizeObserver: NoResizeObserver });
