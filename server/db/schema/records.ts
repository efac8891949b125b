/**
 * The columns every money record (deposit, withdrawal, overdrawn) shares.
 */
import { bigserial, text, timestamp } from 'drizzle-orm/pg-core';
import { client } from './client';
import { createdAt, ref } from './columns';
import { tenant } from './core';
import { account } from './ledger';
import { staffUser } from './user';

/** The columns every money record shares. */
export const recordCommon = {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: text('tenant_id')
    .notNull()
    .references(() => tenant.id),
  clientId: ref('client_id')
    .notNull()
    .references(() => client.id),
  accountId: ref('account_id')
    .notNull()
    .references(() => account.id),
  /**
   * The client's agent (salesman), copied from client.agent_id when the record is made and kept equal to it by
   * change_agent, so that a scoped list walks one (tenant_id, agent_id, created_at, id) index (ledger:check verifies).
   */
  agentId: ref('agent_id').references(() => staffUser.id),
  remark: text('remark'),
  createdBy: ref('created_by'),
  resolvedBy: ref('resolved_by'),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  rolledBackBy: ref('rolled_back_by'),
  rolledBackAt: timestamp('rolled_back_at', { withTimezone: true }),
  createdAt: createdAt(),
};
