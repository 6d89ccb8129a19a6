import { defineConfig } from '@playwright/test';
import { E2E_PORT, E2E_WORKERS, serverUrl } from './e2e/servers.ts';

// E2E_PORT lets several checkouts run their end-to-end tests side by side (each uses E2E_WORKERS ports
// from it). Spec files take `test` from e2e/test.ts, which points each worker at its own server.

/**
 * End-to-end tests in Debian's Chromium against the real server on a fresh embedded database.
 * Access tokens live 70 s, so the SPA's renewal (under 60 s left, checked every 6 s) runs during the tests.
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: serverUrl(0),
    locale: 'en-GB',
    // Recording a trace cost a fifth of the run's time, passing tests included; the retry of a failed
    // test records one instead (locally, `--trace retain-on-failure` keeps one of every failure).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => ({
    command: `rm -rf .e2e-data/${index} && mkdir -p .e2e-data && tsx packages/server/src/main.ts`,
    url: `${serverUrl(index)}/api/v1/health`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe' as const,
    env: {
      PORT: String(E2E_PORT + index),
      DATA_DIR: `.e2e-data/${index}`,
      PUBLIC_URL: serverUrl(index),
      ACCESS_TOKEN_TTL_SECONDS: '70',
      DEMO_PARTICIPANTS: '40',
      LOG_LEVEL: 'warn',
    },
  })),
});
