/**
 * Lockout of repeated failures (sign-in password, sign-in second factor, change_pwd's old password, mfa/disable's
 * code), counted in `login_failure` per (tenant, username as typed, address):
 *
 * - Per address: the LOCKOUT_THRESHOLD-th failure within LOCKOUT_SECONDS of the previous one locks that address out of
 *   that username for LOCKOUT_SECONDS (423 account_locked, even for the right password). Another address is not
 *   affected: an outsider guessing from his address cannot lock the staff member out of his own.
 * - Every address (row '*'): counts all failures and never locks; at LOCKOUT_THRESHOLD it makes the captcha required
 *   for that username even when AUTH_CAPTCHA=off (a guess spread over many addresses).
 * - Per account (row '@account', only the checks a signed-in staff member makes on his own account: change_pwd's old
 *   password, mfa/disable's code): failures from every address together lock that account's own checks at
 *   LOCKOUT_THRESHOLD for LOCKOUT_SECONDS, so guesses from rotating addresses with one stolen session end too. Sign-in
 *   is not affected by it (an outsider cannot lock the staff member out of signing in).
 * - Unknown usernames are counted exactly like real ones, so the answers (401, then 423) do not tell them apart.
 *
 * Counts older than LOCKOUT_SECONDS start again; a complete sign-in (or a changed password) clears its address's row
 * (a changed password the account's row too).
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { HttpError } from '../../core/errors';
import { writeAudit } from '../../core/audit';
import { loginFailure, staffUser } from '../../db/schema';

/** Whose failures: a username (as typed, trimmed) of a tenant, from an address. */
export interface FailureKey {
  tenantId: string;
  username: string;
  ip: string;
}

/** The row counting every address. */
const ALL = '*';
/** The row counting the failures of the account's own checks (signed in) from every address; it locks. */
const ACCOUNT = '@account';

/** `account`: the failure is a signed-in staff member's check on his own account (also counted and locked per account). */
export interface FailureScope {
  account?: boolean;
}

/** 423: too many failures from this address for this username. */
export const accountLocked = () => new HttpError(423, 'account_locked', 'Too many failed attempts. Try again later.');

export interface LockState {
  /** This address is locked out of this username. */
  locked: boolean;
  /** Failures from every address reached the threshold: the captcha is required. */
  captcha: boolean;
}

const recent = (config: Config) =>
  sql`${loginFailure.lastFailureAt} > now() - make_interval(secs => ${config.lockoutSec})`;

/**
 * Where this address stands for this username (one indexed read); with `account`, locked also when the account's own
 * checks are locked from every address.
 */
export async function lockState(
  db: Db,
  config: Config,
  key: FailureKey,
  { account = false }: FailureScope = {},
): Promise<LockState> {
  const rows = await db
    .select({
      ip: loginFailure.ip,
      locked: sql<boolean>`coalesce(${loginFailure.lockedUntil} > now(), false)`,
      failures: sql<number>`CASE WHEN ${recent(config)} THEN ${loginFailure.failures} ELSE 0 END`,
    })
    .from(loginFailure)
    .where(
      and(
        eq(loginFailure.tenantId, key.tenantId),
        eq(loginFailure.username, key.username),
        sql`${loginFailure.ip} IN (${key.ip}, ${ALL}, ${ACCOUNT})`,
      ),
    );
  const own = rows.find((r) => r.ip === key.ip && r.ip !== ALL && r.ip !== ACCOUNT);
  const all = rows.find((r) => r.ip === ALL);
  const acct = account ? rows.find((r) => r.ip === ACCOUNT) : undefined;
  return {
    locked: !!own?.locked || !!acct?.locked,
    captcha: Number(all?.failures ?? 0) >= config.lockoutThreshold,
  };
}

/**
 * Counts a failure from the address (and in the every-address row; with `account`, in the account's row, which locks
 * too). Returns true when this failure locked the address (or the account) out. One statement: safe under
 * concurrency.
 */
