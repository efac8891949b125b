/** Shared helpers of the money services: scoped look-ups, amount validation and presentation. */
import { and, eq } from 'drizzle-orm';
import { account, client } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../core/errors';
import { fromCents, toCents } from '../../ledger/money';
import type { Executor } from '../../core/db';
import { clientScope, type StaffScope } from '../../core/scope';

/**
 * Who acts: a staff member (scope-checked) or the platform itself on behalf of a client (client-app requests,
 * seeding): `{ tenantId, staff: null }`.
 */
export interface Actor {
  tenantId: string;
  staff: StaffScope | null;
}

/** A staff actor. */
export const byStaff = (staff: StaffScope): Actor => ({ tenantId: staff.tenantId, staff });
/** The platform acting for a client (no staff member, no scope). */
export const bySystem = (tenantId: string): Actor => ({ tenantId, staff: null });

/** The one rule of an amount in a request (API contract item 4): digits, optionally a point and 1 or 2 decimals. */
export const AMOUNT_PATTERN = '^\\d+(\\.\\d{1,2})?$';
const AMOUNT = new RegExp(AMOUNT_PATTERN);
/** The largest JSON number taken as an amount: its cents stay a safe integer (larger amounts: send a string). */
export const MAX_NUMBER_AMOUNT = Math.floor(Number.MAX_SAFE_INTEGER / 100);

/**
 * A positive amount of a request, in cents: a decimal string matching AMOUNT_PATTERN or a finite JSON number with at
 * most 2 decimals up to MAX_NUMBER_AMOUNT. Exponent notation, more decimals, arrays, objects and booleans are refused
 * (400 validation, errors[field]); nothing is rounded.
 */
export function positiveCents(value: unknown, field = 'amount'): bigint {
  if (value === undefined || value === null || value === '')
    throw new ValidationError({ [field]: `${field} is required` });
  if (typeof value === 'number' && !(Number.isFinite(value) && Math.abs(value) <= MAX_NUMBER_AMOUNT))
    throw new ValidationError({ [field]: `${field} is too large for a JSON number; send it as a decimal string` });
  if (typeof value !== 'number' && typeof value !== 'string')
    throw new ValidationError({ [field]: `${field} must be a decimal number` });
  // A number's shortest round-trip text: 0.1 + 0.2 reads "0.30000000000000004" (more than 2 decimals), 1e21 "1e+21".
  const text = String(value);
  if (!AMOUNT.test(text)) {
    if (/^-/.test(text)) throw new ValidationError({ [field]: `${field} must be greater than 0` });
    if (/^\d+\.\d{3,}$/.test(text)) throw new ValidationError({ [field]: `${field} allows at most 2 decimals` });
    throw new ValidationError({ [field]: `${field} must be a decimal number (digits, at most 2 decimals)` });
  }
  const c = toCents(text, field);
  if (c <= 0n) throw new ValidationError({ [field]: `${field} must be greater than 0` });
  return c;
}

/** An integer id from a path or body value. */
export function idOf(value: unknown, field = 'id'): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw new ValidationError({ [field]: `${field} is invalid` });
  return n;
}

/**
 * The client, if it exists in the actor's tenant and scope; else NotFoundError. `forRecord`: the client of a record
 * about to be made, read FOR SHARE so that change_agent (FOR UPDATE) cannot move it before the record, which copies
 * its agent_id, commits.
 */
export async function clientInScope(tx: Executor, actor: Actor, clientId: number, forRecord = false) {
  const where = actor.staff
    ? and(eq(client.id, clientId), clientScope(actor.staff))
    : and(eq(client.id, clientId), eq(client.tenantId, actor.tenantId));
  const query = tx.select().from(client).where(where);
  const [row] = await (forRecord ? query.for('share') : query);
  if (!row) throw new NotFoundError('Client');
  return row;
}

/** The account with its client, if the client is in the actor's scope; else NotFoundError (forRecord: see clientInScope). */
export async function accountInScope(tx: Executor, actor: Actor, accountId: number, forRecord = false) {
  const [row] = await tx
    .select({ clientId: account.clientId })
    .from(account)
    .where(and(eq(account.id, accountId), eq(account.tenantId, actor.tenantId)));
  if (!row) throw new NotFoundError('Account');
  const c = await clientInScope(tx, actor, row.clientId, forRecord).catch(() => {
    throw new NotFoundError('Account');
  });
  const [acc] = await tx.select().from(account).where(eq(account.id, accountId));
  return { client: c, account: acc };
}

/** The account `accountId` of client `clientId` (the client already scope-checked); else NotFoundError. */
export async function accountOfClient(tx: Executor, clientId: number, accountId: number) {
  const [acc] = await tx
    .select()
    .from(account)
    .where(and(eq(account.id, accountId), eq(account.clientId, clientId)));
  if (!acc) throw new NotFoundError('Account');
  return acc;
}

/**
 * What a new record of client `clientId` rests on (deposit, withdrawal and loan requests): the client in scope, read
 * FOR SHARE (see clientInScope), its account `account_id`, and the positive amount, validated in that order.
 */
export async function recordTarget(
  tx: Executor,
  actor: Actor,
  clientId: number,
  input: { account_id?: unknown; amount: unknown },
) {
  const owner = await clientInScope(tx, actor, clientId, true);
  if (input.account_id === undefined || input.account_id === null)
    throw new ValidationError({ account_id: 'account_id is required' });
  const acc = await accountOfClient(tx, clientId, idOf(input.account_id, 'account_id'));
  return { owner, acc, amount: positiveCents(input.amount) };
}

/** A decimal string already as fromCents writes it: 2 decimals, no leading zeros, no "-0.00". */
const MONEY2 = /^(?:-(?!0\.00$))?(?:0|[1-9]\d{0,17})\.\d\d$/;

/**
 * Re-normalises a numeric string to exactly 2 decimals. A numeric(20,2) column's text is already in that form and is
 * answered as is (a list page used to parse every amount into a BigInt and print it back).
 */
export const money2 = (v: string | null | undefined): string | null =>
  v == null ? null : MONEY2.test(v) ? v : fromCents(toCents(v));

/** ISO timestamp of a drizzle timestamp (Date) or a raw driver value. */
export const iso = (v: unknown): string | null =>
  v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString();

/** The columns every money record has (deposit, withdrawal, overdrawn), as the database answers them. */
interface RecordRow {
  id: number;
  clientId: number;
  accountId: number;
  currency: string;
  amount: string;
  status: string;
  remark: string | null;
  createdBy: number | null;
  resolvedBy: number | null;
  resolvedAt: unknown;
  rolledBackBy: number | null;
  rolledBackAt: unknown;
  reversalTxnId: number | null;
  createdAt: unknown;
}

/** The view fields every money record shares (the record schemas' common part); each area adds its own. */
export function presentRecord(r: RecordRow) {
  return {
    id: r.id,
    client_id: r.clientId,
    account_id: r.accountId,
    currency: r.currency,
    amount: money2(r.amount),
    status: r.status,
    remark: r.remark,
    created_by: r.createdBy,
    resolved_by: r.resolvedBy,
    resolved_at: iso(r.resolvedAt),
    rolled_back_by: r.rolledBackBy,
    rolled_back_at: iso(r.rolledBackAt),
    reversal_txn_id: r.reversalTxnId,
    created_at: iso(r.createdAt),
  };
}

/** Rate and credited amount of a record that converts nothing: the account moves the amount in its own currency. */
export const unconverted = (r: { currency: string; amount: string }) => ({
  rate: '1',
  credit_currency: r.currency,
  credit_amount: money2(r.amount),
});
