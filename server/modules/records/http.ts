/**
 * HTTP plumbing shared by the money routes (client, deposit, withdraw, overdrawn, currency):
 * resource-chain authorisation, the staff actor, and money mutations with Idempotency-Key and audit.
 */
import type { FastifyRequest } from 'fastify';
import { ctx, signedIn } from '../../core/context';
import { write } from '../../core/write';
import type { Tx } from '../../core/db';
import { AMOUNT_PATTERN, byStaff, idOf, MAX_NUMBER_AMOUNT, type Actor } from './common';

/** The signed-in staff member as a scoped actor. */
export const actorOf = (req: FastifyRequest): Actor => byStaff(signedIn(ctx(req)));

/** The numeric `:id` path parameter. */
export const pathId = (req: FastifyRequest): number => idOf((req.params as { id?: string }).id, 'id');

/** The OpenAPI header of money-moving routes. */
export const idempotencyHeader = {
  type: 'object',
  properties: {
    'x-tenant-id': { type: 'string', description: 'Tenant id (tr, pl, es, kun, sun3)' },
    'idempotency-key': {
      type: 'string',
      maxLength: 200,
      description:
        'Optional. A repeat with the same key answers the first result (nothing moves again); the same key with a different ' +
        'body is 422 idempotency_mismatch; while the first request is still running, 409 idempotency_in_flight.',
    },
  },
} as const;

/**
 * A decimal amount in a body. Deliberately without `type`: Fastify's Ajv coerces types (coerceTypes "array" turns
 * `[1]` into 1 and `true` into "true"), so the value reaches positiveCents (records/common.ts, the one rule)
 * exactly as sent, and anything else is refused there with 400 validation and errors.amount.
 */
export const amountSchema = {
  description:
    `Decimal amount > 0: a string matching ${AMOUNT_PATTERN} ("12.30") or a JSON number with at most 2 decimals up to ` +
    `${MAX_NUMBER_AMOUNT} (larger amounts as a string). Exponent notation ("1e3"), more than 2 decimals (also a JSON ` +
    'number such as 0.30000000000000004), arrays, objects and booleans are 400 validation with errors.amount; nothing is rounded.',
} as const;

/**
 * A money mutation on the record or client of the path's `:id`: the one write helper (core/write.ts) with the
 * request's Idempotency-Key, the audit row naming that id; `before` and `run` get the staff actor and the id.
 */
export function moneyMutation<T>(
  req: FastifyRequest,
  opts: {
    action: string;
    resource: string;
    before?: (tx: Tx, actor: Actor, id: number) => Promise<unknown>;
    run: (tx: Tx, actor: Actor, id: number) => Promise<T>;
  },
): Promise<T> {
  const id = pathId(req);
  const actor = actorOf(req);
  return write(req, {
    action: opts.action,
    resource: opts.resource,
    targetId: id,
    idempotent: true,
    before: opts.before && ((tx) => opts.before!(tx, actor, id)),
    run: (tx) => opts.run(tx, actor, id),
  });
}
