import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER } from './request-id';
import { ERROR_CODES, FIELD_CODES, type ErrorCode, type FieldCode, type FieldProblem } from '../../domain/errors';

/** The codes are shared vocabulary (domain/errors.ts): the console translates them; here is the Fastify side. */
export { ERROR_CODES, FIELD_CODES };
export type { ErrorCode, FieldCode, FieldProblem };

/** A field's problem as a service states it: its English text, with its code (else inferred from the text). */
export type FieldIssue = string | (FieldProblem & { message: string });

/** The code of a plain English field message (the generic rules' wording); anything else is `invalid`. */
export function inferFieldCode(message: string): FieldProblem {
  const decimals = /at most (\d+) decimals/.exec(message);
  if (decimals) return { code: 'decimals', limit: Number(decimals[1]) };
  if (/\bis required\b/i.test(message)) return { code: 'required' };
  if (/greater than 0/.test(message)) return { code: 'positive' };
  if (/must not be negative/.test(message)) return { code: 'not_negative' };
  if (/too large/.test(message)) return { code: 'too_large' };
  return { code: 'invalid' };
}

/** Splits field issues into the English texts and their codes. */
export function splitIssues(issues: Record<string, FieldIssue>): {
  errors: Record<string, string>;
  codes: Record<string, FieldProblem>;
} {
  const errors: Record<string, string> = {};
  const codes: Record<string, FieldProblem> = {};
  for (const [field, issue] of Object.entries(issues)) {
    const own = { value: undefined as unknown, enumerable: true, writable: true, configurable: true };
    if (typeof issue === 'string') {
      Object.defineProperty(errors, field, { ...own, value: issue });
      Object.defineProperty(codes, field, { ...own, value: inferFieldCode(issue) });
    } else {
      const { message, ...problem } = issue;
      Object.defineProperty(errors, field, { ...own, value: message });
      Object.defineProperty(codes, field, { ...own, value: problem });
    }
  }
  return { errors, codes };
}

/** An error the API answers as `{ message, code, errors? }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
    fieldCodes?: Record<string, FieldProblem>,
  ) {
    super(message);
    this.fieldCodes = fieldCodes ?? (errors ? splitIssues(errors).codes : undefined);
  }

  /** Each field's problem as a stable code (inferred from the text when the thrower gave none). */
  readonly fieldCodes?: Record<string, FieldProblem>;
}

/** 401: no valid token. */
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, 'unauthorized', message);
/** 403: signed in but not allowed. */
export const forbidden = (message = 'Forbidden') => new HttpError(403, 'forbidden', message);
/** 400 with per-field issues. */
export const validationError = (issues: Record<string, FieldIssue>) => new ValidationError(issues);

