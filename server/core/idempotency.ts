/**
 * Idempotency-Key handling for money-moving requests (DESIGN.md section 3). A key belongs to a staff member of a
 * tenant: (tenant, staff member, key), so two staff members who happen to send the same key do not meet.
 *
 * 1. Claim: INSERT (tenant, user, key, request hash, 'in_flight', owner, lease) in its own short statement. If the key
 *    exists: a different request hash -> 422; 'done' -> the stored first result; 'in_flight' -> 409, unless the
 *    claim's lease has run out: then its owner died (crash, lost connection) and the key is taken over at once.
 * 2. Work: `fn(tx)` and the key's completion ('done' + response) commit in ONE transaction, so a key is marked done
 *    exactly when its effect is committed. The completion only matches while this request still owns the claim, so
 *    an owner whose claim was taken over rolls its work back (409) instead of committing a second effect.
 * 3. Failure: the claim is released, so the same key may be retried (nothing took effect).
 *
 * Why a lease and not pg_locks/advisory locks: the claim is committed apart from the work and the pool gives no
 * connection that could hold a session lock between the two, and PGlite runs everything on one connection (its
 * advisory locks are re-entrant there, so they would tell nothing). The lease works the same on both: it is
 * LEASE_MS long and renewed every LEASE_MS / 3 while the work runs (from another pooled connection on PostgreSQL; on
 * PGlite the renewal waits for the transaction, but so does any competing request). A died request's key is free
 * LEASE_MS after its last renewal; a live but slow one is never taken over, and even if it were (renewal starved),
 * the owner check of step 2 keeps the effect single.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKey } from '../db/schema';
import { IdempotencyInFlightError, IdempotencyMismatchError, ValidationError } from './errors';
import { withRetry } from './retry';
import type { Tx } from './db';

/** How long an in-flight claim holds its key without being renewed. */
export const LEASE_MS = 10_000;

/** A stable hash of a request: method, path and canonical JSON body (keys sorted). */
export function requestHash(...parts: unknown[]): string {
  const canon = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v as object)
            .sort()
            .map((k) => [k, canon((v as Record<string, unknown>)[k])]),
        )
      : Array.isArray(v)
        ? v.map(canon)
        : v;
  return createHash('sha256')
    .update(JSON.stringify(parts.map(canon)))
    .digest('hex');
}

export interface IdempotentResult<T> {
  result: T;
  /** true when the stored result of an earlier request with the same key was returned. */
  replayed: boolean;
}

export interface IdempotencyOptions {
  /** The staff member sending the key (the key is his); 0 or unset: a request without one. */
  userId?: number | null;
  /** Claim lease (tests). */
  leaseMs?: number;
}

/**
 * Runs `fn` at most once per (tenant, staff member, key). Without a key it simply runs `fn` in a retried transaction.
 * The result must be JSON-serialisable: a replay returns the stored JSON.
 */
export async function withIdempotency<T>(
  db: Db,
  tenantId: string,
  key: string | undefined | null,
  hash: string,
  fn: (tx: Tx) => Promise<T>,
  opts: IdempotencyOptions = {},
): Promise<IdempotentResult<T>> {
  if (key === undefined || key === null || key === '') return { result: await withRetry(db, fn), replayed: false };
  if (key.length > 200) throw new ValidationError({ 'Idempotency-Key': 'Idempotency-Key is too long' });
  const userId = opts.userId ?? 0;
  const leaseSec = (opts.leaseMs ?? LEASE_MS) / 1000;
  const owner = randomUUID();
  const lease = sql`now() + make_interval(secs => ${leaseSec})`;
  const thisKey = and(
    eq(idempotencyKey.tenantId, tenantId),
    eq(idempotencyKey.userId, userId),
    eq(idempotencyKey.key, key),
  );
  const owned = and(thisKey, eq(idempotencyKey.status, 'in_flight'), eq(idempotencyKey.owner, owner));

  const claimed = await db
    .insert(idempotencyKey)
    .values({ tenantId, userId, key, requestHash: hash, status: 'in_flight', owner, leaseUntil: lease })
    .onConflictDoNothing()
    .returning({ key: idempotencyKey.key });
  if (!claimed.length) {
    const [row] = await db.select().from(idempotencyKey).where(thisKey);
    if (!row) throw new IdempotencyInFlightError(); // released between our insert and select: let the client retry
    if (row.requestHash !== hash) throw new IdempotencyMismatchError();
    if (row.status === 'done') return { result: row.response as T, replayed: true };
    // Take over a claim whose lease ran out (a claim without one: LEASE_MS after it was made), atomically.
    const taken = await db
      .update(idempotencyKey)
      .set({ owner, leaseUntil: lease, createdAt: sql`now()` })
      .where(
        and(
          thisKey,
          eq(idempotencyKey.status, 'in_flight'),
          sql`coalesce(${idempotencyKey.leaseUntil}, ${idempotencyKey.createdAt} + make_interval(secs => ${leaseSec})) < now()`,
        ),
      )
      .returning({ key: idempotencyKey.key });
    if (!taken.length) throw new IdempotencyInFlightError();
  }

  // Renew the lease while the work runs.
  let renewing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(
    () => {
      renewing = renewing
        .then(() => db.update(idempotencyKey).set({ leaseUntil: lease }).where(owned))
        .catch(() => undefined);
    },
    Math.max(50, (leaseSec * 1000) / 3),
  );
  try {
    const result = await withRetry(db, async (tx) => {
      const r = await fn(tx);
      const done = await tx
        .update(idempotencyKey)
        .set({ status: 'done', response: (r ?? null) as never, completedAt: sql`now()`, leaseUntil: null })
        .where(owned)
        .returning({ key: idempotencyKey.key });
      // Our claim was taken over (we looked dead): roll back so the effect happens once, in the other request.
      if (!done.length) throw new IdempotencyInFlightError();
      return r;
    });
    // What a replay will see (dates as strings, etc.): answer the same shape the first time too.
    return { result: JSON.parse(JSON.stringify(result ?? null)) as T, replayed: false };
  } catch (e) {
    await db.delete(idempotencyKey).where(owned);
    throw e;
  } finally {
    clearInterval(timer);
    await renewing;
  }
}
