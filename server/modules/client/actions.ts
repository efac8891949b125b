/**
 * The client actions: enable/disable, real/robot, force offline, password reset and temporary code, change agent,
 * trade settings and robot creation. Each locks the client in scope, changes it in one transaction and is audited.
 */
import { createHmac, randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { clientResetCode } from '../../db/schema';
import { client } from '../../db/schema';
import { staffUser } from '../../db/schema';
import { HttpError } from '../../core/errors';
import { signedIn, type Ctx } from '../../core/context';
import { NotFoundError, ValidationError } from '../../core/errors';
import { fromCents, toCents } from '../../ledger/money';
import type { Executor, Tx } from '../../core/db';
import { sqlState } from '../../core/retry';
import { writeIn } from '../../core/write';
import { hashPassword } from '../../security/password';
import { createClient, moveRecordsToAgent, openAccount } from './service';
import { byStaff, clientInScope } from '../records/common';
import { clientScope } from '../../core/scope';
import { clientDetail } from './drawer';

type ClientRecord = typeof client.$inferSelect;

/** How long a temporary password-reset code stays valid. */
export const RESET_CODE_TTL_SEC = 600;

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

/**
 * Changes one client in scope (row locked) through the one write helper: the audit row with before/after in the same
 * transaction; an attempt on a client outside the scope is audited as a failure and answered 404.
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
  const result = await writeIn(c, {
    action,
    resource: 'client',
    targetId: id,
    run: async (tx) => {
      const [row] = await tx
        .select()
        .from(client)
        .where(and(eq(client.id, id), clientScope(staff)))
        .for('update');
      if (!row) throw new NotFoundError('Client');
      const [updated] = await tx.update(client).set(patch(row)).where(eq(client.id, id)).returning();
      await alsoInTx?.(tx, updated);
      return { before: view(row), after: view(updated) };
    },
    beforeOf: (r) => r.before,
    after: (r) => r.after,
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

/**
 * The one "offline" change: the client's session version moves on, so client-app sessions issued under the old one
 * stop working. Used for one client (forceOffline) and for every client of a tenant (forceAllOffline).
 */
const offlineSet = () => ({ sessionVersion: sql<number>`${client.sessionVersion} + 1` });

/** Forces the client offline: client-app sessions issued under the old session version stop working. */
export const forceOffline = (c: Ctx, id: number) =>
  changeClient(c, id, 'client.offline', offlineSet as unknown as () => Partial<ClientRecord>, (r) => ({
    session_version: r.sessionVersion,
  }));

/**
 * Forces every client of the tenant offline (an emergency plan's effect, inside the caller's audited transaction):
 * the same change as forceOffline on each row; answers how many clients.
 */
export async function forceAllOffline(tx: Executor, tenantId: string): Promise<number> {
  const rows = await tx
    .update(client)
    .set(offlineSet())
    .where(eq(client.tenantId, tenantId))
    .returning({ id: client.id });
  return rows.length;
}

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
    throw new ValidationError({
      user_id: { code: 'agent_invalid', message: 'The agent must be an active salesman or team leader of this tenant' },
    });
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
  await writeIn(c, {
    action: 'client.reset_code',
    resource: 'client',
    targetId: id,
    run: (tx) =>
      tx
        .insert(clientResetCode)
        .values({ clientId: id, ...values })
        .onConflictDoUpdate({ target: clientResetCode.clientId, set: { ...values, createdAt: sql`now()` } }),
    after: () => ({ expires_at: expiresAt.toISOString() }),
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
    if (!target)
      throw new ValidationError({
        agent_id: { code: 'agent_invalid', message: 'The agent must be a salesman or team leader in your scope' },
      });
    agentId = target.id;
  }
  const passwordHash = input.password
    ? await hashPassword(input.password.toLowerCase(), c.config.passwordPepper)
    : null;
  const detail = await writeIn<Awaited<ReturnType<typeof clientDetail>>>(c, {
    action: 'client.create',
    resource: 'client',
    targetId: (d) => d.id,
    run: async (tx) => {
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
      return clientDetail(c, created.id, tx);
    },
  }).catch((e) => {
    if (sqlState(e) !== '23505') throw e; // unique (tenant, username)
    throw new HttpError(409, 'username_taken', 'This username is already taken', {
      username: 'This username is already taken',
    });
  });
  return detail;
}
