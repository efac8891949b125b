import { SignJWT, jwtVerify } from 'jose';

export const JWT_ISSUER = 'back-office';
export const JWT_AUDIENCE = 'back-office-console';
/** The pending token that only mfa/verify accepts lives 5 minutes. */
export const MFA_TOKEN_TTL_SEC = 300;

export type TokenType = 'access' | 'mfa';

/** The claims our tokens carry. */
export interface TokenClaims {
  sub: string;
  tid: string;
  role: string;
  sid: string;
  typ: TokenType;
  exp: number;
}

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** Signs an HS256 token for a session. */
export function signToken(secret: string, claims: Omit<TokenClaims, 'exp'>, ttlSec: number): Promise<string> {
  return new SignJWT({ tid: claims.tid, role: claims.role, sid: claims.sid, typ: claims.typ })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSec)
    .sign(keyOf(secret));
}

/** Tokens already verified, per secret (a token is immutable: its signature need not be checked twice). */
const verified = new Map<string, Map<string, TokenClaims>>();
const VERIFIED_MAX = 10_000;

/**
 * Verifies signature (HS256 only), iss, aud and exp; null when anything is wrong. A token verified before is answered
 * from memory while it has not expired (the signature check is a measurable share of a list request).
 */
export async function verifyToken(secret: string, token: string): Promise<TokenClaims | null> {
  let known = verified.get(secret);
  if (!known) verified.set(secret, (known = new Map()));
  const hit = known.get(token);
  if (hit) {
    if (hit.exp > Date.now() / 1000) return hit;
    known.delete(token);
    return null;
  }
  const claims = await verifyOnce(secret, token);
  if (claims) {
    if (known.size >= VERIFIED_MAX) known.delete(known.keys().next().value!);
    known.set(token, claims);
  }
  return claims;
}

async function verifyOnce(secret: string, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      requiredClaims: ['exp', 'sub', 'tid', 'sid', 'typ'],
    });
    const { sub, tid, role, sid, typ, exp } = payload as Partial<TokenClaims>;
    if (typeof sub !== 'string' || typeof tid !== 'string' || typeof sid !== 'string' || typeof role !== 'string')
      return null;
    if (typ !== 'access' && typ !== 'mfa') return null;
    return { sub, tid, role, sid, typ, exp: exp as number };
  } catch {
    return null;
  }
}
