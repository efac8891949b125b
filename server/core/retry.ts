import type { Db } from '../db/client';
import type { Tx } from './db';

const RETRYABLE = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected

/** The SQLSTATE of a driver error, looking through drizzle's wrapping (`cause`). */
export function sqlState(e: unknown): string | undefined {
  for (let cur: any = e, depth = 0; cur && depth < 5; cur = cur.cause, depth++) {
    if (typeof cur.code === 'string' && /^[0-9A-Z]{5}$/.test(cur.code)) return cur.code;
  }
  return undefined;
}

/** True for errors worth running the whole transaction again (serialization failure, deadlock). */
export const isRetryable = (e: unknown): boolean => RETRYABLE.has(sqlState(e) ?? '');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `fn` in one transaction and runs it again (fresh transaction, jittered backoff) when PostgreSQL reports
 * a serialization failure or a deadlock. `fn` must not have side effects outside the transaction.
 */
export async function withRetry<T>(db: Db, fn: (tx: Tx) => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (e) {
      if (attempt >= attempts || !isRetryable(e)) throw e;
      await sleep(Math.random() * 10 * 2 ** attempt);
    }
  }
}
