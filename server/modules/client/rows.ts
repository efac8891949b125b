/** The client row as the client pages read it (agent and team leader joined) and as the API answers it. */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { account, client } from '../../db/schema';
import { staffUser } from '../../db/schema';
import type { Executor } from '../../core/db';
import { presentAccount } from './service';
import { iso } from '../records/common';
import { clientScope, type StaffScope } from '../../core/scope';
import type { ClientFilters } from './list';

const agent = alias(staffUser, 'agent');
const leader = alias(staffUser, 'leader');

const rowColumns = {
  id: client.id,
  username: client.username,
  fullName: client.fullName,
  mobile: client.mobile,
  avatar: client.avatar,
  fake: client.fake,
  active: client.active,
  score: client.score,
  vip: client.vip,
  agentId: client.agentId,
  kycStatus: client.kycStatus,
  mfa: client.mfa,
  createdAt: client.createdAt,
  agentName: agent.name,
  agentRole: agent.role,
  leaderId: agent.leaderId,
  leaderName: leader.name,
};

export type Row = Awaited<ReturnType<typeof selectRows>>[number];

export function selectRows(db: Executor, where: SQL | undefined, cursorKey: SQL<string> = sql<string>`''`) {
  return db
    .select({ ...rowColumns, _cursor: cursorKey })
    .from(client)
    .leftJoin(agent, eq(agent.id, client.agentId))
    .leftJoin(leader, eq(leader.id, agent.leaderId))
    .where(where)
    .$dynamic();
}

/** A client as the API answers it (spec section 3 "Client"); `superman` is the team leader's name. */
export function present(r: Row) {
  const agentLeads = r.agentRole === 'superman';
  return {
    id: r.id,
    username: r.username,
    full_name: r.fullName,
    mobile: r.mobile,
    avatar: r.avatar,
    fake: r.fake,
    active: r.active,
    score: r.score,
    vip: r.vip,
    agent_id: r.agentId,
    agent_name: r.agentName,
    leader_id: agentLeads ? r.agentId : r.leaderId,
    superman: agentLeads ? r.agentName : r.leaderName,
    kyc_status: r.kycStatus,
    mfa: r.mfa,
    create_datetime: iso(r.createdAt)!,
  };
}

export const robot = (fake: ClientFilters['fake']) =>
  fake === undefined ? undefined : fake === 'robot' || fake === 'true';

export async function clientRow(db: Executor, staff: StaffScope, where: SQL): Promise<Row | undefined> {
  const [row] = await selectRows(db, and(where, clientScope(staff))).limit(1);
  return row;
}

export async function accountsOf(db: Executor, clientId: number) {
  const rows = await db.select().from(account).where(eq(account.clientId, clientId)).orderBy(asc(account.id));
  return rows.map(presentAccount);
}
