/**
 * What the client drawer reads: detail, username search, agent chain, accounts, holdings, access records, bank cards,
 * beneficiaries (its KYC tab reads server/modules/kyc). Each read is limited to the staff member's data scope; a
 * client outside it is "not found".
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { clientAccess, clientBank, clientNominee, holding, tradeProduct } from '../../db/schema';
import { client } from '../../db/schema';
import { staffUser } from '../../db/schema';
import { listPage, paging, type ListParams } from '../../core/list';
import { HttpError } from '../../core/errors';
import { signedIn, type Ctx } from '../../core/context';
import type { Executor } from '../../core/db';
import { NotFoundError } from '../../core/errors';
import { byStaff, clientInScope, iso } from '../records/common';
import { clientRow, present, accountsOf } from './rows';
import { isRobotFilter, type ClientTypeFilter } from '../../../domain/client';
import { PERIOD_KINDS } from '../../../domain/trading';

/** The client with agent, team leader and accounts (drawer basic info). */
export async function clientDetail(c: Ctx, id: number, db: Executor = c.db) {
  const row = await clientRow(db, signedIn(c), eq(client.id, id));
  if (!row) throw new NotFoundError('Client');
  return { ...present(row), accounts: await accountsOf(db, id) };
}

/** Exact username search within the scope; not found (spec message) when missing or without accounts. */
export async function findByUsername(c: Ctx, username: string, fake?: ClientTypeFilter) {
  const isRobot = isRobotFilter(fake);
  const where = and(
    eq(client.username, username.trim()),
    isRobot === undefined ? undefined : eq(client.fake, isRobot),
  )!;
  const row = await clientRow(c.db, signedIn(c), where);
  const accounts = row ? await accountsOf(c.db, row.id) : [];
  if (!row || accounts.length === 0) throw new HttpError(404, 'client_not_found', '未找到该用户或其账户。');
  return { ...present(row), accounts };
}

/** The client's agent and team leader (GET /user/admin/v1/tfl/{id}): agent first. */
export async function agentChain(c: Ctx, id: number) {
  const row = await clientInScope(c.db, byStaff(signedIn(c)), id);
  const chain: { id: number; username: string; name: string; role: string; relation: 'agent' | 'team_leader' }[] = [];
  let next = row.agentId;
  // Agent, then at most one leader above (the hierarchy is two levels); the guard stops a cycle in bad data.
  while (next !== null && chain.length < 2) {
    const [s] = await c.db
      .select({
        id: staffUser.id,
        username: staffUser.username,
        name: staffUser.name,
        role: staffUser.role,
        leaderId: staffUser.leaderId,
      })
      .from(staffUser)
      .where(and(eq(staffUser.id, next), eq(staffUser.tenantId, row.tenantId)));
    if (!s) break;
    const relation = chain.length === 0 && s.role !== 'superman' ? 'agent' : 'team_leader';
    chain.push({ id: s.id, username: s.username, name: s.name, role: s.role, relation });
    if (relation === 'team_leader') break;
    next = s.leaderId;
  }
  return { data: chain };
}

/** The client's accounts (GET /acc/admin/v1/list/{id}). */
export async function clientAccounts(c: Ctx, id: number) {
  await clientInScope(c.db, byStaff(signedIn(c)), id);
  const data = await accountsOf(c.db, id);
  return { data, total: data.length, total_is_estimate: false };
}

/**
 * The client's positions (server/modules/trading writes them): quantity, exact cost and average price, the product's
 * current price, market value (quantity × price, cent half up) and unrealised profit (market value − cost), all
 * computed in numeric (no floating point). A period product's position is valued at cost (domain valuedAtCost).
 */
