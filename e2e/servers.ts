/**
 * The end-to-end suite runs E2E_WORKERS Playwright workers, each against a server of its own on a
 * database of its own (port E2E_PORT + the worker's parallel index): tests that change the demo study
 * never see another worker's changes, and the two cores overlap one test's waits with another's work.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
export const serverUrl = (parallelIndex: number) => `http://localhost:${E2E_PORT + parallelIndex}`;
