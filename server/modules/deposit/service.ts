/**
 * Deposits.
 *
 * Status flow:
 *   pending --audit approve--> approved   (posts: client balance +credit, deposit +credit; platform cash -amount)
 *   pending --audit reject---> rejected   (nothing posted)
 *   approved --rollback-----> rolled_back (posts the exact reversal of the approval, naming it; refused with 409
 *                                           insufficient_funds if the money is no longer in the balance)
 * A record resolves once: any other transition answers 409 invalid_state with nothing changed.
 *
 * Specialized deposit v2 (POST /deposit/admin/v2/specialized/{clientId}): a staff member records a deposit with a
 * proof image; it is created PENDING like a client's own request and credits the account only when audited
 * (four-eyes friendly, one code path for every credit).
 *
 * Currency: the deposit may be in another currency than the account; the rate (deposit currency -> account
 * currency) is fixed when the record is created and the credit is amount × rate rounded half-even to cents.
 * The approval then moves `amount` through the platform fx account: cash[cur] -amount, fx[cur] +amount,
 * fx[acc] -credit, client +credit, so every currency sums to zero.
 *
 * Crypto deposits (sub_type crypto) carry the chain, the receiving address and the transaction hash, required
 * together and refused on the other sub_types (rules: domain/crypto-chains.ts). The hash is stored in its
 * canonical spelling and is unique per tenant and chain among records not rejected (index deposit_tenant_chain_tx_hash):
 * one on-chain transaction credits once; a second record of it is 409 duplicate_tx_hash, unless the first was rejected.
 */
import { canonicalTxHash, cryptoFieldProblems, type CryptoFields } from '../../../domain/crypto-chains';
import type { ApprovalKind } from '../../../domain/approval';
import { DEPOSIT_SUB_TYPES } from '../../../domain/records';
import { depositRecord } from '../../db/schema';
import { DomainError, ValidationError } from '../../core/errors';
import { sqlState } from '../../core/retry';
import { convert, fromCents, fromRateUnits, toCents } from '../../ledger/money';
import { postTransaction, reverseTransaction } from '../../ledger/post';
import { proofReadUrl } from '../../storage/proof';
import type { LedgerLine } from '../../ledger/types';
import type { Executor } from '../../core/db';
import { money2, presentRecord, type Actor, recordTarget } from '../records/common';
import { currencyCode, rateUnits } from '../exchange/rates';
import { auditPatch, recordInScope, rollbackPatch, transition, linkTxn } from '../records/state';
import { assertNotFrozen, auditGate, openIfNeeded, rollbackGate } from '../approval/gate';
import { recordLive } from '../records/live';

import type { DepositInput } from './schemas';

/** A deposit's sub_types (domain/records.ts), bank (the default) first. */
export { DEPOSIT_SUB_TYPES };

/** 409: this transaction hash is already recorded on this chain (one on-chain transaction credits once). */
export class DuplicateTxHashError extends DomainError {
  constructor(chain: string) {
    const message = `This transaction hash is already recorded on ${chain}`;
    super(409, 'duplicate_tx_hash', message, { tx_hash: message });
  }
}

const CRYPTO_MESSAGES: Record<keyof CryptoFields, Record<'required' | 'invalid', string>> = {
  chain: { required: 'chain is required for a crypto deposit', invalid: 'chain is not a supported chain' },
  address: {
    required: 'address is required for a crypto deposit',
    invalid: 'address must be 20 to 120 letters and digits',
  },
  tx_hash: {
    required: 'tx_hash is required for a crypto deposit',
    invalid: 'tx_hash must be 32 to 100 hex (optionally 0x-prefixed) or base58 characters',
  },
};

