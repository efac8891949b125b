/**
 * The request id (docs/operations.md "From an error message to the log and the audit trail"): every request gets one,
 * Fastify's `req.id`. It is in every log line of the request (`request_id`), in the `X-Request-Id` header of every
 * answer, in the `request_id` of every error body (core/errors.ts) and in the audit rows the request writes
 * (core/audit.ts), so that the id a staff member quotes from an error message finds the log lines and the audit rows.
 *
 * An incoming `X-Request-Id` (set by the reverse proxy, e.g. nginx's `$request_id`) is kept when it is a short safe
 * token; anything else (too long, spaces, quotes, separators) is replaced by a fresh id, so that a caller cannot put
 * text of its choosing into logs and audit rows.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What an incoming id may be: 8 to 64 letters, digits, `.`, `_`, `-` (a UUID, nginx's 32 hex digits). */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** A fresh id: 16 hex digits (64 random bits), short enough for a staff member to read out. */
export const newRequestId = () => randomBytes(8).toString('hex');

/** The id of an incoming request: its safe X-Request-Id, else a fresh one. */
export function requestIdOf(req: Pick<IncomingMessage, 'headers'>): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : newRequestId();
}

/** Fastify's constructor options for the request id (the header is read by genReqId, checked). */
export const requestIdOptions = () => ({
  requestIdHeader: false as const,
  logController: new LogController({ requestIdLogLabel: 'request_id' }),
  genReqId: requestIdOf,
});

/** Every answer names its request id, errors and refusals included (onSend runs for every answer). */
export function answerRequestId(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done(null, payload);
  });
}
