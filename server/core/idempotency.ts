/**
 * Idempotency-Key handling for money-moving requests (DESIGN.md section 3).
 *
 * 1. Claim: INSERT (tenant, key, request hash, 'in_flight') in its own short transaction. If the key exists:
 *    a different request hash -> 422; 'done' -> the stored first result; 'in_flight' -> 409
 *    (unless the claim is older than STALE_MS: then its owner died before committing and the key is taken over).
 * 2. Work: `fn(tx)` and the key's completion ('done' + response) commit in ONE transaction, so a key is marked done
 *    exactly when its effect is committed, and an effect is never committed twice.
 * 3. Failure: the claim is released, so the same key may be retried (nothing took effect).
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKey } from '../db/schema';
import { IdempotencyInFlightError, IdempotencyMismatchError, ValidationError } from './errors';
import { withRetry } from './retry';
import type { Tx } from './db';

/** An in-flight claim older than this is considered abandoned (its transaction cannot still be open). */
const STALE_MS = 5 * 60 * 1000;

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

/**
 * Runs `fn` at most once per (tenant, key). Without a key it simply runs `fn` in a retried transaction.
 * The result must be JSON-serialisable: a replay returns the stored JSON.
 */
export async function withIdempotency<T>(
  db: Db,
  tenantId: string,
  key: string | undefined | null,
  hash: string,
  fn: (tx: Tx) => Promise<T>,
): Promise<IdempotentResult<T>> {
  if (key === undefined || key === null || key === '') return { result: await withRetry(db, fn), replayed: false };
  if (key.length > 200) throw new ValidationError({ 'Idempotency-Key': 'Idempotency-Key is too long' });

  const claimed = await db
    .insert(idempotencyKey)
    .values({ tenantId, key, requestHash: hash, status: 'in_flight' })
    .onConflictDoNothing()
    .returning({ key: idempotencyKey.key });
  if (!claimed.length) {
    const [row] = await db
      .select()
      .from(idempotencyKey)
      .where(and(eq(idempotencyKey.tenantId, tenantId), eq(idempotencyKey.key, key)));
    if (!row) throw new IdempotencyInFlightError(); // released between our insert and select: let the client retry
    if (row.requestHash !== hash) throw new IdempotencyMismatchError();
    if (row.status === 'done') return { result: row.response as T, replayed: true };
    // Take over an abandoned claim, atomically (only one taker wins).
    const taken = await db
      .update(idempotencyKey)
      .set({ createdAt: sql`now()` })
      .where(
        and(
          eq(idempotencyKey.tenantId, tenantId),
          eq(idempotencyKey.key, key),
          eq(idempotencyKey.status, 'in_flight'),
          sql`${idempotencyKey.createdAt} < now() - make_interval(secs => ${STALE_MS / 1000})`,
        ),
      )
      .returning({ key: idempotencyKey.key });
    if (!taken.length) throw new IdempotencyInFlightError();
  }

  try {
    const result = await withRetry(db, async (tx) => {
      const r = await fn(tx);
      await tx
        .update(idempotencyKey)
        .set({ status: 'done', response: (r ?? null) as never, completedAt: sql`now()` })
        .where(and(eq(idempotencyKey.tenantId, tenantId), eq(idempotencyKey.key, key)));
      return r;
    });
    // What a replay will see (dates as strings, etc.): answer the same shape the first time too.
    return { result: JSON.parse(JSON.stringify(result ?? null)) as T, replayed: false };
  } catch (e) {
    await db
      .delete(idempotencyKey)
      .where(
        and(eq(idempotencyKey.tenantId, tenantId), eq(idempotencyKey.key, key), eq(idempotencyKey.status, 'in_flight')),
      );
    throw e;
  }
}
