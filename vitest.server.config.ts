import { defineConfig } from 'vitest/config';

/**
 * The API suite: on in-memory PGlite, or on PostgreSQL when DATABASE_URL is set (then *.pg.test.ts too).
 * SERVER_SUITE picks a part on PostgreSQL (scripts/test.mjs runs both, one after the other):
 * - `api`: the files that run on PGlite too, on every core: each has a database of its own (tests/server/database.ts);
 * - `races`: the *.pg.test.ts suites (concurrency, several API processes, cluster-wide roles), one at a time and alone:
 *   they race many connections and measure what a second process sees.
 * Unset: every file, one at a time.
 */
const pg = !!process.env.DATABASE_URL;
const suite = pg ? process.env.SERVER_SUITE : 'api';
const RACES = 'tests/server/**/*.pg.test.ts';
const parallel = suite === 'api';

export default defineConfig({
  test: {
    environment: 'node',
    include: [suite === 'races' ? RACES : 'tests/server/**/*.test.ts'],
    // One migrated database per run that every file's databases start from (tests/server/database.ts).
    globalSetup: ['tests/server/database.global.ts'],
    exclude: suite === 'api' ? ['**/node_modules/**', RACES] : ['**/node_modules/**'],
    // No test depends on the machine's speed: the timeouts only end a hang (no file sets its own).
    testTimeout: 1_800_000,
    hookTimeout: 1_800_000,
    // The files of `api` share nothing (each its own process and database; uploads under random names), so every core
    // runs them (vitest's default, cores - 1, is one worker on 2 cores).
    fileParallelism: parallel,
    // The files of `api` share each worker's module graph (the server's modules imported once per worker, not per
    // file: PostgreSQL 183 -> 132 s, PGlite 366 -> 199 s on 2 cores); each file builds its own app and database
    // (makeTestApp), and the suite passes in any file order (checked with --sequence.shuffle.files). The races stay
    // isolated: they measure what other processes see.
    isolate: !parallel,
    maxWorkers: parallel ? '100%' : 1,
  },
});
