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

/** Verifies signature (HS256 only), iss, aud and exp; null when anything is wrong. */
export async function verifyToken(secret: string, token: string): Promise<TokenClaims | null> {
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
