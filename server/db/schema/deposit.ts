/**
 * Deposits.
 */
import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, ref } from './columns';
import { recordCommon } from './records';

/**
 * A deposit. Status: pending -> approved | rejected; approved -> rolled_back.
 * `amount` is in `currency`; `creditAmount` in the account's currency at `rate` (fixed when created).
 */
export const depositRecord = pgTable(
  'deposit_record',
  {
    ...recordCommon,
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    rate: numeric('rate', { precision: 20, scale: 8 }).notNull().default('1'),
    creditCurrency: text('credit_currency').notNull(),
    creditAmount: money('credit_amount').notNull(),
    /** bank | crypto | exchange (spec "deposit types"). */
    subType: text('sub_type').notNull().default('bank'),
    screenshot: text('screenshot'),
    /** Crypto deposits (and only they): the chain, one of CRYPTO_CHAINS (domain/crypto-chains.ts). */
    chain: text('chain'),
    /** Crypto deposits: the platform's receiving address the client paid to. */
    address: text('address'),
    /** Crypto deposits: the on-chain transaction hash, in its canonical spelling (canonicalTxHash). */
    txHash: text('tx_hash'),
    /** client (requested in the client app) | staff (specialized deposit v2). */
    source: text('source').notNull().default('client'),
    status: text('status').notNull().default('pending'),
    txnId: ref('txn_id'),
    reversalTxnId: ref('reversal_txn_id'),
  },
  (t) => [
    index('deposit_tenant_created').on(t.tenantId, t.createdAt, t.id),
    index('deposit_tenant_status_created').on(t.tenantId, t.status, t.createdAt, t.id),
    index('deposit_client_created').on(t.clientId, t.createdAt, t.id),
    index('deposit_tenant_agent_created').on(t.tenantId, t.agentId, t.createdAt, t.id),
    // Dashboard sums (server/modules/dashboard): approved deposits by approval time, index-only.
    index('deposit_tenant_status_resolved').on(
      t.tenantId,
      t.status,
      t.resolvedAt,
      t.agentId,
      t.creditCurrency,
      t.creditAmount,
    ),
    check('deposit_status', sql`${t.status} IN ('pending','approved','rejected','rolled_back')`),
    check('deposit_positive', sql`${t.amount} > 0 AND ${t.creditAmount} > 0`),
    // One on-chain transaction credits once: a hash is held by one record per tenant and chain that is not rejected
    // (pending, approved or rolled back); a record rejected by mistake (wrong client) frees it to be recorded again.
    uniqueIndex('deposit_tenant_chain_tx_hash')
      .on(t.tenantId, t.chain, t.txHash)
      .where(sql`${t.txHash} IS NOT NULL AND ${t.status} <> 'rejected'`),
    // The list's exact tx_hash search, with or without a chain, whatever the status.
    index('deposit_tenant_tx_hash')
      .on(t.tenantId, t.txHash)
      .where(sql`${t.txHash} IS NOT NULL`),
    // The deposits received on a platform address (crypto_address detail), whatever the address's case.
    index('deposit_tenant_chain_address')
      .on(t.tenantId, t.chain, sql`lower(${t.address})`)
      .where(sql`${t.address} IS NOT NULL`),
    check(
      'deposit_crypto_fields',
      sql`${t.subType} <> 'crypto' OR (${t.chain} IS NOT NULL AND ${t.address} IS NOT NULL AND ${t.txHash} IS NOT NULL)`,
    ),
  ],
);
