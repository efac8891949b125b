import { and, desc, eq, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { featureFlags, permissionsVersion, type PermissionPayload, type Role } from '../../../permissions';
import { effectiveGrants, tenantPermissions } from '../../core/access';
import { auditLog, authSession, refreshToken, staffUser } from '../../db/schema';
import { HttpError, unauthorized, validationError } from '../../core/errors';
import { signedIn, type Ctx } from '../../core/context';
import { auditSubject } from '../../core/audit';
import { checkCaptcha } from '../../security/captcha';
import { burnPasswordCheck, verifyPassword } from '../../security/password';
import { consumeSecondFactor, type SecondFactor } from '../../security/second-factor';
import { sha256 } from '../../security/tokens';
import { accountLocked, lockState, recordFailure, recordSignIn } from './lockout';
import { accessToken, issueRefreshToken, openSession, revokeSession, successorToken, type TokenPair } from './session';
import type { LoginInput } from './schemas';

const invalidCredentials = () => new HttpError(401, 'invalid_credentials', 'Invalid username or password');
const mfaInvalid = () => new HttpError(401, 'mfa_invalid', 'Verification failed');

const userColumns = {
  id: staffUser.id,
  tenantId: staffUser.tenantId,
  username: staffUser.username,
  role: staffUser.role,
  active: staffUser.active,
  passwordHash: staffUser.passwordHash,
  mfaEnabled: staffUser.mfaEnabled,
  mfaSecret: staffUser.mfaSecret,
  mfaLastStep: staffUser.mfaLastStep,
};

async function findUser(c: Ctx, where: ReturnType<typeof eq>) {
  const [user] = await c.db.select(userColumns).from(staffUser).where(where).limit(1);
  return user;
}

/**
 * Checks the captcha when enabled, or when `forced` (failures for this username from every address reached the
 * threshold): 400 captcha_required / captcha_invalid; a failed one is audited.
 */
async function requireCaptcha(c: Ctx, input: LoginInput, forced: boolean): Promise<void> {
  if (!c.config.captcha && !forced) return;
  const fail = async (code: 'captcha_required' | 'captcha_invalid', message: string) => {
    await c.audit({ action: 'auth.login', result: 'failure', username: input.username, detail: code });
    return new HttpError(400, code, message, { captcha: message });
  };
  if (!input.captcha_id || !input.captcha?.trim()) throw await fail('captcha_required', 'Captcha is required');
  if (!(await checkCaptcha(c.db, c.config.passwordPepper, input.captcha_id, input.captcha))) {
    throw await fail('captcha_invalid', 'Captcha does not match');
  }
}

/**
 * Password sign-in: captcha, then the password (the same argon2 work against a dummy hash for an unknown username),
 * then the lockout of lockout.ts. An unknown username, a wrong password and an inactive account answer the same 401;
 * a locked address answers the same 423 whether the username exists or not. With MFA on, answers a pending token that
 * only mfa/verify accepts.
 */
export async function login(c: Ctx, input: LoginInput): Promise<TokenPair> {
  const username = input.username.trim();
  const key = { tenantId: c.tenantId, username, ip: c.ip };
  const state = await lockState(c.db, c.config, key);
  await requireCaptcha(c, input, state.captcha);
  const user = await findUser(c, and(eq(staffUser.tenantId, c.tenantId), eq(staffUser.username, username))!);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.password, c.config.passwordPepper)
    : await burnPasswordCheck(input.password, c.config.passwordPepper);
  const failure = (detail: string) =>
    c.audit({ action: 'auth.login', result: 'failure', userId: user?.id ?? null, username, detail });
  if (state.locked) {
    await failure('account_locked');
    throw accountLocked();
  }
  if (!user || !passwordOk || !user.active) {
    // The failure that locks the address writes its `auth.lockout` row (lockout.ts).
    if (await recordFailure(c.db, c.config, key)) throw accountLocked();
    await failure(!user ? 'unknown_user' : passwordOk ? 'inactive' : 'wrong_password');
    throw invalidCredentials();
  }
  const client = { ip: c.ip, userAgent: c.userAgent };
  if (user.mfaEnabled) {
    await c.audit({ action: 'auth.login', result: 'pending', userId: user.id, username, detail: 'mfa_required' });
    return openSession(c.db, c.config, user, client, true);
  }
  await recordSignIn(c.db, { ...key, userId: user.id });
  await c.audit({ action: 'auth.login', result: 'success', userId: user.id, username });
  return openSession(c.db, c.config, user, client);
}

