/**
 * Exchange between two accounts of the same client (POST /acc/admin/v1/exchange/{clientId}).
 *
 * - amount: in the source currency, > 0, at most 2 decimals (more are refused, not rounded), at most the source balance.
 * - rate: the server's current rate (source -> target, 8 decimals); same currency = 1. When the request carries the
 *   rate the console showed, it must equal the current rate at 6 decimals (what the console displays), else
 *   409 rate_changed and nothing moves.
 * - target amount = amount × rate, rounded HALF-EVEN to cents (banker's rounding: no systematic drift either way);
 *   an amount that converts to 0.00 is refused.
 * - bonus lock travels with the money: the locked part of the source (min(bonus, balance)) is spent last; the part of
 *   `amount` beyond the free balance moves its bonus lock to the target (converted the same way), so an exchange
 *   never turns bonus into withdrawable money.
 * - posting: source -amount, fx[source] +amount, fx[target] -target, target +target (each currency sums to zero);
 *   same currency: source -amount, target +amount. Completed at once, one exchange_record.
 */
import { eq } from 'drizzle-orm';
import { exchangeRecord } from '../../db/schema';
import { RateChangedError, ValidationError } from '../../core/errors';
import { InsufficientFundsError } from '../../ledger/errors';
import { convert, divHalfEven, fromCents, fromRateUnits, maxBig, minBig, parseScaled } from '../../ledger/money';
import { lockAccounts, postTransaction } from '../../ledger/post';
import type { LedgerLine } from '../../ledger/types';
import type { Executor } from '../../core/db';
import { accountOfClient, clientInScope, idOf, iso, money2, positiveCents, type Actor } from '../records/common';
import { rateUnits } from './rates';

export interface ExchangeInput {
  from_account: number | string;
  to_account: number | string;
  amount: string | number;
  rate?: string | number | null;
}

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
    created_by: r.createdBy,
    created_at: iso(r.createdAt),
  };
}
export type ExchangeView = ReturnType<typeof presentExchange>;

/** Rounds a decimal rate (up to 16 decimals) to 6 decimals half-even, in 1e-6 units. */
const rate6 = (value: unknown) => divHalfEven(parseScaled(value, 16, 'rate'), 10n ** 10n);

/** Exchanges `amount` from one of the client's accounts to another. */
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
  const locked = await lockAccounts(tx, actor.tenantId, [from.id, to.id]);
  const src = locked.get(from.id)!;
  if (src.agg.balance <= 0n) throw new InsufficientFundsError('The source account has no balance');
  if (amount > src.agg.balance)
    throw new InsufficientFundsError(`Amount exceeds the source balance ${fromCents(src.agg.balance)}`);

  const rate = await rateUnits(tx, actor.tenantId, from.currency, to.currency);
  if (input.rate !== undefined && input.rate !== null && input.rate !== '') {
    if (rate6(input.rate) !== divHalfEven(rate, 100n)) throw new RateChangedError(fromRateUnits(rate));
  }
  const toAmount = convert(amount, rate);
  if (toAmount <= 0n)
    throw new ValidationError({
      amount: { code: 'amount_too_small', message: 'amount is too small to exchange at this rate' },
    });

  const lockedBonus = minBig(src.agg.bonus, src.agg.balance);
  const free = src.agg.balance - lockedBonus;
  const bonusMoved = maxBig(0n, amount - free);
  const bonusTo = convert(bonusMoved, rate);

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
      rate: fromRateUnits(rate),
      toAmount: fromCents(toAmount),
      bonusMoved: fromCents(bonusMoved),
      createdBy: actor.staff?.id ?? null,
    })
    .returning();
  const source: LedgerLine = {
    accountRef: { type: 'client', id: from.id },
    currency: from.currency,
    amount: -amount,
    effect: { balance: -amount, bonus: -bonusMoved },
  };
  const target: LedgerLine = {
    accountRef: { type: 'client', id: to.id },
    currency: to.currency,
    amount: toAmount,
    effect: { balance: toAmount, bonus: bonusTo },
  };
  const lines: LedgerLine[] =
    from.currency === to.currency
      ? [source, target]
      : [
          source,
          { accountRef: { type: 'platform', kind: 'fx' }, currency: from.currency, amount },
          { accountRef: { type: 'platform', kind: 'fx' }, currency: to.currency, amount: -toAmount },
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
  const [done] = await tx.update(exchangeRecord).set({ txnId }).where(eq(exchangeRecord.id, row.id)).returning();
  return presentExchange(done);
}
