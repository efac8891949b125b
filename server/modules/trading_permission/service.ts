/**
 * Trading permission rules of a tenant and a client's effective permissions (the rule: domain/trading-permission.ts
 * resolveTrading: client > team > VIP level > default, no rule: allowed; a product closed in the trade configuration
 * is not tradable whatever the rules). A client rule names a client in the caller's data scope; a team rule a team
 * leader (role superman) of the tenant; a VIP rule a level 0..99.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TRADE_PRODUCTS, type TradeProduct } from '../../../domain/trade-config';
import {
  resolveTrading,
  tradingPermission,
  tradingPermissionProblems,
  type ClientPermissionsBody,
  type EffectivePermissions,
  type PermissionScope,
  type TradingPermissionRow,
} from '../../../domain/trading-permission';
import { client, staffUser, tradingPermissionRule } from '../../db/schema';
import type { EntityListSpec } from '../../core/entity';
import type { Executor, Tx } from '../../core/db';
import type { EntityWritesSpec } from '../../core/entity-writes';
import { HttpError, ValidationError } from '../../core/errors';
import { clientScope, type StaffScope } from '../../core/scope';
import { byStaff, clientInScope, iso } from '../records/common';
import { productsEnabled } from '../trade_config/service';

const changer = alias(staffUser, 'tp_changer');
const leader = alias(staffUser, 'tp_leader');

const subjectName = sql<string | null>`CASE ${tradingPermissionRule.scope}
  WHEN 'client' THEN ${client.username}
  WHEN 'team' THEN ${leader.name}
  WHEN 'vip' THEN 'VIP ' || ${tradingPermissionRule.subjectId}
  ELSE NULL END`;

function selectRules(db: Executor, cursor: SQL<string> = sql<string>`''`) {
  return db
    .select({
      id: tradingPermissionRule.id,
      scope: tradingPermissionRule.scope,
      subjectId: tradingPermissionRule.subjectId,
      subjectName,
      product: tradingPermissionRule.product,
      allowed: tradingPermissionRule.allowed,
      note: tradingPermissionRule.note,
      updatedByName: changer.name,
      updatedAt: tradingPermissionRule.updatedAt,
      _cursor: cursor,
    })
    .from(tradingPermissionRule)
    .leftJoin(client, and(eq(tradingPermissionRule.scope, 'client'), eq(client.id, tradingPermissionRule.subjectId)))
    .leftJoin(leader, and(eq(tradingPermissionRule.scope, 'team'), eq(leader.id, tradingPermissionRule.subjectId)))
    .leftJoin(changer, eq(changer.id, tradingPermissionRule.updatedBy))
    .$dynamic();
}

type Raw = Awaited<ReturnType<typeof selectRules>>[number];

function presentRule(r: Raw): TradingPermissionRow {
  return {
    id: r.id,
    scope: r.scope as PermissionScope,
    subject_id: r.scope === 'default' ? null : r.subjectId,
    subject_name: r.subjectName,
    product: r.product as TradeProduct,
    allowed: r.allowed,
    note: r.note,
    updated_by_name: r.updatedByName,
    updated_at: iso(r.updatedAt)!,
  };
}

/** The tenant's rules; client rules only for clients in the caller's data scope. */
function ruleScope(staff: StaffScope): SQL {
  return and(
    eq(tradingPermissionRule.tenantId, staff.tenantId),
    or(
      sql`${tradingPermissionRule.scope} <> 'client'`,
      sql`EXISTS (SELECT 1 FROM ${client} WHERE ${client.id} = ${tradingPermissionRule.subjectId} AND ${clientScope(staff)})`,
    ),
  )!;
}

/** The list (and CSV export) of the rules. */
export const ruleListSpec: EntityListSpec<typeof tradingPermission, Raw> = {
  def: tradingPermission,
  table: tradingPermissionRule,
  id: tradingPermissionRule.id,
  columns: {
    id: tradingPermissionRule.id,
    scope: tradingPermissionRule.scope,
    subject_id: tradingPermissionRule.subjectId,
    product: tradingPermissionRule.product,
    allowed: tradingPermissionRule.allowed,
  },
  scope: ruleScope,
  select: (db, cursor) => selectRules(db, cursor),
  present: presentRule,
  tags: ['trading_permission'],
  description:
    "The tenant's trading permission rules (level, subject with its name: the client's username, the team leader's " +
    'name or the VIP level; product, allowed, note, who changed it last and when), newest first. Client rules only ' +
    "for clients in the caller's data scope. Filters: scope, subject_id, product (comma lists), allowed.",
};

const invalidSubject = (scope: string) =>
  new ValidationError({
    subject_id: { code: 'subject_invalid', message: `subject_id is not a ${scope} the rule can name` },
  });

/** Checks the subject of a new rule exists (client in scope, team leader of the tenant, VIP level). */
async function checkSubject(tx: Executor, staff: StaffScope, scope: unknown, subject: number) {
  if (scope === 'client') {
    await clientInScope(tx, byStaff(staff), subject).catch(() => {
      throw invalidSubject('client');
    });
  } else if (scope === 'team') {
    const [row] = await tx
      .select({ id: staffUser.id })
      .from(staffUser)
      .where(and(eq(staffUser.id, subject), eq(staffUser.tenantId, staff.tenantId), eq(staffUser.role, 'superman')));
    if (!row) throw invalidSubject('team leader');
  }
}

