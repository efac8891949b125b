/** The client row as the client pages read it (agent and team leader joined) and as the API answers it. */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { account, client } from '../../db/schema';
import { staffUser } from '../../db/schema';
import type { Executor } from '../../core/db';
import { presentAccount } from './service';
import { iso } from '../records/common';
import { clientScope, type StaffScope } from '../../core/scope';
import type { ClientRow } from '../../../domain/client';

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

/** The client rows (agent and team leader joined) with `_cursor` (the list's paging key), open for WHERE. */
export function selectRows(db: Executor, cursorKey: SQL<string> = sql<string>`''`) {
  return db
    .select({ ...rowColumns, _cursor: cursorKey })
    .from(client)
    .leftJoin(agent, eq(agent.id, client.agentId))
    .leftJoin(leader, eq(leader.id, agent.leaderId))
    .$dynamic();
}

export type Row = Awaited<ReturnType<typeof selectRows>>[number];

/** A client as the API answers it (spec section 3 "Client", domain/client.ts); `superman` is the team leader's name. */
export function present(r: Row): ClientRow {
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
    kyc_status: r.kycStatus as ClientRow['kyc_status'],
    mfa: r.mfa,
    create_datetime: iso(r.createdAt)!,
  };
}

export async function clientRow(db: Executor, staff: StaffScope, where: SQL): Promise<Row | undefined> {
  const [row] = await selectRows(db)
    .where(and(where, clientScope(staff)))
    .limit(1);
  return row;
}

export async function accountsOf(db: Executor, clientId: number) {
  const rows = await db.select().from(account).where(eq(account.clientId, clientId)).orderBy(asc(account.id));
  return rows.map(presentAccount);
}
