/**
 * Clients as staff see them: list, export, detail and the drawer's tabs, and the client actions. Every read and
 * action is limited to the staff member's data scope (services/scope.ts); a client outside it is "not found".
 */
import { createHmac, randomInt } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  clientAccess,
  clientBank,
  clientIdentity,
  clientNominee,
  clientResetCode,
  holding,
} from '../../db/client-schema';
import { account, client } from '../../db/funds-schema';
import { staffUser } from '../../db/schema';
import { afterId, EXPORT_BATCH, listPage, paging, type CsvColumn, type ListParams } from '../../lib/list';
import { HttpError } from '../../plugins/errors';
import { signedIn, type Ctx } from '../../plugins/context';
import { NotFoundError, ValidationError } from '../../ledger/errors';
import { fromCents, toCents } from '../../ledger/money';
import type { Executor, Tx } from '../../ledger/types';
import { sqlState, withRetry } from '../../ledger/retry';
import { hashPassword } from '../../security/password';
import { createClient, moveRecordsToAgent, openAccount, presentAccount } from '../../services/clients';
import { byStaff, clientInScope, iso } from '../../services/funds-common';
import { clientScope, type StaffScope } from '../../services/scope';

/** How long a temporary password-reset code stays valid. */
export const RESET_CODE_TTL_SEC = 600;

/** Filters of the client list and export. */
export interface ClientFilters {
  username?: string;
  mobile?: string;
  active?: boolean;
  fake?: 'real' | 'robot' | 'true' | 'false';
  agent_id?: number;
  leader_id?: number;
  vip?: number;
  kyc_status?: string;
  created_from?: string;
  created_to?: string;
}

/** Trade settings of a client (stored in client.trade_settings). */
export interface TradeSettings {
  buy_enabled: boolean;
  sell_enabled: boolean;
  max_leverage: number;
  daily_limit: string | null;
}

/** What a client without saved settings may do. */
export const DEFAULT_TRADE_SETTINGS: TradeSettings = {
  buy_enabled: true,
  sell_enabled: true,
  max_leverage: 1,
  daily_limit: null,
};

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

type Row = Awaited<ReturnType<typeof selectRows>>[number];

function selectRows(db: Executor, where: SQL | undefined, cursorKey: SQL<string> = sql<string>`''`) {
  return db
    .select({ ...rowColumns, _cursor: cursorKey })
    .from(client)
    .leftJoin(agent, eq(agent.id, client.agentId))
    .leftJoin(leader, eq(leader.id, agent.leaderId))
    .where(where)
    .$dynamic();
}

