/**
 * Data scope by role (DESIGN.md section 5): a salesman (hero) sees the clients whose agent he is, a team leader
 * (superman) his own clients and those of the salesmen under him (staff_user.leader_id), supervisors (angel) and
 * administrators (god) every client of the tenant. Records are scoped through their client's agent.
 * Anything outside the scope is answered as not found.
 */
import type { Grant } from '../../permissions';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { client } from '../db/schema';

/** The part of a signed-in staff member that scoping needs (structurally the auth plugin's Staff). */
export interface StaffScope {
  id: number;
  tenantId: string;
  role: string;
  /** A team leader's salesmen (read with the session check); when absent the team is read by a subquery. */
  team?: number[];
  /** The effective grants in the tenant (the role's, narrowed by the tenant: core/access.ts sets them per request). */
  grants?: readonly Grant[];
}

/** Condition on an agent-id column: which agents' clients this staff member may see (undefined = all). */
export function agentCondition(staff: StaffScope, agentColumn: AnyPgColumn): SQL | undefined {
  switch (staff.role) {
    case 'god':
    case 'angel':
      return undefined;
    case 'superman':
      // An explicit id list lets the planner use its statistics for the team's share of the rows.
      if (staff.team) return inArray(agentColumn, [staff.id, ...staff.team]);
      return sql`${agentColumn} IN (SELECT s.id FROM staff_user s WHERE s.tenant_id = ${staff.tenantId}
        AND (s.id = ${staff.id} OR s.leader_id = ${staff.id}))`;
    case 'hero':
      return sql`${agentColumn} = ${staff.id}`;
    default:
      return sql`false`; // unknown role: nothing
  }
}

/**
 * The same rule in memory, for one agent id (null: a client without agent), as agentCondition decides it in SQL:
 * for what is not read from a table (the live events of core/events.ts). A team leader needs `team`.
 */
export function agentInScope(staff: StaffScope, agentId: number | null): boolean {
  switch (staff.role) {
    case 'god':
    case 'angel':
      return true;
    case 'superman':
      return agentId !== null && (agentId === staff.id || (staff.team ?? []).includes(agentId));
    case 'hero':
      return agentId !== null && agentId === staff.id;
    default:
      return false;
  }
}

/** SQL condition on the `client` table: the tenant and the staff member's scope. */
export function clientScope(staff: StaffScope): SQL {
  const agent = agentCondition(staff, client.agentId);
  return agent ? and(eq(client.tenantId, staff.tenantId), agent)! : eq(client.tenantId, staff.tenantId);
}

/**
 * SQL condition on a money record table: its tenant and the staff member's scope, read from the record's own copy
 * of its client's agent (recordCommon.agentId, kept equal by change_agent), so a scoped list walks one index.
 */
export function recordScope(staff: StaffScope, table: { tenantId: AnyPgColumn; agentId: AnyPgColumn }): SQL {
  const agent = agentCondition(staff, table.agentId);
  return agent ? and(eq(table.tenantId, staff.tenantId), agent)! : eq(table.tenantId, staff.tenantId);
}