/** The OpenAPI schema of every error body. */
export const errorSchema = {
  $id: 'Error',
  type: 'object',
  description:
    'Every error: a human message, a stable code, the request id (also the X-Request-Id header: the log lines and ' +
    'audit rows of the request carry it), and per-field messages for validation errors.',
  properties: {
    message: { type: 'string' },
    code: { type: 'string' },
    request_id: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
    field_codes: {
      type: 'object',
      description: `Validation errors: each field's problem as a stable code (${FIELD_CODES.join(', ')}) and its limit`,
      additionalProperties: {
        type: 'object',
        properties: { code: { type: 'string', enum: [...FIELD_CODES] }, limit: { type: 'number' } },
        required: ['code'],
      },
    },
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

/** The code (and limit) of an Ajv issue. */
function ajvProblem(issue: AjvIssue): FieldProblem {
  const limit = typeof issue.params.limit === 'number' ? issue.params.limit : undefined;
  switch (issue.keyword) {
    case 'required':
      return { code: 'required' };
    case 'minLength':
      return limit === 1 ? { code: 'required' } : { code: 'too_short', limit };
    case 'maxLength':
      return { code: 'too_long', limit };
    case 'maximum':
      return { code: 'too_large', limit };
    case 'minimum':
      return { code: 'too_small', limit };
    default:
      return { code: 'invalid' };
  }
}

/** Ajv issues as one issue per field: its English text ('Username is required') and its code. */
export function fieldErrors(issues: AjvIssue[]): Record<string, FieldIssue & object> {
  const errors: Record<string, FieldProblem & { message: string }> = {};
  for (const issue of issues) {
    if (issue.propertyName !== undefined) {
      const value = {
        code: 'unknown_field' as const,
        message: `${label(issue.propertyName) || 'Field'} is not a known field`,
      };
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
    if (!field || Object.hasOwn(errors, field)) continue;
    const name = label(field);
    const problem = ajvProblem(issue);
    const message =
      problem.code === 'required'
        ? `${name} is required`
        : issue.keyword === 'pattern' || issue.keyword === 'format' || issue.keyword === 'enum'
          ? `${name} is invalid`
          : `${name} ${issue.message ?? 'is invalid'}`;
    Object.defineProperty(errors, field, {
      value: { ...problem, message },
      enumerable: true,
      writable: true,
      configurable: true,
    });
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

/**
 * Fastify's constructor option for the errors it answers before routing (a malformed URL), which the error handler
 * below does not see, nor do the hooks that name the request id: answered in its shape, with a `code` and the
 * `request_id` (body and X-Request-Id).
 */
export const frameworkErrors = (error: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
  const status = error.statusCode ?? 400;
  void reply
    .status(status)
    .header(REQUEST_ID_HEADER, req.id)
    .send({ message: error.message, code: FRAMEWORK_CODES[status] ?? 'bad_request', request_id: req.id });
};

/**
 * Error handler: the right status and `{ message, code, request_id, errors? }`; a 5xx never shows internals. The
 * request id (core/request-id.ts) lets staff quote the failure: the log lines and audit rows of the request carry it.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, req, reply) => {
    const request_id = req.id;
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        message: error.message,
        code: error.code,
        request_id,
        errors: error.errors,
        field_codes: error.fieldCodes,
      });
    }
    if (error.validation) {
      const { errors, codes } = splitIssues(fieldErrors(error.validation as AjvIssue[]));
      const message = Object.values(errors)[0] ?? `Invalid request ${error.validationContext ?? ''}`.trim();
      return reply.status(400).send({ message, code: 'validation', request_id, errors, field_codes: codes });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = FRAMEWORK_CODES[status] ?? 'bad_request';
      return reply.status(status).send({ message: error.message, code, request_id });
    }
    req.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal server error', code: 'internal', request_id });
  });
}

/**
 * Domain errors: each carries the HTTP `statusCode` and a stable `code`; they extend HttpError, so the error handler
 * answers `{ message, code, errors? }` without a mapping table.
 */
export class DomainError extends HttpError {
  constructor(
    statusCode: number,
    code: ErrorCode,
    message: string,
    errors?: Record<string, string>,
    fieldCodes?: Record<string, FieldProblem>,
  ) {
    super(statusCode, code, message, errors, fieldCodes);
    this.name = new.target.name;
  }
}

/** 400: malformed input; `errors` maps each field to its message, `field_codes` to its code. */
export class ValidationError extends DomainError {
  constructor(issues: Record<string, FieldIssue>, message?: string) {
    const { errors, codes } = splitIssues(issues);
    super(400, 'validation', message ?? Object.values(errors)[0] ?? 'Invalid input', errors, codes);
  }
}

/** 409: another row of the tenant already has this value (a field declared `unique`); `field_codes` names the field. */
export class DuplicateError extends DomainError {
  constructor(field: string) {
    super(
      409,
      'duplicate',
      `${field} already exists`,
      { [field]: `${field} already exists` },
      {
        [field]: { code: 'duplicate' },
      },
    );
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

/**
 * 409: the current rates let a round trip through this exchange's leg gain (rate × reverse > 1, or a triangle through
 * a third currency whose rates multiply to more than 1): nothing moves until the rates are corrected.
 */
export class RoundTripGainError extends DomainError {
  constructor(cycle: string[]) {
    super(
      409,
      'rate_round_trip_gain',
      `The current rates let a round trip ${[...cycle, cycle[0]].join(' -> ')} gain money; correct the rates first`,
    );
  }
}

/** 409: the client has already requested the tenant's daily number of withdrawals (global config withdraw.daily_count). */
export class WithdrawDailyCountError extends DomainError {
  constructor(limit: number) {
    super(
      409,
      'withdraw_daily_count',
      `The client may request at most ${limit} withdrawals a day (withdraw.daily_count)`,
    );
  }
}

/** 409: the tenant's currency pairs do not offer this exchange (no enabled pair joins the two currencies). */
export class PairDisabledError extends DomainError {
  constructor(from: string, to: string) {
    super(409, 'pair_disabled', `The currency pair ${from}/${to} is not enabled for exchange`);
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

/**
 * 409: what a product's orders were booked on (issue price, lot size, currency, the IPO financing leverage) cannot
 * change once it has orders; `errors` names each field (docs/trading.md "Trading safety").
 */
export class ProductHasOrdersError extends DomainError {
  constructor(fields: string[], what = 'The product') {
    const message = `${what} has orders: ${fields.join(', ')} can no longer change`;
    super(409, 'product_has_orders', message, Object.fromEntries(fields.map((f) => [f, message])));
  }
}
