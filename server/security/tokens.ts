import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random opaque token (32 bytes, base64url). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** SHA-256 hex: how refresh tokens are stored. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** HMAC-SHA256 hex under the server pepper: how captcha answers and recovery codes are stored. */
export const keyedHash = (pepper: string, value: string) => createHmac('sha256', pepper).update(value).digest('hex');

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
