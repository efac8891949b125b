/**
 * Exchange between two accounts of the same client (POST /acc/admin/v1/exchange/{clientId}).
 *
 * - amount: in the source currency, > 0, at most 2 decimals (more are refused, not rounded), at most the source balance.
 * - rate: the server's current rate (source -> target, 8 decimals) less the spread (global config fx.spread plus the
 *   pair's spread, a fraction; rates.ts exchangeQuote); same currency = 1. When the request carries the rate the
 *   console showed (GET /currency/admin/v1/rate?purpose=exchange), it must equal it at 6 decimals (what the console
 *   displays), else 409 rate_changed and nothing moves. 409 rate_round_trip_gain when the current rates let a round
 *   trip through this leg (and its reverse, or two other rates) gain: nothing moves until the rates are corrected.
 * - target amount = amount × rate, rounded DOWN to cents (domain/exchange.ts exchangeCredit, the function the
 *   console's preview uses): the fraction of a cent stays with the platform, so no round trip gains by rounding;
 *   an amount that converts to 0.00 is refused.
 * - bonus lock travels with the money: the locked part of the source (min(bonus, balance)) is spent last; the part of
 *   `amount` beyond the free balance moves its bonus lock to the target (converted the same way), so an exchange
 *   never turns bonus into withdrawable money.
 * - posting: source -amount, fx[source] +amount, fx[target] -target, target +target (each currency sums to zero);
 *   same currency: source -amount, target +amount. Completed at once, one exchange_record.
 * - maker-checker: at or above the tenant's exchange tier (approval/gate.ts) the record is created `pending` (priced
 *   for information, nothing moves) and executed when its checkers approve, at the rate current at that moment (a
 *   rate locked at the request would leave the platform the market move while the approval waits).
 */
import { and, eq } from 'drizzle-orm';
import { exchangeRecord } from '../../db/schema';
import { NotFoundError, RateChangedError, StateConflictError, ValidationError } from '../../core/errors';
import { InsufficientFundsError } from '../../ledger/errors';
import { divHalfEven, fromCents, fromRateUnits, maxBig, minBig, parseScaled, toCents } from '../../ledger/money';
import { exchangeCredit } from '../../../domain/exchange';
import { lockAccounts, postTransaction } from '../../ledger/post';
import type { LedgerLine } from '../../ledger/types';
import type { Executor } from '../../core/db';
import { accountOfClient, clientInScope, idOf, iso, money2, positiveCents, type Actor } from '../records/common';
import { exchangeQuote } from './rates';
import type { ExchangeInput } from './schemas';
import { assertPairEnabled } from '../currency_pair/service';
import { auditGate, checkersFor, openApproval } from '../approval/gate';

type ExchangeRow = typeof exchangeRecord.$inferSelect;

/** The API shape of an exchange record. */
export function presentExchange(r: ExchangeRow) {
  return {
    id: r.id,
    client_id: r.clientId,
    from_account: r.fromAccountId,
    to_account: r.toAccountId,
    from_currency: r.fromCurrency,
    to_currency: r.toCurrency,
    amount: money2(r.amount),
    rate: r.rate,
    to_amount: money2(r.toAmount),
    bonus_moved: money2(r.bonusMoved),
    txn_id: r.txnId,
    status: r.status,
    created_by: r.createdBy,
    created_at: iso(r.createdAt),
  };
}
export type ExchangeView = ReturnType<typeof presentExchange>;

/** Rounds a decimal rate (up to 16 decimals) to 6 decimals half-even, in 1e-6 units. */
const rate6 = (value: unknown) => divHalfEven(parseScaled(value, 16, 'rate'), 10n ** 10n);

/** What an exchange moves at a rate: the target amount and the bonus lock that travels (source and target). */
interface Movement {
  rate: bigint;
  toAmount: bigint;
  bonusMoved: bigint;
  bonusTo: bigint;
}

/**
 * Checks the source balance and prices `amount` at the current rate (locks both accounts, fixed order): 409
 * insufficient_funds beyond the source balance, 400 amount_too_small when it converts to 0.00.
 */
async function price(
  tx: Executor,
  actor: Actor,
  from: { id: number; currency: string },
  to: { id: number; currency: string },
  amount: bigint,
): Promise<Movement> {
  const locked = await lockAccounts(tx, actor.tenantId, [from.id, to.id]);
  const src = locked.get(from.id)!;
  if (src.agg.balance <= 0n) throw new InsufficientFundsError('The source account has no balance');
  if (amount > src.agg.balance)
    throw new InsufficientFundsError(`Amount exceeds the source balance ${fromCents(src.agg.balance)}`);
  const { rate } = await exchangeQuote(tx, actor.tenantId, from.currency, to.currency);
  const toAmount = exchangeCredit(amount, rate);
  if (toAmount <= 0n)
    throw new ValidationError({
      amount: { code: 'amount_too_small', message: 'amount is too small to exchange at this rate' },
    });
  const lockedBonus = minBig(src.agg.bonus, src.agg.balance);
  const free = src.agg.balance - lockedBonus;
  const bonusMoved = maxBig(0n, amount - free);
  return { rate, toAmount, bonusMoved, bonusTo: exchangeCredit(bonusMoved, rate) };
}

