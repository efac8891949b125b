/**
 * Shared per-address rate limits (server/core/rate-limit.ts). UNLOGGED in migration 0017 (drizzle has no word for it):
 * counts are not WAL-logged and start again from zero after a crash.
 */
import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** The hits of a (bucket, address) in the current fixed window and the previous one; `allowed`: the last hit's answer. */
export const rateLimit = pgTable(
  'rate_limit',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    prevHits: integer('prev_hits').notNull().default(0),
    hits: integer('hits').notNull().default(0),
    allowed: boolean('allowed').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] })],
);
