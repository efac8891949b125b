/**
 * Customer-service configurations (domain/service.ts): the tenant's default and the teams' own, and what applies to
 * a client. A team is its leader (staff role superman); a team leader reads the default and his own team's and
 * writes only his own team's; supervisors and administrators write all. Writers of one tenant are serialised by an
 * advisory lock (one default and one configuration per team).
 */
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  cleanServiceDoc,
  DEFAULT_HOURS,
  localDayTime,
  openAt,
  serviceProblems,
  service as serviceDef,
  type ServiceChannel,
  type ServiceConfig,
  type ServiceDoc,
  type ServiceEffective,
  type ServiceHours,
  type ServiceRow,
} from '../../../domain/service';
import { alias } from 'drizzle-orm/pg-core';
import { client, serviceConfig, staffUser } from '../../db/schema';
import type { Executor, Tx } from '../../core/db';
import type { EntityListSpec } from '../../core/entity';
import { refuse } from '../../core/entity-writes';
import { DomainError, NotFoundError } from '../../core/errors';
import { clientScope, type StaffScope } from '../../core/scope';
import { iso } from '../records/common';
import { readLocaleView } from '../setting/service';

type Staff = StaffScope & { id: number };

const leader = alias(staffUser, 'service_leader');
const editor = alias(staffUser, 'service_editor');

/** The configurations a staff member sees: all of the tenant's; a team leader the default and his own team's. */
export function serviceScope(staff: StaffScope): SQL {
  const tenant = eq(serviceConfig.tenantId, staff.tenantId);
  if (staff.role === 'superman') {
    return and(tenant, or(isNull(serviceConfig.leaderId), eq(serviceConfig.leaderId, staff.id)))!;
  }
  return tenant;
}

function selectConfigs(db: Executor, cursor: SQL<string> = sql<string>`''`) {
  return db
    .select({
      id: serviceConfig.id,
      leaderId: serviceConfig.leaderId,
      leaderName: leader.name,
      channels: serviceConfig.channels,
      hours: serviceConfig.hours,
      updatedByName: editor.name,
      updatedAt: serviceConfig.updatedAt,
      _cursor: cursor,
    })
    .from(serviceConfig)
    .leftJoin(leader, eq(leader.id, serviceConfig.leaderId))
    .leftJoin(editor, eq(editor.id, serviceConfig.updatedBy))
    .$dynamic();
}

type Raw = Awaited<ReturnType<typeof selectConfigs>>[number];

const hoursOf = (r: Raw) => (Array.isArray(r.hours) ? (r.hours as ServiceHours[]) : []);
const channelsOf = (r: Raw) => (Array.isArray(r.channels) ? (r.channels as ServiceChannel[]) : []);

/** A configuration as a list row. */
export const presentRow = (r: Raw): ServiceRow => ({
  id: r.id,
  scope: r.leaderId === null ? 'tenant' : 'team',
  leader_id: r.leaderId,
  leader_name: r.leaderName,
  channels: channelsOf(r).length,
  open_days: hoursOf(r).filter((h) => !h.closed).length,
  updated_by_name: r.updatedByName,
  updated_at: iso(r.updatedAt)!,
});

export const serviceListSpec: EntityListSpec<typeof serviceDef, Raw> = {
  def: serviceDef,
  table: serviceConfig,
  id: serviceConfig.id,
  columns: { id: serviceConfig.id },
  scope: serviceScope,
  select: (db, cursor) => selectConfigs(db, cursor),
  present: presentRow,
  tags: ['service'],
  description:
    "The tenant's customer-service configurations: the default (scope tenant) and the teams' own (scope team, " +
    'with the leader), with their number of channels and open days. A team leader sees the default and his own ' +
    "team's.",
};

function present(r: Raw | undefined, zone: string, base: Partial<ServiceConfig>): ServiceConfig {
  return {
    id: r?.id ?? null,
    scope: base.scope ?? 'tenant',
    leader_id: base.leader_id ?? null,
    leader_name: base.leader_name ?? r?.leaderName ?? null,
    channels: r ? channelsOf(r) : (base.channels ?? []),
    hours: r ? hoursOf(r) : (base.hours ?? DEFAULT_HOURS),
    time_zone: zone,
    updated_by_name: r?.updatedByName ?? null,
    updated_at: iso(r?.updatedAt) ?? null,
  };
}

const zoneOf = async (db: Executor, tenantId: string) => (await readLocaleView(db, tenantId)).timezone;

async function rowFor(db: Executor, tenantId: string, leaderId: number | null): Promise<Raw | undefined> {
  const [row] = await selectConfigs(db)
    .where(
      and(
        eq(serviceConfig.tenantId, tenantId),
        leaderId === null ? isNull(serviceConfig.leaderId) : eq(serviceConfig.leaderId, leaderId),
      ),
    )
    .limit(1);
  return row;
}

/** The tenant's default (not saved yet: no channels, weekdays 09:00-18:00). */
export async function readDefault(db: Executor, staff: StaffScope): Promise<ServiceConfig> {
  return present(await rowFor(db, staff.tenantId, null), await zoneOf(db, staff.tenantId), { scope: 'tenant' });
}