/** Posts the exchange of record `row` as priced by `m` and marks it completed. */
async function post(tx: Executor, actor: Actor, row: ExchangeRow, m: Movement): Promise<ExchangeRow> {
  const amount = toCents(row.amount);
  const source: LedgerLine = {
    accountRef: { type: 'client', id: row.fromAccountId },
    currency: row.fromCurrency,
    amount: -amount,
    effect: { balance: -amount, bonus: -m.bonusMoved },
  };
  const target: LedgerLine = {
    accountRef: { type: 'client', id: row.toAccountId },
    currency: row.toCurrency,
    amount: m.toAmount,
    effect: { balance: m.toAmount, bonus: m.bonusTo },
  };
  const lines: LedgerLine[] =
    row.fromCurrency === row.toCurrency
      ? [source, target]
      : [
          source,
          { accountRef: { type: 'platform', kind: 'fx' }, currency: row.fromCurrency, amount },
          { accountRef: { type: 'platform', kind: 'fx' }, currency: row.toCurrency, amount: -m.toAmount },
          target,
        ];
  const { txnId } = await postTransaction(tx, {
    tenantId: actor.tenantId,
    kind: 'exchange',
    refType: 'exchange',
    refId: row.id,
    createdBy: actor.staff?.id,
    lines,
  });
  const [done] = await tx
    .update(exchangeRecord)
    .set({
      txnId,
      status: 'completed',
      rate: fromRateUnits(m.rate),
      toAmount: fromCents(m.toAmount),
      bonusMoved: fromCents(m.bonusMoved),
    })
    .where(eq(exchangeRecord.id, row.id))
    .returning();
  return done;
}

/**
 * Exchanges `amount` from one of the client's accounts to another: at once below the tenant's exchange tier, else
 * the record is created pending (priced at the current rate, for information) with an approval, and nothing moves
 * until its checkers approve (decideExchange, at the rate of that moment).
 */
export async function exchange(
  tx: Executor,
  actor: Actor,
  clientId: number,
  input: ExchangeInput,
): Promise<ExchangeView> {
  await clientInScope(tx, actor, clientId);
  const fromId = idOf(input.from_account, 'from_account');
  const toId = idOf(input.to_account, 'to_account');
  if (fromId === toId)
    throw new ValidationError({
      to_account: { code: 'same_account', message: 'The target account must differ from the source' },
    });
  const amount = positiveCents(input.amount);
  const [from, to] = [await accountOfClient(tx, clientId, fromId), await accountOfClient(tx, clientId, toId)];
  await assertPairEnabled(tx, actor.tenantId, from.currency, to.currency);
  const m = await price(tx, actor, from, to, amount);
  if (input.rate !== undefined && input.rate !== null && input.rate !== '') {
    if (rate6(input.rate) !== divHalfEven(m.rate, 100n)) throw new RateChangedError(fromRateUnits(m.rate));
  }
  const required = await checkersFor(tx, actor.tenantId, 'exchange', from.currency, amount);
  const [row] = await tx
    .insert(exchangeRecord)
    .values({
      tenantId: actor.tenantId,
      clientId,
      fromAccountId: from.id,
      toAccountId: to.id,
      fromCurrency: from.currency,
      toCurrency: to.currency,
      amount: fromCents(amount),
      rate: fromRateUnits(m.rate),
      toAmount: fromCents(m.toAmount),
      bonusMoved: fromCents(m.bonusMoved),
      status: required ? 'pending' : 'completed',
      createdBy: actor.staff?.id ?? null,
    })
    .returning();
  if (!required) return presentExchange(await post(tx, actor, row, m));
  await openApproval(tx, actor, {
    kind: 'exchange',
    targetType: 'exchange_record',
    targetId: row.id,
    clientId,
    amount,
    currency: from.currency,
    required,
  });
  return presentExchange(row);
}

/** One exchange record of a client in the actor's scope; else 404. */
export async function exchangeInScope(tx: Executor, actor: Actor, id: number): Promise<ExchangeRow> {
  const [row] = await tx
    .select()
    .from(exchangeRecord)
    .where(and(eq(exchangeRecord.id, id), eq(exchangeRecord.tenantId, actor.tenantId)));
  if (!row) throw new NotFoundError('Exchange');
  await clientInScope(tx, actor, row.clientId).catch(() => {
    throw new NotFoundError('Exchange');
  });
  return row;
}

/**
 * A checker's decision on a pending exchange (PUT /approval/admin/v1/decide/{id}): the last approval moves the money
 * at the rate current then (409 insufficient_funds when the source no longer holds it: the approval stays pending and
 * may be rejected); a rejection ends it with nothing moved.
 */
export async function decideExchange(
  tx: Executor,
  actor: Actor,
  id: number,
  decision: 'approved' | 'rejected',
  remark?: string | null,
): Promise<ExchangeView> {
  await exchangeInScope(tx, actor, id);
  if ((await auditGate(tx, actor, 'exchange_record', id, decision, remark)) === 'wait')
    return presentExchange(await exchangeInScope(tx, actor, id));
  const [row] = await tx
    .update(exchangeRecord)
    .set({ status: decision === 'approved' ? 'pending' : 'rejected' })
    .where(and(eq(exchangeRecord.id, id), eq(exchangeRecord.status, 'pending')))
    .returning();
  if (!row) throw new StateConflictError('Exchange', (await exchangeInScope(tx, actor, id)).status, decision);
  if (decision === 'rejected') return presentExchange(row);
  const m = await price(
    tx,
    actor,
    { id: row.fromAccountId, currency: row.fromCurrency },
    { id: row.toAccountId, currency: row.toCurrency },
    toCents(row.amount),
  );
  return presentExchange(await post(tx, actor, row, m));
}