/** The validated crypto fields of a deposit of `subType`, canonical; all null for the other sub_types. */
function cryptoColumns(subType: string, input: CryptoFields) {
  const keys = ['chain', 'address', 'tx_hash'] as const;
  if (subType !== 'crypto') {
    const given = keys.filter((k) => input[k] !== undefined && input[k] !== null && input[k] !== '');
    if (given.length)
      throw new ValidationError(
        Object.fromEntries(
          given.map((k) => [k, { code: 'crypto_only' as const, message: `${k} is only for crypto deposits` }]),
        ),
      );
    return { chain: null, address: null, txHash: null };
  }
  const problems = cryptoFieldProblems(input);
  if (Object.keys(problems).length)
    throw new ValidationError(
      Object.fromEntries(keys.filter((k) => problems[k]).map((k) => [k, CRYPTO_MESSAGES[k][problems[k]!]])),
    );
  const chain = String(input.chain).trim();
  return { chain, address: String(input.address).trim(), txHash: canonicalTxHash(chain, String(input.tx_hash)) };
}

type DepositRow = typeof depositRecord.$inferSelect;

/** The API shape of a deposit record. */
export function presentDeposit(r: DepositRow) {
  // onto the record's own fields (no spread copy: a list presents every row)
  return Object.assign(presentRecord(r), {
    rate: r.rate,
    credit_currency: r.creditCurrency,
    credit_amount: money2(r.creditAmount),
    sub_type: r.subType,
    screenshot: r.screenshot,
    screenshot_url: proofReadUrl(r.screenshot),
    chain: r.chain,
    address: r.address,
    tx_hash: r.txHash,
    source: r.source,
    txn_id: r.txnId,
  });
}
export type DepositView = ReturnType<typeof presentDeposit>;

/** Creates a PENDING deposit for client `clientId` (staff: specialized v2; system: the client's own request). */
export async function createDeposit(
  tx: Executor,
  actor: Actor,
  clientId: number,
  input: DepositInput,
): Promise<DepositView> {
  const { owner, acc, amount } = await recordTarget(tx, actor, clientId, input);
  const currency = input.currency ? currencyCode(input.currency) : acc.currency;
  const subType = input.sub_type ?? 'bank';
  if (!(DEPOSIT_SUB_TYPES as readonly string[]).includes(subType))
    throw new ValidationError({ sub_type: 'sub_type is invalid' });
  const crypto = cryptoColumns(subType, input);
  const rate = await rateUnits(tx, actor.tenantId, currency, acc.currency);
  const credit = convert(amount, rate);
  if (credit <= 0n)
    throw new ValidationError({
      amount: { code: 'amount_too_small', message: 'amount is too small to credit at this rate' },
    });
  const inserted = tx
    .insert(depositRecord)
    .values({
      tenantId: actor.tenantId,
      clientId,
      accountId: acc.id,
      agentId: owner.agentId,
      currency,
      amount: fromCents(amount),
      rate: fromRateUnits(rate),
      creditCurrency: acc.currency,
      creditAmount: fromCents(credit),
      subType,
      ...crypto,
      screenshot: input.screenshot ?? null,
      source: actor.staff ? 'staff' : 'client',
      status: 'pending',
      remark: input.remark ?? null,
      createdBy: actor.staff?.id ?? null,
    })
    .returning();
  // The unique index decides (also between concurrent requests); the failed insert aborts the transaction, which
  // this error then rolls back.
  const [row] = await inserted.catch((e: unknown) => {
    if (crypto.chain && sqlState(e) === '23505' && constraintOf(e) === 'deposit_tenant_chain_tx_hash')
      throw new DuplicateTxHashError(crypto.chain);
    throw e;
  });
  await openIfNeeded(tx, actor, {
    kind: approvalKindOf(row),
    targetType: 'deposit_record',
    targetId: row.id,
    clientId,
    amount,
    currency,
  });
  await recordLive(tx, depositRecord, row, 'created', actor);
  return presentDeposit(row);
}

/** The maker-checker kind of a deposit: crypto deposits have their own tiers. */
export const approvalKindOf = (r: { subType: string }): ApprovalKind =>
  r.subType === 'crypto' ? 'crypto_deposit' : 'deposit';

/** The constraint a driver error names, looking through drizzle's wrapping (`cause`). */
function constraintOf(e: unknown): string | undefined {
  for (let cur: any = e, depth = 0; cur && depth < 5; cur = cur.cause, depth++) {
    if (typeof cur.constraint === 'string') return cur.constraint;
  }
  return undefined;
}

