/**
 * Column helpers shared by the area schemas.
 */
import { bigint, numeric, timestamp } from 'drizzle-orm/pg-core';

/** `created_at`, set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A money column: numeric(20,2). */
export const money = (name: string) => numeric(name, { precision: 20, scale: 2 });

/** A money aggregate, not null, default 0. */
export const zero = (name: string) => money(name).notNull().default('0');

/** A bigint id column (number in TypeScript). */
export const ref = (name: string) => bigint(name, { mode: 'number' });
