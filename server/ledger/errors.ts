/**
 * Domain errors of the money layer. Each carries the HTTP `statusCode` and a stable `code`; they extend the API's
 * HttpError, so the error handler answers `{ message, code, errors? }` without a mapping table.
 */
import { HttpError, type ErrorCode } from '../plugins/errors';

export class DomainError extends HttpError {
  constructor(statusCode: number, code: ErrorCode, message: string, errors?: Record<string, string>) {
    super(statusCode, code, message, errors);
    this.name = new.target.name;
  }
}

/** 400: malformed input; `errors` maps each field to its message. */
export class ValidationError extends DomainError {
  constructor(errors: Record<string, string>, message = Object.values(errors)[0] ?? 'Invalid input') {
    super(400, 'validation', message, errors);
  }
}

/** 404: missing, in another tenant, or outside the caller's data scope (never a leak). */
export class NotFoundError extends DomainError {
  constructor(what = 'Record') {
    super(404, 'not_found', `${what} not found`);
  }
}

/** 409: the record already left the state this action needs (approved twice, rolled back twice...). */
export class StateConflictError extends DomainError {
  readonly status: string;
  constructor(what: string, status: string, action: string) {
    super(409, 'invalid_state', `${what} is ${status}; it cannot be ${action}`);
    this.status = status;
  }
}

/** 409: the movement would overdraw an account (balance, frozen, outstanding or bonus below zero) or exceed the withdrawable amount. */
export class InsufficientFundsError extends DomainError {
  constructor(message = 'Insufficient balance') {
    super(409, 'insufficient_funds', message);
  }
}

/** 409: a repayment above what the loan still owes (`errors.amount` says how much is owed). */
export class AmountExceedsOwedError extends DomainError {
  constructor(owed: string) {
    const message = `amount exceeds what is still owed (${owed})`;
    super(409, 'amount_exceeds_owed', message, { amount: message });
  }
}

/** 409: the rate the caller saw is no longer the current one. */
export class RateChangedError extends DomainError {
  constructor(current: string) {
    super(409, 'rate_changed', `The exchange rate has changed; the current rate is ${current}`);
  }
}

/** 404: no rate for the currency pair. */
export class RateUnavailableError extends DomainError {
  constructor(primary: string, secondary: string) {
    super(404, 'rate_unavailable', `No exchange rate for ${primary}/${secondary}`);
  }
}

/** 422: the Idempotency-Key was already used with a different request body. */
export class IdempotencyMismatchError extends DomainError {
  constructor() {
    super(422, 'idempotency_mismatch', 'This Idempotency-Key was already used with a different request');
  }
}

/** 409: a request with the same Idempotency-Key is still being processed. */
export class IdempotencyInFlightError extends DomainError {
  constructor() {
    super(409, 'idempotency_in_flight', 'A request with this Idempotency-Key is still in progress');
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
