import { defineConfig } from '@playwright/test';

// E2E_PORT lets several checkouts run their end-to-end tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * End-to-end tests in Debian's Chromium against the real server on a fresh embedded database.
 * Access tokens live 70 s, so the SPA's renewal (under 60 s left, checked every 6 s) runs during the tests.
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://localhost:${PORT}`,
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
  webServer: {
    command: 'rm -rf .e2e-data && tsx packages/server/src/main.ts',
    url: `http://localhost:${PORT}/api/v1/health`,
    timeout: 120_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: '.e2e-data',
      PUBLIC_URL: `http://localhost:${PORT}`,
      ACCESS_TOKEN_TTL_SECONDS: '70',
      DEMO_PARTICIPANTS: '40',
      LOG_LEVEL: 'warn',
    },
  },
});
