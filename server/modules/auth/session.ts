import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Executor } from '../../core/db';
import { announceSessions } from '../../core/events';
import { authSession, refreshToken } from '../../db/schema';
import { MFA_TOKEN_TTL_SEC, signToken } from '../../security/jwt';
import { randomToken, sha256 } from '../../security/tokens';

/** What sign-in, MFA verification and refresh answer. */
export interface TokenPair {
  access_token: string;
  refresh_token: string;
  mfa: boolean;
}

/** The user fields a token is issued for. */
export interface TokenSubject {
  id: number;
  role: string;
  tenantId: string;
}

const expiresIn = (sec: number) => sql`now() + make_interval(secs => ${sec})`;

/**
 * The refresh token that follows `token` in its chain: HMAC-SHA256 with the server secret, so a repeat of the same
 * token within the grace answers the same successor without storing it readable (refresh in service.ts).
 */
export function successorToken(config: Config, token: string): string {
  return createHmac('sha256', config.jwtSecret).update(`refresh-successor:${token}`).digest('base64url');
}

/** Issues a refresh token (new random one unless given) for the session, stored as its SHA-256. */
export async function issueRefreshToken(
  db: Executor,
  config: Config,
  sessionId: string,
  token: string = randomToken(),
): Promise<string> {
  await db
    .insert(refreshToken)
    .values({ sessionId, tokenHash: sha256(token), expiresAt: expiresIn(config.refreshTokenTtlSec) });
  return token;
}

/** Signs a 15-minute access token for the session. */
export function accessToken(config: Config, user: TokenSubject, sessionId: string): Promise<string> {
  return signToken(
    config.jwtSecret,
    { sub: String(user.id), tid: user.tenantId, role: user.role, sid: sessionId, typ: 'access' },
    config.accessTokenTtlSec,
  );
}

/** Opens a session (one refresh-token family). `pending`: only a 5-minute MFA token, no refresh token. */
export async function openSession(
  db: Db,
  config: Config,
  user: TokenSubject,
  client: { ip: string; userAgent: string | null },
  pending = false,
): Promise<TokenPair> {
  const id = randomUUID();
  await db
    .insert(authSession)
    .values({ id, userId: user.id, tenantId: user.tenantId, ip: client.ip, userAgent: client.userAgent });
  if (pending) {
    const token = await signToken(
      config.jwtSecret,
      { sub: String(user.id), tid: user.tenantId, role: user.role, sid: id, typ: 'mfa' },
      MFA_TOKEN_TTL_SEC,
    );
    return { access_token: token, refresh_token: '', mfa: true };
  }
  return {
    access_token: await accessToken(config, user, id),
    refresh_token: await issueRefreshToken(db, config, id),
    mfa: false,
  };
}

/**
 * Revokes one session: its access tokens and whole refresh family stop working, and its open event streams end (the
 * announcement leaves when the caller's transaction commits). True when this call revoked it (one conditional UPDATE:
 * of concurrent calls exactly one gets true; verifyMfa spends a pending session that way).
 */
export async function revokeSession(db: Executor, sessionId: string, reason: string): Promise<boolean> {
  const [revoked] = await db
    .update(authSession)
    .set({ revokedAt: sql`now()`, revokeReason: reason })
    .where(and(eq(authSession.id, sessionId), isNull(authSession.revokedAt)))
    .returning({ tenant: authSession.tenantId });
  if (revoked) await announceSessions(db, { tenant: revoked.tenant, session: sessionId });
  return !!revoked;
}

/** Revokes every open session of a user (and ends their open event streams, at commit). */
export async function revokeUserSessions(db: Executor, userId: number, reason: string): Promise<void> {
  const [revoked] = await db
    .update(authSession)
    .set({ revokedAt: sql`now()`, revokeReason: reason })
    .where(and(eq(authSession.userId, userId), isNull(authSession.revokedAt)))
    .returning({ tenant: authSession.tenantId });
  if (revoked) await announceSessions(db, { tenant: revoked.tenant, user: userId });
}
