import { test as base } from '@playwright/test';
import { serverUrl } from './servers.ts';

export * from '@playwright/test';

/** Playwright's test, whose pages and API requests go to the server of the worker running it. */
export const test = base.extend({
  baseURL: async ({}, use, testInfo) => { await use(serverUrl(testInfo.parallelIndex)); },
});