/** A wrong factor: rolls back the transaction of spendPendingSession. */
class FactorRefused extends Error {}

/**
 * The pending token is single use: in one transaction its session ends (the conditional UPDATE of revokeSession, so
 * of parallel requests with one pending token only one goes on: 'spent' for the others) and the factor is consumed.
 * A wrong factor rolls both back (null), so the pending token can try again until the lockout.
 */
async function spendPendingSession(
  c: Ctx,
  sessionId: string,
  user: Parameters<typeof consumeSecondFactor>[2],
  factor: SecondFactor,
): Promise<'totp' | 'recovery' | 'spent' | null> {
  try {
    return await c.db.transaction(async (tx) => {
      if (!(await revokeSession(tx, sessionId, 'mfa_verified'))) return 'spent';
      const used = await consumeSecondFactor(tx, c.config.passwordPepper, user, factor);
      if (!used) throw new FactorRefused();
      return used;
    });
  } catch (e) {
    if (e instanceof FactorRefused) return null;
    throw e;
  }
}

/** Second sign-in step with the pending token: a TOTP code (once) or a recovery code (once). */
export async function verifyMfa(c: Ctx, factor: SecondFactor): Promise<TokenPair> {
  const staff = signedIn(c);
  if (!factor.code && !factor.recovery_code) throw validationError({ code: 'Verification code is required.' });
  const user = await findUser(c, eq(staffUser.id, staff.id));
  if (!user?.mfaEnabled) throw mfaInvalid();
  const key = { tenantId: c.tenantId, username: user.username, ip: c.ip };
  if ((await lockState(c.db, c.config, key)).locked) {
    await revokeSession(c.db, staff.sessionId, 'locked');
    throw accountLocked();
  }
  const used = await spendPendingSession(c, staff.sessionId, user, factor);
  if (used === 'spent') throw unauthorized('Session has ended');
  if (!used) {
    if (await recordFailure(c.db, c.config, key)) {
      await revokeSession(c.db, staff.sessionId, 'locked');
      throw accountLocked();
    }
    await c.audit({ action: 'auth.mfa_verify', result: 'failure' });
    throw mfaInvalid();
  }
  await recordSignIn(c.db, { ...key, userId: user.id });
  await c.audit({
    action: 'auth.login',
    result: 'success',
    detail: used === 'recovery' ? 'mfa_recovery_code' : 'mfa_totp',
  });
  return openSession(c.db, c.config, user, { ip: c.ip, userAgent: c.userAgent });
}

/**
 * Rotates a refresh token: the presented one is spent and its successor issued. The successor is derived from the
 * presented token (HMAC with the server secret), so presenting a token again within REFRESH_GRACE_SECONDS of its use
 * (two tabs, parallel requests) answers the same successor and a fresh access token, and every tab stays on one chain.
 * Presenting a spent token after the grace means it leaked: the whole session (family) is revoked. A session older
 * than SESSION_MAX_HOURS is ended however often it was refreshed.
 */
