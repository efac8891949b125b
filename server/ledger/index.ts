/**
 * The ledger: the only code that writes ledger entries and account aggregates (DESIGN.md section 4), through the
 * database function ledger_post() (migration 0015_app_role: the API's role can neither insert ledger rows nor update
 * an aggregate itself). Transactions, retry and idempotency around it are cross-cutting: server/core (db.ts, retry.ts,
 * idempotency.ts).
 */
export * from './types';
export * from './errors';
export * from './money';
export { lockAccounts, platformAccountId, postTransaction, reverseTransaction, type PostResult } from './post';
export { checkLedger, formatReport, type CheckReport } from './check';
