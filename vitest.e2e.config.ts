import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (on a new checkout, with no durations on record: the larger files first), the tours first: each is a
 * file of three lines and the longest of the suite (40-100 s), which last would leave one worker alone at the end.
 */
class ToursFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const tour = (f: TestSpecification) => /\/tour-[^/]+\.e2e\.test\.ts$/.test(f.moduleId);
    return [...sorted.filter(tour), ...sorted.filter((f) => !tour(f))];
  }
}

// End to end: the real API serving the built console (dist/), driven in Debian's Chromium.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    // The API's databases start from one migrated database per run, as in the API suite (tests/server/database.ts).
    globalSetup: ['tests/server/database.global.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Each file has its own API and database (tests/e2e/console.ts startE2E), so files run side by side: a
    // file alone keeps about 1.2 of the 2 cores busy (it waits on the page), two keep 1.8 (915 -> 551 s on 2 cores),
    // three fill the rest (383 -> 363 s on 2 cores).
    fileParallelism: true,
    maxWorkers: 3,
    // The files of a worker share its module graph (the API's modules and Playwright imported once per worker, not per
    // file: 54 -> 8 s of imports, 519 -> 476 s on 2 cores) and its Chromium (each test opens its own profile:
    // console.ts workerBrowser); what a file starts (server, database) is its own and closed after it. (A clean-clone
    // run with shared modules once saw live-updates' pending badge stay at its old count: a list total cached before
    // the write and read because of its event, a race of the API fixed in core/events.ts, not state crossing files.)
    isolate: false,
    sequence: { sequencer: ToursFirst },
    // expect.poll waits as a person does, for what the page is still loading: vitest's default (1 s) fails on a
    // loaded machine (CI shares its 2 cores with Chromium, the API and PostgreSQL)
    expect: { poll: { timeout: 30_000, interval: 100 } },
  },
});
