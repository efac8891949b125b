import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { staffUser } from '../../db/schema';

/**
 * Counts a failed sign-in step; the threshold-th consecutive failure locks the account for lockoutSec
 * and restarts the count. Returns true when this failure locked it. One statement: safe under concurrency.
 */
export async function recordFailure(db: Db, config: Config, userId: number): Promise<boolean> {
  const reached = sql`${staffUser.failedLogins} + 1 >= ${config.lockoutThreshold}`;
  const [row] = await db
    .update(staffUser)
    .set({
      failedLogins: sql`CASE WHEN ${reached} THEN 0 ELSE ${staffUser.failedLogins} + 1 END`,
      lockedUntil: sql`CASE WHEN ${reached} THEN now() + make_interval(secs => ${config.lockoutSec}) ELSE ${staffUser.lockedUntil} END`,
    })
    .where(eq(staffUser.id, userId))
    .returning({ locked: sql<boolean>`coalesce(${staffUser.lockedUntil} > now(), false)` });
  return !!row?.locked;
}

/** Clears the failure count and lock after a complete sign-in and records when and from where. */
export async function recordSignIn(db: Db, userId: number, ip: string): Promise<void> {
  await db
    .update(staffUser)
    .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: sql`now()`, lastLoginIp: ip })
    .where(eq(staffUser.id, userId));
}