export async function clientHoldings(c: Ctx, id: number) {
  await clientInScope(c.db, byStaff(signedIn(c)), id);
  // a period product's position is valued at cost (domain valuedAtCost): its price is its average, its value its cost
  const atCost = sql`${holding.productId} IS NOT NULL AND ${holding.productType} IN (${sql.join(
    PERIOD_KINDS.map((k) => sql`${k}`),
    sql`, `,
  )})`;
  const price = sql<string>`CASE WHEN ${atCost} THEN ${holding.avgPrice}
    ELSE coalesce(${tradeProduct.price}, ${holding.avgPrice}) END`;
  // a position written before trading kept no cost: quantity × avg_price
  const cost = sql`CASE WHEN ${holding.productId} IS NULL THEN round(${holding.quantity} * ${holding.avgPrice}, 2)
    ELSE ${holding.cost} END`;
  const value = sql`CASE WHEN ${atCost} THEN ${holding.cost} ELSE round(${holding.quantity} * ${price}, 2) END`;
  const rows = await c.db
    .select({
      h: holding,
      price: sql<string>`(${price})::numeric(20,4)::text`,
      marketValue: sql<string>`(${value})::numeric(20,2)::text`,
      cost: sql<string>`(${cost})::numeric(20,2)::text`,
      profit: sql<string>`(${value} - ${cost})::numeric(20,2)::text`,
    })
    .from(holding)
    .leftJoin(tradeProduct, eq(tradeProduct.id, holding.productId))
    .where(eq(holding.clientId, id))
    .orderBy(asc(holding.id))
    .limit(1000);
  const data = rows.map(({ h, price, cost, marketValue, profit }) => ({
    id: h.id,
    product_id: h.productId,
    product_type: h.productType,
    symbol: h.symbol,
    name: h.name,
    currency: h.currency,
    quantity: h.quantity,
    avg_price: h.avgPrice,
    cost,
    price,
    market_value: marketValue,
    profit,
    created_at: iso(h.createdAt)!,
    updated_at: iso(h.updatedAt)!,
  }));
  return { data, total: data.length, total_is_estimate: false };
}

/** One page of the client's access records, newest first. */
export async function clientAccessRecords(c: Ctx, id: number, q: ListParams) {
  await clientInScope(c.db, byStaff(signedIn(c)), id);
  const where = eq(clientAccess.clientId, id);
  const plan = paging(q, {
    columns: { at: clientAccess.at },
    defaultSort: 'at',
    defaultOrder: 'desc',
    tiebreak: clientAccess.id,
  });
  const { rows, ...page } = await listPage(
    c.db,
    clientAccess,
    where,
    plan,
    (inPage, cursorKey) =>
      c.db
        .select({ r: clientAccess, _cursor: cursorKey })
        .from(clientAccess)
        .where(inPage)
        .orderBy(...plan.orderBy),
    { name: 'client_access' },
  );
  const data = rows.map(({ r }) => ({
    id: r.id,
    action: r.action,
    ip: r.ip,
    location: r.location,
    device: r.device,
    user_agent: r.userAgent,
    at: iso(r.at)!,
  }));
  return { data, ...page };
}

/** The client's bank cards. */
export async function clientBanks(c: Ctx, id: number) {
  await clientInScope(c.db, byStaff(signedIn(c)), id);
  const rows = await c.db
    .select()
    .from(clientBank)
    .where(eq(clientBank.clientId, id))
    .orderBy(asc(clientBank.id))
    .limit(1000);
  const data = rows.map((b) => ({
    id: b.id,
    bank_name: b.bankName,
    holder_name: b.holderName,
    acc_no: b.accNo,
    address: b.address,
    phone: b.phone,
    created_at: iso(b.createdAt)!,
  }));
  return { data, total: data.length, total_is_estimate: false };
}

/** The client's beneficiaries (nominees). */
export async function clientNominees(c: Ctx, id: number) {
  await clientInScope(c.db, byStaff(signedIn(c)), id);
  const rows = await c.db
    .select()
    .from(clientNominee)
    .where(eq(clientNominee.clientId, id))
    .orderBy(desc(clientNominee.sharePercent), asc(clientNominee.id))
    .limit(1000);
  const data = rows.map((n) => ({
    id: n.id,
    name: n.name,
    relationship: n.relationship,
    phone: n.phone,
    dob: n.dob,
    share_percent: n.sharePercent,
    created_at: iso(n.createdAt)!,
  }));
  return { data, total: data.length, total_is_estimate: false };
}
