/** The ledger: the only code that writes ledger entries and account aggregates (DESIGN.md section 4). */
export * from './types';
export * from './errors';
export * from './money';
export { lockAccounts, platformAccountId, postTransaction, reverseTransaction, type PostResult } from './post';
export { withRetry, isRetryable, sqlState } from './retry';
export { withIdempotency, requestHash, type IdempotentResult } from './idempotency';
export { checkLedger, formatReport, type CheckReport } from './check';
