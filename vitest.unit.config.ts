import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Unit tests: providers, machine, permissions and components in jsdom, the API mocked with msw. */
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/unit/setup.ts'],
    // The API's route table and response schemas, against which msw checks every mocked answer (tests/unit/msw.ts).
    globalSetup: ['tests/unit/contract.global.ts'],
    restoreMocks: true,
    // The files of a worker share one module graph (React, MUI, react-admin and the console's modules imported once
    // per worker, not per file: 239 -> 123 s on 2 cores); each test starts from a clean DOM, storages and console
    // state (tests/unit/setup.ts), and the suite passes in any file order (checked with --sequence.shuffle.files).
    isolate: false,
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine. The files share
    // nothing (jsdom, msw per worker), so every core runs them.
    maxWorkers: '100%',
    // No test depends on the machine's speed: the timeouts only end a hang (findBy/waitFor: tests/unit/setup.ts).
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
