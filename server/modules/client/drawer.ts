/**
 * What the client drawer reads: detail, username search, agent chain, accounts, holdings, access records, bank cards,
 * beneficiaries and KYC. Each read is limited to the staff member's data scope; a client outside it is "not found".
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { clientAccess, clientBank, clientIdentity, clientNominee, holding } from '../../db/schema';
import { client } from '../../db/schema';
import { staffUser } from '../../db/schema';
import { listPage, paging, type ListParams } from '../../core/list';
import { HttpError } from '../../core/errors';
import { signedIn, type Ctx } from '../../core/context';
import { NotFoundError } from '../../core/errors';
import { proofReadUrl } from '../../storage';
import { byStaff, clientInScope, iso } from '../records/common';
import { clientRow, present, accountsOf, robot } from './rows';
import type { ClientFilters } from './list';

/** The client with agent, team leader and accounts (drawer basic info). */
export async function clientDetail(c: Ctx, id: number) {
  const row = await clientRow(c.db, signedIn(c), eq(client.id, id));
  if (!row) throw new NotFoundError('Client');
  return { ...present(row), accounts: await accountsOf(c.db, id) };
}

/** Exact username search within the scope; not found (spec message) when missing or without accounts. */
export async function findByUsername(c: Ctx, username: string, fake?: ClientFilters['fake']) {
  const isRobot = robot(fake);
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

/** The client's holdings (the trading modules write them). */
export async function clientHoldings(c: Ctx, id: number) {
  await clientInScope(c.db, byStaff(signedIn(c)), id);
  const rows = await c.db
    .select({ h: holding, cost: sql<string>`round(${holding.quantity} * ${holding.avgPrice}, 2)::text` })
    .from(holding)
    .where(eq(holding.clientId, id))
    .orderBy(asc(holding.id))
    .limit(1000);
  const data = rows.map(({ h, cost }) => ({
    id: h.id,
    product_type: h.productType,
    symbol: h.symbol,
    name: h.name,
    currency: h.currency,
    quantity: h.quantity,
    avg_price: h.avgPrice,
    cost,
    created_at: iso(h.createdAt)!,
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

/** A URL an <img> loads for a stored identity image: a short-lived signed one for our files, else an http(s) URL as stored. */
const imageUrl = (stored: string | null | undefined) =>
  proofReadUrl(stored) ?? (stored && /^https?:\/\//i.test(stored) ? stored : null);

/** The client's real-name (KYC) record: status from the client, identity fields when submitted. */
export async function clientKyc(c: Ctx, id: number) {
  const row = await clientInScope(c.db, byStaff(signedIn(c)), id);
  const [k] = await c.db.select().from(clientIdentity).where(eq(clientIdentity.clientId, id));
  return {
    client_id: row.id,
    username: row.username,
    kyc_status: row.kycStatus,
    real_name: k?.realName ?? null,
    id_type: k?.idType ?? null,
    id_number: k?.idNumber ?? null,
    nationality: k?.nationality ?? null,
    dob: k?.dob ?? null,
    address: k?.address ?? null,
    front_image: k?.frontImage ?? null,
    back_image: k?.backImage ?? null,
    selfie_image: k?.selfieImage ?? null,
    front_image_url: imageUrl(k?.frontImage),
    back_image_url: imageUrl(k?.backImage),
    selfie_image_url: imageUrl(k?.selfieImage),
    submitted_at: iso(k?.submittedAt),
    reviewed_at: iso(k?.reviewedAt),
    remark: k?.remark ?? null,
  };
}