/**
 * Create (level, subject, product, allowed, note), edit (allowed and note: the level, subject and product never
 * change, another is a new rule) and delete from the definition. A new rule's subject exists (400 subject_invalid);
 * one rule per level, subject and product (409 duplicate on product).
 */
export const ruleWritesSpec: EntityWritesSpec<typeof tradingPermission, Raw> = {
  list: ruleListSpec,
  table: tradingPermissionRule,
  columns: { note: tradingPermissionRule.note },
  validate: async (values, { tx, staff, current }) => {
    if (current) return undefined;
    const problems = tradingPermissionProblems(values);
    if (Object.keys(problems).length) return problems;
    if (values.scope !== 'default') await checkSubject(tx, staff, values.scope, Number(values.subject_id));
  },
  // a default rule names no subject: stored as 0
  beforeWrite: (v) => (v.scope === undefined ? v : { ...v, subject_id: v.scope === 'default' ? 0 : v.subject_id }),
  description:
    "scope client: subject_id a client id in the caller's scope; team: a team leader's staff id (role superman) of " +
    'the tenant; vip: a VIP level 0-99; default: no subject. 400 field_codes.subject_id: required, invalid, ' +
    'subject_invalid; 409 duplicate on product: a rule for that subject and product exists (change it).',
};

/** A client's effective permissions (the client in the caller's scope, else 404). */
export async function effectiveOf(db: Executor, staff: StaffScope, clientId: number): Promise<EffectivePermissions> {
  const c = await clientInScope(db, byStaff(staff), clientId);
  let teamId: number | null = null;
  if (c.agentId) {
    const [agent] = await db
      .select({ id: staffUser.id, role: staffUser.role, leaderId: staffUser.leaderId })
      .from(staffUser)
      .where(eq(staffUser.id, c.agentId));
    teamId = agent ? (agent.role === 'superman' ? agent.id : agent.leaderId) : null;
  }
  const subjects = [
    and(eq(tradingPermissionRule.scope, 'client'), eq(tradingPermissionRule.subjectId, c.id)),
    and(eq(tradingPermissionRule.scope, 'vip'), eq(tradingPermissionRule.subjectId, c.vip)),
    eq(tradingPermissionRule.scope, 'default'),
  ];
  if (teamId !== null)
    subjects.push(and(eq(tradingPermissionRule.scope, 'team'), eq(tradingPermissionRule.subjectId, teamId)));
  const rules = await db
    .select({
      id: tradingPermissionRule.id,
      scope: tradingPermissionRule.scope,
      subject_id: tradingPermissionRule.subjectId,
      product: tradingPermissionRule.product,
      allowed: tradingPermissionRule.allowed,
    })
    .from(tradingPermissionRule)
    .where(and(eq(tradingPermissionRule.tenantId, staff.tenantId), or(...subjects)));
  const who = { client_id: c.id, vip: c.vip, team_id: teamId };
  const enabled = await productsEnabled(db, staff.tenantId);
  return {
    ...who,
    products: resolveTrading(
      rules.map((r) => ({ ...r, scope: r.scope as PermissionScope })),
      who,
      enabled,
    ),
  };
}

/**
 * Saves the client's own rules (true/false upserts, null removes); answers the effective permissions. Without
 * `mayLoosen` (the tradingPermission update grant: the administrators' rules are config) the change may only keep or
 * narrow what the client may trade: a product the client may not trade before it (denied by his own rule or by the
 * team, VIP or default rule) and may after it is 403 trading_override_not_allowed, nothing saved.
 */
export async function saveClientRules(
  tx: Tx,
  staff: StaffScope & { id: number },
  clientId: number,
  body: ClientPermissionsBody,
  mayLoosen: boolean,
): Promise<EffectivePermissions> {
  await clientInScope(tx, byStaff(staff), clientId, true);
  const before = mayLoosen ? null : await effectiveOf(tx, staff, clientId);
  const entries = Object.entries(body.rules).filter(([p]) => (TRADE_PRODUCTS as readonly string[]).includes(p));
  const removed = entries.filter(([, v]) => v === null).map(([p]) => p);
  if (removed.length) {
    await tx
      .delete(tradingPermissionRule)
      .where(
        and(
          eq(tradingPermissionRule.tenantId, staff.tenantId),
          eq(tradingPermissionRule.scope, 'client'),
          eq(tradingPermissionRule.subjectId, clientId),
          inArray(tradingPermissionRule.product, removed),
        ),
      );
  }
  for (const [product, allowed] of entries) {
    if (allowed === null || allowed === undefined) continue;
    await tx
      .insert(tradingPermissionRule)
      .values({ tenantId: staff.tenantId, scope: 'client', subjectId: clientId, product, allowed, updatedBy: staff.id })
      .onConflictDoUpdate({
        target: [
          tradingPermissionRule.tenantId,
          tradingPermissionRule.scope,
          tradingPermissionRule.subjectId,
          tradingPermissionRule.product,
        ],
        set: { allowed, updatedBy: staff.id, updatedAt: sql`now()` },
      });
  }
  const after = await effectiveOf(tx, staff, clientId);
  if (before) {
    const denied = new Set(before.products.filter((p) => !p.allowed).map((p) => p.product));
    const loosened = after.products.filter((p) => p.allowed && denied.has(p.product)).map((p) => p.product);
    if (loosened.length) {
      throw new HttpError(
        403,
        'trading_override_not_allowed',
        `Allowing ${loosened.join(', ')} for this client needs the trading permission grant`,
      );
    }
  }
  return after;
}
