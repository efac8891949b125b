import { defineConfig } from 'vitest/config';

// The API suite: on in-memory PGlite, or on PostgreSQL when DATABASE_URL is set (then *.pg.test.ts too).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/server/**/*.test.ts'],
    // One migrated database per run that every file's databases start from (tests/server/database.ts).
    globalSetup: ['tests/server/database.global.ts'],
    exclude: process.env.DATABASE_URL ? ['**/node_modules/**'] : ['**/node_modules/**', 'tests/server/**/*.pg.test.ts'],
    // No test depends on the machine's speed: the timeouts only end a hang (no file sets its own).
    testTimeout: 1_800_000,
    hookTimeout: 1_800_000,
    // On PGlite the files share nothing (each its own process and in-memory database; uploads under random names), so
    // every core runs them (vitest's default, cores - 1, is one worker on 2 cores). On PostgreSQL one at a time: its
    // suites race many connections and some create cluster-wide roles.
    fileParallelism: !process.env.DATABASE_URL,
    maxWorkers: process.env.DATABASE_URL ? 1 : '100%',
  },
});