export async function refresh(c: Ctx, token: string | null): Promise<TokenPair> {
  if (!token) throw unauthorized('No refresh token');
  const [row] = await c.db
    .select({
      id: refreshToken.id,
      used: sql<boolean>`${refreshToken.usedAt} IS NOT NULL`,
      inGrace: sql<boolean>`coalesce(${refreshToken.usedAt} > now() - make_interval(secs => ${c.config.refreshGraceSec}), false)`,
      expired: sql<boolean>`${refreshToken.expiresAt} <= now()`,
      sessionId: authSession.id,
      revokedAt: authSession.revokedAt,
      sessionOver: sql<boolean>`${authSession.createdAt} <= now() - make_interval(secs => ${c.config.sessionMaxSec})`,
      tenantId: authSession.tenantId,
      userId: staffUser.id,
      username: staffUser.username,
      role: staffUser.role,
      active: staffUser.active,
    })
    .from(refreshToken)
    .innerJoin(authSession, eq(authSession.id, refreshToken.sessionId))
    .innerJoin(staffUser, eq(staffUser.id, authSession.userId))
    .where(eq(refreshToken.tokenHash, sha256(token)))
    .limit(1);
  if (!row || row.tenantId !== c.tenantId) throw unauthorized('Invalid refresh token');
  // Refusals are audited by core/audit.ts (throttled); it names the token's owner.
  auditSubject(row.userId, row.username);
  if (row.revokedAt || !row.active) throw unauthorized('Refresh token expired or revoked');
  if (row.sessionOver) {
    await revokeSession(c.db, row.sessionId, 'max_lifetime');
    throw unauthorized('The session has reached its maximum lifetime; sign in again');
  }
  const reuse = async () => {
    await revokeSession(c.db, row.sessionId, 'refresh_reuse');
    await c.audit({
      action: 'auth.refresh_reuse',
      result: 'denied',
      userId: row.userId,
      username: row.username,
      detail: `session ${row.sessionId} revoked`,
    });
    return unauthorized('Refresh token already used; the session has been revoked');
  };
  const user = { id: row.userId, role: row.role, tenantId: row.tenantId };
  const successor = successorToken(c.config, token);
  const pair = async (detail?: string) => {
    const answer = {
      access_token: await accessToken(c.config, user, row.sessionId),
      refresh_token: successor,
      mfa: false,
    };
    await c.audit({ action: 'auth.refresh', result: 'success', userId: row.userId, username: row.username, detail });
    return answer;
  };
  /** A repeat within the grace: the successor the first use issued (it exists: issued in the same transaction). */
  const again = async () => {
    const [next] = await c.db
      .select({ id: refreshToken.id })
      .from(refreshToken)
      .where(and(eq(refreshToken.tokenHash, sha256(successor)), eq(refreshToken.sessionId, row.sessionId)));
    if (!next) throw unauthorized('Refresh token already used');
    return pair('repeated within the grace');
  };
  if (row.used) {
    if (row.inGrace) return again();
    throw await reuse();
  }
  if (row.expired) throw unauthorized('Refresh token expired or revoked');
  const rotated = await c.db.transaction(async (tx) => {
    const spent = await tx
      .update(refreshToken)
      .set({ usedAt: sql`now()` })
      .where(and(eq(refreshToken.id, row.id), isNull(refreshToken.usedAt)))
      .returning({ id: refreshToken.id });
    if (!spent.length) return false;
    await issueRefreshToken(tx, c.config, row.sessionId, successor);
    return true;
  });
  // Lost the race to a parallel request with the same token: it has just been used, so this is within the grace.
  return rotated ? pair() : again();
}

/** Ends the current session and its refresh family. */
export async function logout(c: Ctx): Promise<void> {
  await revokeSession(c.db, signedIn(c).sessionId, 'logout');
  await c.audit({ action: 'auth.logout', result: 'success' });
}

/**
 * When the signed-in staff member signed in before the current session (the dashboard's "last sign-in"): the
 * successful sign-ins of the audit log up to the start of this session, newest first, skipping this session's own.
 */
async function previousSignIn(c: Ctx, userId: number, sessionId: string): Promise<string | null> {
  // Compared in SQL: read into JS, the session's time would lose its microseconds, and a sign-in's audit row written
  // in the same millisecond as its session would fall after it.
  const sessionStart = c.db
    .select({ createdAt: authSession.createdAt })
    .from(authSession)
    .where(eq(authSession.id, sessionId));
  const rows = await c.db
    .select({ at: auditLog.at })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.userId, userId),
        eq(auditLog.action, 'auth.login'),
        eq(auditLog.result, 'success'),
        or(lte(auditLog.at, sql`(${sessionStart})`), notExists(sessionStart)),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .offset(1)
    .limit(1);
  return rows[0]?.at.toISOString() ?? null;
}

/** The signed-in staff member's profile; `last_login_at` is the sign-in before the current one (null: none). */
export async function userInfo(c: Ctx) {
  const staff = signedIn(c);
  const [u] = await c.db.select().from(staffUser).where(eq(staffUser.id, staff.id)).limit(1);
  return {
    id: u.id,
    name: u.name,
    username: u.username,
    role: u.role,
    mfa: u.mfaEnabled,
    last_login_at: await previousSignIn(c, u.id, staff.sessionId),
    invitation_code: u.invitationCode,
    tenant_id: u.tenantId,
    must_change_password: u.mustChangePassword,
  };
}

/**
 * The permission payload of the signed-in staff member: the role's grants from permissions/roles narrowed by the
 * tenant (server/modules/permission), at the tenant's permission version.
 */
export async function permissionPayload(c: Ctx): Promise<PermissionPayload> {
  const { id, role, tenantId } = signedIn(c);
  const state = await tenantPermissions(c.db, tenantId);
  return {
    userId: id,
    roles: [role as Role],
    grants: effectiveGrants(role, state),
    featureFlags: featureFlags(role),
    version: `${permissionsVersion(role)}.${state.version}`,
    tenantVersion: state.version,
  };
}
