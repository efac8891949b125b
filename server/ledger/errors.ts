/** Errors of the ledger itself (server/ledger/post.ts): an overdrawn account, an unbalanced transaction. */
import { DomainError } from '../core/errors';

/** 409: the movement would overdraw an account (balance, frozen, outstanding or bonus below zero) or exceed the withdrawable amount. */
export class InsufficientFundsError extends DomainError {
  constructor(message = 'Insufficient balance') {
    super(409, 'insufficient_funds', message);
  }
}

/** Programming error: a transaction that does not balance or misuses an account. A plain Error: answered as a bare 500. */
export class LedgerInvariantError extends Error {
  readonly code = 'ledger_invariant';
  constructor(message: string) {
    super(message);
    this.name = 'LedgerInvariantError';
  }
}