/** The ledger lines of an approved deposit. */
function depositLines(r: DepositRow): LedgerLine[] {
  const credit = toCents(r.creditAmount);
  const client: LedgerLine = {
    accountRef: { type: 'client', id: r.accountId },
    currency: r.creditCurrency,
    amount: credit,
    effect: { balance: credit, deposit: credit },
  };
  if (r.currency === r.creditCurrency) {
    return [client, { accountRef: { type: 'platform', kind: 'cash' }, currency: r.currency, amount: -credit }];
  }
  const amount = toCents(r.amount);
  return [
    { accountRef: { type: 'platform', kind: 'cash' }, currency: r.currency, amount: -amount },
    { accountRef: { type: 'platform', kind: 'fx' }, currency: r.currency, amount },
    { accountRef: { type: 'platform', kind: 'fx' }, currency: r.creditCurrency, amount: -credit },
    client,
  ];
}

/**
 * Audits a pending deposit: approve (credits the account) or reject. Under maker-checker (approval/gate.ts) the maker
 * cannot audit it, and a deposit that needs two checkers stays pending after the first approval (nothing moves).
 */
export async function auditDeposit(
  tx: Executor,
  actor: Actor,
  id: number,
  decision: 'approved' | 'rejected',
  remark?: string | null,
): Promise<DepositView> {
  await recordInScope(tx, depositRecord, 'Deposit', actor, id);
  if ((await auditGate(tx, actor, 'deposit_record', id, decision, remark)) === 'wait') return getDeposit(tx, actor, id);
  const row = await transition(
    tx,
    depositRecord,
    'Deposit',
    actor,
    id,
    ['pending'],
    auditPatch(actor, decision, remark),
    decision === 'approved' ? 'approved' : 'rejected',
  );
  if (decision === 'rejected') return presentDeposit(row);
  const { txnId } = await postTransaction(tx, {
    tenantId: actor.tenantId,
    kind: 'deposit',
    lines: depositLines(row),
    refType: 'deposit',
    refId: row.id,
    createdBy: actor.staff?.id,
  });
  const done = await linkTxn(tx, depositRecord, row.id, { txnId });
  return presentDeposit(done);
}

/**
 * Asks to roll back an approved deposit: at once when the tenant's rollback tier needs no checker, else a rollback
 * approval is opened (the deposit stays approved, frozen until checked; 409 approval_pending for a second request).
 */
export async function rollbackDeposit(
  tx: Executor,
  actor: Actor,
  id: number,
  remark?: string | null,
): Promise<DepositView> {
  const cur = await recordInScope(tx, depositRecord, 'Deposit', actor, id);
  if (cur.status === 'approved') {
    const target = {
      type: 'deposit_record' as const,
      id,
      clientId: cur.clientId,
      amount: toCents(cur.amount),
      currency: cur.currency,
      kind: approvalKindOf(cur),
    };
    if ((await rollbackGate(tx, actor, target, remark)) === 'pending') return presentDeposit(cur);
  } else await assertNotFrozen(tx, 'deposit_record', id);
  return executeDepositRollback(tx, actor, id, remark);
}

/** Rolls back an approved deposit with a compensating transaction that names the approval (no approval asked). */
export async function executeDepositRollback(
  tx: Executor,
  actor: Actor,
  id: number,
  remark?: string | null,
): Promise<DepositView> {
  const row = await transition(
    tx,
    depositRecord,
    'Deposit',
    actor,
    id,
    ['approved'],
    rollbackPatch(actor, remark),
    'rolled back',
  );
  const { txnId } = await reverseTransaction(tx, {
    tenantId: actor.tenantId,
    txnId: row.txnId!,
    createdBy: actor.staff?.id,
    memo: 'deposit rollback',
  });
  const done = await linkTxn(tx, depositRecord, row.id, { reversalTxnId: txnId });
  return presentDeposit(done);
}

/** One deposit record in the actor's scope. */
export async function getDeposit(tx: Executor, actor: Actor, id: number): Promise<DepositView> {
  return presentDeposit(await recordInScope(tx, depositRecord, 'Deposit', actor, id));
}