/** A client as the API answers it (spec section 3 "Client"); `superman` is the team leader's name. */
function present(r: Row) {
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

const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const robot = (fake: ClientFilters['fake']) => (fake === undefined ? undefined : fake === 'robot' || fake === 'true');

/** The SQL condition of the filters, within the staff member's scope. */
export function clientWhere(staff: StaffScope, f: ClientFilters): SQL {
  const conds: (SQL | undefined)[] = [clientScope(staff)];
  if (f.username) conds.push(sql`${client.username} LIKE ${likePrefix(f.username)}`);
  if (f.mobile) conds.push(eq(client.mobile, f.mobile));
  if (f.active !== undefined) conds.push(eq(client.active, f.active));
  if (f.fake !== undefined) conds.push(eq(client.fake, robot(f.fake)!));
  if (f.agent_id) conds.push(eq(client.agentId, f.agent_id));
  if (f.leader_id) {
    conds.push(sql`${client.agentId} IN (SELECT s.id FROM staff_user s WHERE s.tenant_id = ${staff.tenantId}
      AND (s.id = ${f.leader_id} OR s.leader_id = ${f.leader_id}))`);
  }
  if (f.vip !== undefined) conds.push(eq(client.vip, f.vip));
  if (f.kyc_status) conds.push(eq(client.kycStatus, f.kyc_status));
  if (f.created_from) conds.push(gte(client.createdAt, new Date(f.created_from)));
  if (f.created_to) {
    // A bare date includes that whole day.
    conds.push(
      /^\d{4}-\d{2}-\d{2}$/.test(f.created_to)
        ? lt(client.createdAt, new Date(Date.parse(f.created_to) + 86_400_000))
        : lte(client.createdAt, new Date(f.created_to)),
    );
  }
  return and(...conds)!;
}

const SORT = {
  // create_datetime: the console's name of created_at.
  columns: {
    id: client.id,
    created_at: client.createdAt,
    create_datetime: client.createdAt,
    username: client.username,
  },
  defaultSort: 'created_at',
  defaultOrder: 'desc' as const,
  tiebreak: client.id,
};

/** One page of the client list (lib/list.ts listPage: keyset cursor, cached total, one query for the rows). */
export async function listClients(c: Ctx, q: ClientFilters & ListParams) {
  const where = clientWhere(signedIn(c), q);
  const plan = paging(q, SORT);
  const { rows, ...page } = await listPage(
    c.db,
    client,
    where,
    plan,
    (inPage, cursorKey) => selectRows(c.db, inPage, cursorKey).orderBy(...plan.orderBy),
    { search: !!q.username },
  );
  return { data: rows.map(present), ...page };
}

/** Columns of the client CSV export. */
export const CLIENT_CSV: CsvColumn<Row>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'username', value: (r) => r.username },
  { header: 'full_name', value: (r) => r.fullName },
  { header: 'mobile', value: (r) => r.mobile },
  { header: 'type', value: (r) => (r.fake ? 'robot' : 'real') },
  { header: 'active', value: (r) => r.active },
  { header: 'score', value: (r) => r.score },
  { header: 'vip', value: (r) => r.vip },
  { header: 'agent_name', value: (r) => present(r).agent_name },
  { header: 'superman', value: (r) => present(r).superman },
  { header: 'kyc_status', value: (r) => r.kycStatus },
  { header: 'create_datetime', value: (r) => iso(r.createdAt) },
];

/** The export's batch reader: the next EXPORT_BATCH matching clients after `last`, by id. */
export function clientExportBatches(c: Ctx, f: ClientFilters) {
  const where = clientWhere(signedIn(c), f);
  return (last: Row | null) =>
    selectRows(c.db, afterId(where, client.id, last?.id ?? null))
      .orderBy(asc(client.id))
      .limit(EXPORT_BATCH);
}

async function clientRow(db: Executor, staff: StaffScope, where: SQL): Promise<Row | undefined> {
  const [row] = await selectRows(db, and(where, clientScope(staff))).limit(1);
  return row;
}

async function accountsOf(db: Executor, clientId: number) {
  const rows = await db.select().from(account).where(eq(account.clientId, clientId)).orderBy(asc(account.id));
  return rows.map(presentAccount);
}

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

type ClientRecord = typeof client.$inferSelect;

/**
 * Changes one client in scope inside a transaction (row locked) and audits before/after;
 * an attempt on a client outside the scope is audited as a failure and answered 404.
 */
async function changeClient<V>(
  c: Ctx,
  id: number,
  action: string,
  patch: (row: ClientRecord) => Partial<ClientRecord>,
  view: (row: ClientRecord) => V,
  alsoInTx?: (tx: Tx, updated: ClientRecord) => Promise<unknown>,
): Promise<V> {
  const staff = signedIn(c);
  const result = await withRetry(c.db, async (tx) => {
    const [row] = await tx
      .select()
      .from(client)
      .where(and(eq(client.id, id), clientScope(staff)))
      .for('update');
    if (!row) return null;
    const [updated] = await tx.update(client).set(patch(row)).where(eq(client.id, id)).returning();
    await alsoInTx?.(tx, updated);
    return { before: view(row), after: view(updated) };
  });
  if (!result) {
    await c.audit({ action, resource: 'client', targetId: id, result: 'failure', detail: 'not_found' });
    throw new NotFoundError('Client');
  }
  await c.audit({
    action,
    resource: 'client',
    targetId: id,
    before: result.before,
    after: result.after,
    result: 'success',
  });
  return result.after;
}

/** Enables or disables a client (flips it when `active` is not given). */
export const setActive = (c: Ctx, id: number, active?: boolean) =>
  changeClient(
    c,
    id,
    'client.status',
    (r) => ({ active: active ?? !r.active }),
    (r) => ({ active: r.active }),
  );

