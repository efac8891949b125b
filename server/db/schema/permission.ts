/**
 * A tenant's narrowings of the role grants of permissions/roles/*.json (server/modules/permission/): each row removes
 * one action on one resource from one role, in that tenant only. Every change bumps the tenant's permission version.
 */
import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { tenant } from './core';
import { staffUser } from './user';

/** One removed action: (tenant, role, resource, action). */
export const permissionNarrowing = pgTable(
  'permission_narrowing',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    role: text('role').notNull(),
    resource: text('resource').notNull(),
    action: text('action').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => staffUser.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.role, t.resource, t.action] })],
);

/** One version of a tenant's narrowings: who changed which role, what was removed and restored. */
export const permissionVersion = pgTable(
  'permission_version',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    version: integer('version').notNull(),
    role: text('role').notNull(),
    /** Narrowings added by this version: [{ resource, action }]. */
    removed: jsonb('removed').notNull(),
    /** Narrowings lifted by this version (grants given back): [{ resource, action }]. */
    restored: jsonb('restored').notNull(),
    changedBy: bigint('changed_by', { mode: 'number' }).references(() => staffUser.id, { onDelete: 'set null' }),
    changedByName: text('changed_by_name'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.version] })],
);