/** A team leader of the tenant the caller may see (a team leader: himself); else 404. */
async function teamOf(db: Executor, staff: StaffScope, leaderId: number): Promise<{ id: number; name: string }> {
  if (staff.role === 'superman' && leaderId !== staff.id) throw new NotFoundError('Team');
  const [row] = await db
    .select({ id: staffUser.id, name: staffUser.name })
    .from(staffUser)
    .where(and(eq(staffUser.id, leaderId), eq(staffUser.tenantId, staff.tenantId), eq(staffUser.role, 'superman')))
    .limit(1);
  if (!row) throw new NotFoundError('Team');
  return row;
}

/** A team's configuration; without one of its own, the default's texts with id null (the team uses the default). */
export async function readTeam(db: Executor, staff: StaffScope, leaderId: number): Promise<ServiceConfig> {
  const team = await teamOf(db, staff, leaderId);
  const [own, fallback, zone] = await Promise.all([
    rowFor(db, staff.tenantId, leaderId),
    rowFor(db, staff.tenantId, null),
    zoneOf(db, staff.tenantId),
  ]);
  const base = { scope: 'team' as const, leader_id: team.id, leader_name: team.name };
  if (own) return present(own, zone, base);
  const inherited = present(fallback, zone, {});
  return { ...present(undefined, zone, base), channels: inherited.channels, hours: inherited.hours };
}

/** The shared rules' problems as a 400 (codes by path, e.g. `channels.0.value`); else the document as saved. */
function check(doc: ServiceDoc): ServiceDoc {
  refuse(serviceProblems(doc));
  return cleanServiceDoc(doc);
}

const lockTenant = (tx: Tx, tenantId: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`service:${tenantId}`}))`);

async function save(tx: Tx, staff: Staff, leaderId: number | null, doc: ServiceDoc): Promise<void> {
  const clean = check(doc);
  await lockTenant(tx, staff.tenantId);
  const existing = await rowFor(tx, staff.tenantId, leaderId);
  if (existing) {
    await tx
      .update(serviceConfig)
      .set({ channels: clean.channels, hours: clean.hours, updatedBy: staff.id, updatedAt: sql`now()` })
      .where(eq(serviceConfig.id, existing.id));
  } else {
    await tx.insert(serviceConfig).values({
      tenantId: staff.tenantId,
      leaderId,
      channels: clean.channels,
      hours: clean.hours,
      updatedBy: staff.id,
    });
  }
}

/** Saves the tenant's default: supervisors and administrators (a team leader: 403). */
export async function saveDefault(tx: Tx, staff: Staff, doc: ServiceDoc): Promise<ServiceConfig> {
  if (staff.role !== 'god' && staff.role !== 'angel') {
    throw new DomainError(403, 'forbidden', "A team leader changes his own team's configuration, not the default");
  }
  await save(tx, staff, null, doc);
  return readDefault(tx, staff);
}

/** Saves a team's own configuration (created on first save). */
export async function saveTeam(tx: Tx, staff: Staff, leaderId: number, doc: ServiceDoc): Promise<ServiceConfig> {
  await teamOf(tx, staff, leaderId);
  await save(tx, staff, leaderId, doc);
  return readTeam(tx, staff, leaderId);
}

/** Deletes a team's own configuration: the team uses the default again. None: 404. */
export async function deleteTeam(tx: Tx, staff: Staff, leaderId: number): Promise<ServiceConfig> {
  await teamOf(tx, staff, leaderId);
  const before = await readTeam(tx, staff, leaderId);
  const gone = await tx
    .delete(serviceConfig)
    .where(and(eq(serviceConfig.tenantId, staff.tenantId), eq(serviceConfig.leaderId, leaderId)))
    .returning({ id: serviceConfig.id });
  if (!gone.length) throw new NotFoundError('Team configuration');
  return before;
}

/**
 * What the client app shows a client: his team's configuration (his agent's leader, or his agent when the agent is
 * a team leader) when it has one, else the tenant's; whether support is open now in the tenant's time zone.
 */
export async function effectiveFor(
  db: Executor,
  staff: StaffScope,
  clientId: number,
  now = new Date(),
): Promise<ServiceEffective> {
  const agent = alias(staffUser, 'client_agent');
  const [c] = await db
    .select({ id: client.id, agentId: agent.id, agentRole: agent.role, agentLeader: agent.leaderId })
    .from(client)
    .leftJoin(agent, eq(agent.id, client.agentId))
    .where(and(eq(client.id, clientId), clientScope(staff)))
    .limit(1);
  if (!c) throw new NotFoundError('Client');
  const leaderId = c.agentRole === 'superman' ? c.agentId : (c.agentLeader ?? null);
  const [own, fallback, zone] = await Promise.all([
    leaderId === null ? undefined : rowFor(db, staff.tenantId, leaderId),
    rowFor(db, staff.tenantId, null),
    zoneOf(db, staff.tenantId),
  ]);
  const used = own ?? fallback;
  const hours = used ? hoursOf(used) : [];
  const local = localDayTime(now, zone);
  return {
    client_id: c.id,
    source: own ? 'team' : fallback ? 'tenant' : 'none',
    leader_id: leaderId,
    channels: used ? channelsOf(used) : [],
    hours,
    time_zone: zone,
    local_day: local.day,
    local_time: local.time,
    open_now: openAt(hours, now, zone),
  };
}
