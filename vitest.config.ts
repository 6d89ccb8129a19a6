import { defineConfig } from 'vitest/config';

const serverTests = ['packages/server/src/**/*.test.ts'];
const serverProject = (name: string, db: 'pglite' | 'pg') => ({
  test: {
    name,
    include: serverTests,
    globalSetup: ['packages/server/src/test/global-setup.ts'],
    env: { GERIA_TEST_DB: db },
    testTimeout: 30_000,
    // Server test files share a worker's modules: each one builds its own app on its own database
    // copy, and importing the app once per file was half of their time. State kept across files is
    // keyed so that copies of one database cannot see each other's (auth/account-state.ts).
    isolate: false,
    hookTimeout: 60_000,
  },
});

// Server tests run on embedded PGlite and, when TEST_DATABASE_URL is set, again on PostgreSQL.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      { test: { name: 'web-build', include: ['packages/web/build/**/*.test.ts'] } },
      serverProject('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', 'pg')] : []),
      {
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['packages/web/src/test/jsdom-setup.ts'],
          // A questionnaire walked screen by screen in jsdom takes 2-5 s when the server tests share
          // the two cores; the default 5 s made it fail on time alone.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
