/**
 * Data scope by role (DESIGN.md section 5): a salesman (hero) sees the clients whose agent he is, a team leader
 * (superman) his own clients and those of the salesmen under him (staff_user.leader_id), supervisors (angel) and
 * administrators (god) every client of the tenant. Records are scoped through their client.
 * Anything outside the scope is answered as not found.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { client } from '../db/funds-schema';

/** The part of a signed-in staff member that scoping needs (structurally the auth plugin's Staff). */
export interface StaffScope {
  id: number;
  tenantId: string;
  role: string;
}

/** Condition on an agent-id column: which agents' clients this staff member may see (undefined = all). */
export function agentCondition(staff: StaffScope, agentColumn: AnyPgColumn): SQL | undefined {
  switch (staff.role) {
    case 'god':
    case 'angel':
      return undefined;
    case 'superman':
      return sql`${agentColumn} IN (SELECT s.id FROM staff_user s WHERE s.tenant_id = ${staff.tenantId}
        AND (s.id = ${staff.id} OR s.leader_id = ${staff.id}))`;
    case 'hero':
      return sql`${agentColumn} = ${staff.id}`;
    default:
      return sql`false`; // unknown role: nothing
  }
}

/** SQL condition on the `client` table: the tenant and the staff member's scope. */
export function clientScope(staff: StaffScope): SQL {
  const agent = agentCondition(staff, client.agentId);
  return agent ? and(eq(client.tenantId, staff.tenantId), agent)! : eq(client.tenantId, staff.tenantId);
}

/** SQL condition on a record table (tenant + its client in scope), given its tenant and client-id columns. */
export function recordScope(staff: StaffScope, tenantColumn: AnyPgColumn, clientIdColumn: AnyPgColumn): SQL {
  const agent = agentCondition(staff, client.agentId);
  if (!agent) return eq(tenantColumn, staff.tenantId);
  return and(
    eq(tenantColumn, staff.tenantId),
    sql`EXISTS (SELECT 1 FROM ${client} WHERE ${client.id} = ${clientIdColumn} AND ${agent})`,
  )!;
}
