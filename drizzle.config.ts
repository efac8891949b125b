import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts', './server/db/funds-schema.ts', './server/db/client-schema.ts'],
  out: './server/db/migrations',
});