/** Marks a client real or robot (flips it when `fake` is not given). */
export const setFake = (c: Ctx, id: number, fake?: boolean) =>
  changeClient(
    c,
    id,
    'client.fake',
    (r) => ({ fake: fake ?? !r.fake }),
    (r) => ({ fake: r.fake }),
  );

/** Forces the client offline: client-app sessions issued under the old session version stop working. */
export const forceOffline = (c: Ctx, id: number) =>
  changeClient(
    c,
    id,
    'client.offline',
    (r) => ({ sessionVersion: r.sessionVersion + 1 }),
    (r) => ({ session_version: r.sessionVersion }),
  );

/** Sets the client-app password (MD5 wire hash, stored argon2id); the client's sessions end. */
export async function resetPassword(c: Ctx, id: number, wirePassword: string): Promise<void> {
  const passwordHash = await hashPassword(wirePassword.toLowerCase(), c.config.passwordPepper);
  await changeClient(
    c,
    id,
    'client.reset_password',
    (r) => ({ passwordHash, sessionVersion: r.sessionVersion + 1 }),
    (r) => ({ password_set: r.passwordHash !== null, session_version: r.sessionVersion }),
  );
}

/** Moves the client (and its records' agent copy) to another agent: an active salesman or team leader of the tenant. */
export async function changeAgent(c: Ctx, id: number, userId: number): Promise<void> {
  const staff = signedIn(c);
  const [target] = await c.db
    .select({ id: staffUser.id })
    .from(staffUser)
    .where(
      and(
        eq(staffUser.id, userId),
        eq(staffUser.tenantId, staff.tenantId),
        inArray(staffUser.role, ['hero', 'superman']),
        eq(staffUser.active, true),
      ),
    );
  if (!target) {
    throw new ValidationError({ user_id: 'The agent must be an active salesman or team leader of this tenant' });
  }
  await changeClient(
    c,
    id,
    'client.change_agent',
    () => ({ agentId: userId }),
    (r) => ({ agent_id: r.agentId }),
    (tx) => moveRecordsToAgent(tx, id, userId),
  );
}

/** The trade settings with defaults for what was never saved. */
export function tradeSettingsOf(row: { tradeSettings: unknown }): TradeSettings {
  return { ...DEFAULT_TRADE_SETTINGS, ...(row.tradeSettings as Partial<TradeSettings>) };
}

/** The client's trade settings. */
export async function getTradeSettings(c: Ctx, id: number): Promise<TradeSettings> {
  return tradeSettingsOf(await clientInScope(c.db, byStaff(signedIn(c)), id));
}

/** Saves some or all trade settings; answers the full settings. */
export async function saveTradeSettings(
  c: Ctx,
  id: number,
  input: Partial<Omit<TradeSettings, 'daily_limit'>> & { daily_limit?: string | number | null },
): Promise<TradeSettings> {
  const { daily_limit, ...rest } = input;
  const changes: Partial<TradeSettings> = rest;
  if (daily_limit !== undefined) {
    const cents = daily_limit === null ? null : toCents(daily_limit, 'daily_limit');
    if (cents !== null && cents < 0n) throw new ValidationError({ daily_limit: 'daily_limit must not be negative' });
    changes.daily_limit = cents === null ? null : fromCents(cents);
  }
  return changeClient(
    c,
    id,
    'client.trade_settings',
    (r) => ({ tradeSettings: { ...tradeSettingsOf(r), ...changes } }),
    tradeSettingsOf,
  );
}

const codeHash = (pepper: string, clientId: number, code: string) =>
  createHmac('sha256', pepper).update(`client-reset:${clientId}:${code}`).digest('hex');

/**
 * A new 6-digit temporary code for the client's password reset, valid RESET_CODE_TTL_SEC and shown once
 * (stored hashed; a new code replaces the previous one).
 */
