import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Unit tests: providers, machine, permissions and components in jsdom, the API mocked with msw. */
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/unit/setup.ts'],
    restoreMocks: true,
  },
});
