/**
 * The one way a route writes (DESIGN.md sections 3 and 5): the service runs in a transaction that is retried on
 * serialization failures and deadlocks, the audit row (who, what, before, after) is written inside the same
 * transaction (no committed change without its row, no row for a change that rolled back), and a route that moves
 * money applies the request's Idempotency-Key (a repeat answers the first result; core/idempotency.ts). A failure is
 * audited after the rollback, in a row of its own.
 */
import type { FastifyRequest } from 'fastify';
import { ctx, type Ctx } from './context';
import { writeAudit, type AuditEntry } from './audit';
import type { Tx } from './db';
import { requestHash, withIdempotency } from './idempotency';
import { withRetry } from './retry';

export interface WriteOptions<T> {
  /** Audit action, e.g. 'kyc.approve'. */
  action: string;
  /** Audit resource (the permission resource). */
  resource: string;
  targetId?: number | string | ((result: T) => number | string);
  /** Reads the state before the change, inside the transaction (the audit row's `before`). */
  before?: (tx: Tx) => Promise<unknown>;
  /** The work. */
  run: (tx: Tx) => Promise<T>;
  /** The audit row's `after`; default the result. */
  after?: (result: T) => unknown;
  /** The audit row's `before` from the result, when the work itself read the state it changed. */
  beforeOf?: (result: T) => unknown;
  /** Moves money: honour the Idempotency-Key header. */
  idempotent?: boolean;
}

/** The request's Idempotency-Key header, if any. */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const header = req.headers['idempotency-key'];
  return Array.isArray(header) ? header[0] : header;
}

/** Runs a write as described above and answers its result. */
export function write<T>(req: FastifyRequest, opts: WriteOptions<T>): Promise<T> {
  if (!opts.idempotent) return writeIn(ctx(req), opts);
  const hash = requestHash(req.method, req.routeOptions.url, req.params, req.body ?? null);
  return writeIn(ctx(req), opts, { key: idempotencyKeyOf(req), hash });
}

/**
 * The same from a service's context (what a route's service receives); `idempotency` is the request's key and hash
 * (write() passes them for money routes).
 */
export async function writeIn<T>(
  c: Ctx,
  opts: Omit<WriteOptions<T>, 'idempotent'>,
  idempotency?: { key: string | undefined; hash: string },
): Promise<T> {
  const base = (result?: T): AuditEntry & { ip: string } => ({
    action: opts.action,
    resource: opts.resource,
    targetId:
      typeof opts.targetId === 'function' ? (result === undefined ? undefined : opts.targetId(result)) : opts.targetId,
    result: 'success',
    userId: c.staff?.id ?? null,
    username: c.staff?.username ?? null,
    tenantId: c.staff?.tenantId ?? (c.tenantId || null),
    ip: c.ip,
  });
  const key = idempotency?.key;
  const work = async (tx: Tx) => {
    const before = opts.before ? await opts.before(tx) : undefined;
    const result = await opts.run(tx);
    await writeAudit(tx, {
      ...base(result),
      before: opts.beforeOf ? opts.beforeOf(result) : before,
      after: opts.after ? opts.after(result) : result,
      detail: key ? `Idempotency-Key ${key}` : undefined,
    });
    return result;
  };
  try {
    if (!idempotency) return await withRetry(c.db, work);
    const { result, replayed } = await withIdempotency(c.db, c.tenantId, key, idempotency.hash, work, {
      userId: c.staff?.id,
    });
    if (replayed) await writeAudit(c.db, { ...base(result), detail: `replayed (Idempotency-Key ${key})` });
    return result;
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    await writeAudit(c.db, { ...base(), result: 'failure', detail: typeof code === 'string' ? code : 'error' });
    throw e;
  }
}
