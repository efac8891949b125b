/** Client and account creation and the account read model used by the money services and the client drawer. */
import { and, asc, eq } from 'drizzle-orm';
import { account, client, depositRecord, overdrawnRecord, withdrawRecord } from '../../db/schema';
import { ValidationError } from '../../core/errors';
import { fromCents, maxBig, toCents } from '../../ledger/money';
import type { Executor } from '../../core/db';
import { clientInScope, iso, money2, type Actor } from '../records/common';
import { currencyCode } from '../exchange/rates';

export interface NewClient {
  username: string;
  fullName?: string | null;
  mobile?: string | null;
  avatar?: string | null;
  fake?: boolean;
  agentId?: number | null;
  vip?: number;
  score?: number;
  kycStatus?: 'approved' | 'pending' | 'rejected' | 'unverified';
  passwordHash?: string | null;
}

/** The record tables that copy their client's agent_id (db/schema/records.ts recordCommon). */
export const AGENT_COPY_TABLES = [depositRecord, withdrawRecord, overdrawnRecord] as const;

/** Gives every record of the client its new agent (change_agent, inside the transaction that moves the client). */
export async function moveRecordsToAgent(tx: Executor, clientId: number, agentId: number | null): Promise<void> {
  for (const table of AGENT_COPY_TABLES) {
    await tx.update(table).set({ agentId }).where(eq(table.clientId, clientId));
  }
}

/** Creates a client (robot creation, sign-up, seeding). */
export async function createClient(tx: Executor, tenantId: string, input: NewClient) {
  const username = input.username?.trim();
  if (!username) throw new ValidationError({ username: 'Username is required' });
  const [row] = await tx
    .insert(client)
    .values({
      tenantId,
      username,
      fullName: input.fullName ?? null,
      mobile: input.mobile ?? null,
      avatar: input.avatar ?? null,
      fake: input.fake ?? false,
      agentId: input.agentId ?? null,
      vip: input.vip ?? 0,
      score: input.score ?? 100,
      kycStatus: input.kycStatus ?? 'unverified',
      passwordHash: input.passwordHash ?? null,
    })
    .returning();
  return row;
}

/** Opens the client's account in `currency` (one per currency), or returns the existing one. */
export async function openAccount(tx: Executor, tenantId: string, clientId: number, currency: string) {
  const code = currencyCode(currency);
  await tx.insert(account).values({ tenantId, clientId, currency: code }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(account)
    .where(and(eq(account.clientId, clientId), eq(account.currency, code)));
  return row;
}

/** An account as the API answers it (spec section 3 "Account"): amounts as decimal strings. */
export function presentAccount(a: typeof account.$inferSelect) {
  return {
    id: a.id,
    client_id: a.clientId,
    acc_no: a.accNo,
    currency: a.currency,
    balance: money2(a.balance),
    deposit: money2(a.deposit),
    withdrawal: money2(a.withdrawal),
    profit: money2(a.profit),
    compensation: money2(a.compensation),
    bonus: money2(a.bonus),
    loan: money2(a.loan),
    frozen: money2(a.frozen),
    outstanding: money2(a.outstanding),
    withdrawable: money2(withdrawable(a)),
    version: a.version,
    created_at: iso(a.createdAt),
  };
}

/**
 * What the client may withdraw: the balance minus the bonus still locked in it, never below zero.
 * withdrawable = max(0, balance − bonus). Profit, deposits and compensation are withdrawable; bonus is not.
 */
export function withdrawable(a: { balance: string; bonus: string }): string {
  return fromCents(withdrawableCents(toCents(a.balance), toCents(a.bonus)));
}

/** withdrawable in cents: max(0, balance − bonus). */
export const withdrawableCents = (balance: bigint, bonus: bigint): bigint => maxBig(0n, balance - bonus);

/** The client's accounts (GET /acc/admin/v1/list/{id}), scope-checked. */
export async function listAccounts(tx: Executor, actor: Actor, clientId: number) {
  await clientInScope(tx, actor, clientId);
  const rows = await tx.select().from(account).where(eq(account.clientId, clientId)).orderBy(asc(account.id));
  return rows.map(presentAccount);
}