export async function issueResetCode(c: Ctx, id: number) {
  const staff = signedIn(c);
  await clientInScope(c.db, byStaff(staff), id);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(Date.now() + RESET_CODE_TTL_SEC * 1000);
  const values = {
    codeHash: codeHash(c.config.passwordPepper, id, code),
    expiresAt,
    createdBy: staff.id,
    usedAt: null,
  };
  await c.db
    .insert(clientResetCode)
    .values({ clientId: id, ...values })
    .onConflictDoUpdate({ target: clientResetCode.clientId, set: { ...values, createdAt: sql`now()` } });
  await c.audit({
    action: 'client.reset_code',
    resource: 'client',
    targetId: id,
    after: { expires_at: expiresAt.toISOString() },
    result: 'success',
  });
  return { code, expires_in: RESET_CODE_TTL_SEC, expires_at: expiresAt.toISOString() };
}

/** Whether `code` is the client's current, unexpired, unused reset code (for the client app's reset flow). */
export async function checkResetCode(db: Executor, pepper: string, clientId: number, code: string): Promise<boolean> {
  const [row] = await db.select().from(clientResetCode).where(eq(clientResetCode.clientId, clientId));
  return (
    !!row && !row.usedAt && row.expiresAt.getTime() > Date.now() && row.codeHash === codeHash(pepper, clientId, code)
  );
}

/** Creates a robot client (fake) with accounts; the agent defaults to the creator when he has clients himself. */
export async function createRobot(
  c: Ctx,
  input: {
    username: string;
    password?: string;
    full_name?: string;
    mobile?: string;
    agent_id?: number;
    vip?: number;
    currencies?: string[];
  },
) {
  const staff = signedIn(c);
  let agentId: number | null = staff.role === 'hero' || staff.role === 'superman' ? staff.id : null;
  if (input.agent_id !== undefined && input.agent_id !== agentId) {
    // The agent must be one whose clients the creator may see, so the new client is inside his scope.
    const [target] = await c.db
      .select({ id: staffUser.id })
      .from(staffUser)
      .where(
        and(
          eq(staffUser.id, input.agent_id),
          eq(staffUser.tenantId, staff.tenantId),
          sql`${staffUser.role} IN ('hero', 'superman')`,
          staff.role === 'hero' ? sql`false` : staff.role === 'superman' ? eq(staffUser.leaderId, staff.id) : undefined,
        ),
      );
    if (!target) throw new ValidationError({ agent_id: 'The agent must be a salesman or team leader in your scope' });
    agentId = target.id;
  }
  const passwordHash = input.password
    ? await hashPassword(input.password.toLowerCase(), c.config.passwordPepper)
    : null;
  const id = await withRetry(c.db, async (tx) => {
    const created = await createClient(tx, staff.tenantId, {
      username: input.username,
      fullName: input.full_name ?? null,
      mobile: input.mobile ?? null,
      fake: true,
      agentId,
      vip: input.vip ?? 0,
      passwordHash,
    });
    for (const currency of input.currencies ?? ['USD']) await openAccount(tx, staff.tenantId, created.id, currency);
    return created.id;
  }).catch((e) => {
    if (sqlState(e) !== '23505') throw e; // unique (tenant, username)
    throw new HttpError(409, 'username_taken', 'This username is already taken', {
      username: 'This username is already taken',
    });
  });
  const detail = await clientDetail(c, id);
  await c.audit({ action: 'client.create', resource: 'client', targetId: id, after: detail, result: 'success' });
  return detail;
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
  const rows = await c.db.select().from(holding).where(eq(holding.clientId, id)).orderBy(asc(holding.id)).limit(1000);
  const data = rows.map((h) => ({
    id: h.id,
    product_type: h.productType,
    symbol: h.symbol,
    name: h.name,
    currency: h.currency,
    quantity: h.quantity,
    avg_price: h.avgPrice,
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
  const { rows, ...page } = await listPage(c.db, clientAccess, where, plan, (inPage, cursorKey) =>
    c.db
      .select({ r: clientAccess, _cursor: cursorKey })
      .from(clientAccess)
      .where(inPage)
      .orderBy(...plan.orderBy),
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
    submitted_at: iso(k?.submittedAt),
    reviewed_at: iso(k?.reviewedAt),
    remark: k?.remark ?? null,
  };
}
