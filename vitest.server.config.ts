import { defineConfig } from 'vitest/config';

/**
 * The API suite: on in-memory PGlite, or on PostgreSQL when DATABASE_URL is set (then *.pg.test.ts too).
 * SERVER_SUITE picks a part (scripts/test.mjs runs the three, one after the other, when DATABASE_URL is set):
 * - `pglite` (DATABASE_URL empty): the API files on PGlite, but for the ones of PG_ONCE, which run in `api`;
 * - `api` (PostgreSQL): the API files on every core, but for the ones of PGLITE_ONCE, which run in `pglite`: each has
 *   a database of its own (tests/server/database.ts);
 * - `races` (PostgreSQL): the *.pg.test.ts suites (concurrency, several API processes, cluster-wide roles).
 * Unset: every file on the database DATABASE_URL names (PGlite when empty, side by side); on PostgreSQL the races too,
 * every file one at a time.
 */
const pg = !!process.env.DATABASE_URL;
const suite = process.env.SERVER_SUITE || undefined;
const RACES = 'tests/server/**/*.pg.test.ts';
/**
 * Files whose answers do not depend on the driver, run once in a run of both databases:
 * - the fuzz (about 17,000 requests a shard, mostly refused by validation) runs on PostgreSQL with one connection
 *   (fuzz.ts), so a query made outside a transaction while inside it hangs there as it would on PGlite;
 * - safe-defaults starts the server on embedded PGlite of its own whatever DATABASE_URL says.
 */
const PG_ONCE = ['tests/server/fuzz-*.test.ts'];
const PGLITE_ONCE = ['tests/server/safe-defaults.test.ts'];
const exclude = ['**/node_modules/**', ...(pg ? [] : [RACES])];
if (suite === 'api') exclude.push(RACES, ...PGLITE_ONCE);
if (suite === 'pglite') exclude.push(...PG_ONCE);
const races = suite === 'races';
/** The API files side by side, sharing each worker's modules (unset on PostgreSQL: every file one at a time, alone). */
const parallel = suite === 'api' || suite === 'pglite' || (suite === undefined && !pg);

export default defineConfig({
  test: {
    environment: 'node',
    include: [races ? RACES : 'tests/server/**/*.test.ts'],
    // One migrated database per run that every file's databases start from (tests/server/database.ts).
    globalSetup: ['tests/server/database.global.ts'],
    exclude,
    // No test depends on the machine's speed: the timeouts only end a hang (no file sets its own).
    testTimeout: 1_800_000,
    hookTimeout: 1_800_000,
    // The files share nothing (each its own database; uploads under random names), so they run side by side: the API
    // files on every core (vitest's default, cores - 1, is one worker on 2 cores), the races three at a time (they
    // wait on locks, on other processes and on PostgreSQL about half of the time: 75 -> 43 s on 2 cores).
    fileParallelism: parallel || races,
    maxWorkers: races ? 3 : parallel ? '100%' : 1,
    // The API files share each worker's module graph (the server's modules imported once per worker, not per file:
    // PostgreSQL 183 -> 132 s, PGlite 366 -> 199 s on 2 cores); each file builds its own app and database
    // (makeTestApp), and the suite passes in any file order (checked with --sequence.shuffle.files). The races stay
    // isolated: they measure what other processes see.
    isolate: !parallel,
    // so each file's PostgreSQL database is made while the file before it runs (tests/server/database.ts)
    env: parallel ? { BO_SPARE_DATABASE: '1' } : {},
  },
});
