import type { FastifyError, FastifyInstance } from 'fastify';

/**
 * Every `code` an API error can carry. The console translates each (i18n `errors.codes.<code>`, zh-CN and en-US;
 * tests/server/error-codes.test.ts checks both the list against the server source and the translations).
 */
export const ERROR_CODES = [
  'validation',
  'bad_request',
  'tenant_required',
  'tenant_unknown',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  'captcha_required',
  'captcha_invalid',
  'invalid_credentials',
  'account_locked',
  'mfa_invalid',
  'mfa_already_enabled',
  'mfa_not_enabled',
  'wrong_password',
  'username_taken',
  'client_not_found',
  'already_uploaded',
  'url_expired',
  'signature_invalid',
  'invalid_state',
  'insufficient_funds',
  'amount_exceeds_owed',
  'duplicate_tx_hash',
  'rate_changed',
  'rate_unavailable',
  'idempotency_mismatch',
  'idempotency_in_flight',
  'role_not_allowed',
  'own_account',
  'user_has_clients',
  'user_has_team',
  'user_has_records',
] as const;

/** A stable error code of the API. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** An error the API answers as `{ message, code, errors? }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

/** 401: no valid token. */
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, 'unauthorized', message);
/** 403: signed in but not allowed. */
export const forbidden = (message = 'Forbidden') => new HttpError(403, 'forbidden', message);
/** 400 with per-field messages. */
export const validationError = (errors: Record<string, string>) =>
  new HttpError(400, 'validation', Object.values(errors)[0] ?? 'Invalid request', errors);

/** The OpenAPI schema of every error body. */
export const errorSchema = {
  $id: 'Error',
  type: 'object',
  description: 'Every error: a human message, a stable code, and per-field messages for validation errors.',
  properties: {
    message: { type: 'string' },
    code: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
  required: ['message', 'code'],
} as const;

/** `{ 401: Error, ... }` for a route's response schema. */
export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, { $ref: 'Error#' }]));

const label = (field: string) => {
  const words = field.replace(/[_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  /** Set by `propertyNames` (an unknown field of a body that lists its fields). */
  propertyName?: string;
}

/** Ajv issues as one message per field ('Username is required'). */
export function fieldErrors(issues: AjvIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.propertyName !== undefined) {
      const value = `${label(issue.propertyName) || 'Field'} is not a known field`;
      // defineProperty: a name such as __proto__ or constructor is still an own field of the answer.
      if (!Object.hasOwn(errors, issue.propertyName)) {
        Object.defineProperty(errors, issue.propertyName, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      continue;
    }
    const field =
      issue.keyword === 'required'
        ? String(issue.params.missingProperty)
        : issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (!field || errors[field]) continue;
    const name = label(field);
    if (issue.keyword === 'required' || (issue.keyword === 'minLength' && issue.params.limit === 1)) {
      errors[field] = `${name} is required`;
    } else if (issue.keyword === 'pattern' || issue.keyword === 'format' || issue.keyword === 'enum') {
      errors[field] = `${name} is invalid`;
    } else {
      errors[field] = `${name} ${issue.message ?? 'is invalid'}`;
    }
  }
  return errors;
}

const FRAMEWORK_CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** Error handler: the right status and `{ message, code, errors? }`; a 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, req, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, code: error.code, errors: error.errors });
    }
    if (error.validation) {
      const errors = fieldErrors(error.validation as AjvIssue[]);
      const message = Object.values(errors)[0] ?? `Invalid request ${error.validationContext ?? ''}`.trim();
      return reply.status(400).send({ message, code: 'validation', errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message, code: FRAMEWORK_CODES[status] ?? 'bad_request' });
    }
    req.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal server error', code: 'internal' });
  });
}

/**
 * Domain errors: each carries the HTTP `statusCode` and a stable `code`; they extend HttpError, so the error handler
 * answers `{ message, code, errors? }` without a mapping table.
 */
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
