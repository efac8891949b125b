/**
 * Several API processes started together on one empty (or older) PostgreSQL database must not apply migrations or
 * seed it at the same time: the loser of such a race would fail on "relation already exists" or seed twice. main.ts
 * holds a session-level advisory lock (on its own connection) from opening the database to the end of seeding; the
 * others wait for it and then find everything applied. PGlite is one process: no lock.
 */
import pg from 'pg';

/** The advisory lock key of API start-up (any constant; "bo" start). */
export const STARTUP_LOCK_KEY = 0x626f_0001;

/** Runs `fn` holding the start-up lock of the database at `url` (PostgreSQL only). */
export async function withStartupLock<T>(url: string | undefined, fn: () => Promise<T>): Promise<T> {
  if (!url || url.startsWith('memory://')) return fn();
  const client = new pg.Client({ connectionString: url, application_name: 'bo-startup' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await fn();
  } finally {
    // Ending the session releases the lock whatever happened.
    await client.end().catch(() => {});
  }
}
