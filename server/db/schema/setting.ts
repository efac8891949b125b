/**
 * Per-tenant settings documents.
 */
import { jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenant } from './core';

/** Per-tenant settings documents (app, company, product, locale). */
export const setting = pgTable(
  'setting',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('setting_tenant_key').on(t.tenantId, t.key)],
);
