import { defineConfig } from 'vitest/config';

// End to end: the real API serving the built console (dist/), driven in Debian's Chromium.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    // The API's databases start from one migrated database per run, as in the API suite (tests/server/database.ts).
    globalSetup: ['tests/server/database.global.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    // expect.poll waits as a person does, for what the page is still loading: vitest's default (1 s) fails on a
    // loaded machine (CI shares its 2 cores with Chromium, the API and PostgreSQL)
    expect: { poll: { timeout: 30_000, interval: 100 } },
  },
});