export async function recordFailure(
  db: Db,
  config: Config,
  key: FailureKey,
  { account = false }: FailureScope = {},
): Promise<boolean> {
  const stale = sql`login_failure.last_failure_at <= now() - make_interval(secs => ${config.lockoutSec})`;
  const count = sql`CASE WHEN ${stale} THEN 1 ELSE login_failure.failures + 1 END`;
  const locks = sql`(login_failure.ip <> ${ALL} AND ${count} >= ${config.lockoutThreshold})`;
  const rows = await db
    .insert(loginFailure)
    .values([
      { ...key, failures: 1 },
      { ...key, ip: ALL, failures: 1 },
      ...(account ? [{ ...key, ip: ACCOUNT, failures: 1 }] : []),
    ])
    .onConflictDoUpdate({
      target: [loginFailure.tenantId, loginFailure.username, loginFailure.ip],
      set: {
        failures: sql`CASE WHEN ${locks} THEN 0 ELSE ${count} END`,
        lockedUntil: sql`CASE WHEN ${locks} THEN now() + make_interval(secs => ${config.lockoutSec}) ELSE login_failure.locked_until END`,
        lastFailureAt: sql`now()`,
      },
    })
    .returning({ ip: loginFailure.ip, locked: sql<boolean>`coalesce(${loginFailure.lockedUntil} > now(), false)` });
  // A threshold of 1 locks on the first failure (a new row).
  if (config.lockoutThreshold <= 1) {
    await db
      .update(loginFailure)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${config.lockoutSec})`, failures: 0 })
      .where(
        and(
          eq(loginFailure.tenantId, key.tenantId),
          eq(loginFailure.username, key.username),
          inArray(loginFailure.ip, account ? [key.ip, ACCOUNT] : [key.ip]),
        ),
      );
    await auditLockout(db, config, key);
    return true;
  }
  // Now and then, drop rows nobody has failed on for a while (unknown usernames would otherwise stay forever).
  if (Math.random() < 0.02) {
    await db
      .delete(loginFailure)
      .where(lt(loginFailure.lastFailureAt, sql`now() - make_interval(secs => ${2 * config.lockoutSec + 86_400})`));
  }
  const locked = rows.some((r) => r.ip === key.ip && r.locked);
  const accountLocked = rows.some((r) => r.ip === ACCOUNT && r.locked);
  if (locked) await auditLockout(db, config, key);
  if (accountLocked && !locked) await auditLockout(db, config, key, true);
  return locked || accountLocked;
}

/** The moment an address gets locked out of a username: its `auth.lockout` row (every caller of recordFailure). */
async function auditLockout(db: Db, config: Config, key: FailureKey, account = false): Promise<void> {
  const [user] = await db
    .select({ id: staffUser.id })
    .from(staffUser)
    .where(and(eq(staffUser.tenantId, key.tenantId), eq(staffUser.username, key.username)))
    .limit(1);
  await writeAudit(db, {
    action: 'auth.lockout',
    result: 'failure',
    tenantId: key.tenantId,
    userId: user?.id ?? null,
    username: key.username,
    ip: key.ip,
    detail: account
      ? `every address locked out of ${key.username}'s own checks for ${config.lockoutSec} s (failures from several addresses)`
      : `${key.ip} locked out of ${key.username} for ${config.lockoutSec} s`,
  });
}

/** Clears the address's failures (a complete sign-in, a changed password; with `account` the account's row too). */
export async function clearFailures(db: Db, key: FailureKey, { account = false }: FailureScope = {}): Promise<void> {
  await db
    .delete(loginFailure)
    .where(
      and(
        eq(loginFailure.tenantId, key.tenantId),
        eq(loginFailure.username, key.username),
        inArray(loginFailure.ip, account ? [key.ip, ACCOUNT] : [key.ip]),
      ),
    );
}

/** Clears the address's failures after a complete sign-in and records when and from where. */
export async function recordSignIn(db: Db, key: FailureKey & { userId: number }): Promise<void> {
  await clearFailures(db, key);
  await db
    .update(staffUser)
    .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: sql`now()`, lastLoginIp: key.ip })
    .where(eq(staffUser.id, key.userId));
}
