/** Types of the ledger: accounts, aggregates, lines and transactions. */
/**
 * The aggregate columns of an account. `balance` and `frozen` hold money (an entry's amount is their sum);
 * the others are running statistics carried by the same entries:
 * deposit (approved deposits), withdrawal (paid out), profit (trading result), compensation (bonus points),
 * bonus (reward credit still locked in this account: cannot be withdrawn), loan (loans granted),
 * outstanding (loan principal still owed).
 */
export const AGGREGATES = [
  'balance',
  'frozen',
  'deposit',
  'withdrawal',
  'profit',
  'compensation',
  'bonus',
  'loan',
  'outstanding',
] as const;
export type Aggregate = (typeof AGGREGATES)[number];
/** Aggregates that may never go below zero. */
export const NON_NEGATIVE: readonly Aggregate[] = ['balance', 'frozen', 'outstanding', 'bonus'];

/** The platform's counter-accounts, one per tenant, currency and kind. */
export type PlatformKind =
  | 'cash'
  | 'bonus_expense'
  | 'compensation_expense'
  | 'loan_book'
  | 'fx'
  /** The market side of trades: buys in, sales and settlements out (server/modules/trading). */
  | 'trading'
  /** Trading fees earned (buy_fee, sell_fee). */
  | 'fee_income';

export type AccountRef = { type: 'client'; id: number } | { type: 'platform'; kind: PlatformKind };

/** A decimal amount: a decimal string ("12.30"), or integer cents as bigint. */
export type Amount = string | bigint;

export interface LedgerLine {
  accountRef: AccountRef;
  currency: string;
  /** Signed money moved; the lines of a txn sum to zero per currency. */
  amount: Amount;
  /** Deltas of the client account's aggregates. Default `{ balance: amount }`; balance + frozen must equal amount. */
  effect?: Partial<Record<Aggregate, Amount>>;
}

export type TxnKind =
  | 'deposit'
  | 'withdraw_freeze'
  | 'withdraw_payout'
  | 'loan'
  | 'loan_repay'
  | 'compensation'
  | 'bonus'
  | 'exchange'
  | 'profit'
  | 'reversal'
  /** Trading (docs/trading.md): amount + fee frozen for an order under review, and its release. */
  | 'trade_freeze'
  | 'trade_release'
  /** A buy (principal to the market) and its fee; a sale or settlement (proceeds in) and its fee. */
  | 'buy'
  | 'buy_fee'
  | 'sell'
  | 'sell_fee';

export type RefType = 'deposit' | 'withdraw' | 'overdrawn' | 'exchange' | 'trade_order';

export interface PostInput {
  tenantId: string;
  kind: TxnKind;
  lines: LedgerLine[];
  refType?: RefType;
  refId?: number;
  reversesTxnId?: number;
  idempotencyKey?: string;
  createdBy?: number | null;
  memo?: string;
}

/** A locked account row, aggregates in cents. */
export interface AccountSnapshot {
  id: number;
  tenantId: string;
  clientId: number;
  currency: string;
  version: number;
  agg: Record<Aggregate, bigint>;
}
