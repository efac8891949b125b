/**
 * IP allow-list entries (per tenant; the switch is the `ip_access` setting document).
 */
import { bigint, bigserial, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { tenant } from './core';
import { staffUser } from './user';

/** One allowed range of a tenant: canonical CIDR text (domain/cidr.ts), a note, who added it and when. */
export const ipAllowEntry = pgTable(
  'ip_allow_entry',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    cidr: text('cidr').notNull(),
    note: text('note'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => staffUser.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ip_allow_entry_tenant_cidr').on(t.tenantId, t.cidr),
    index('ip_allow_entry_tenant_id').on(t.tenantId, t.id),
  ],
);
