import { createHmac, randomBytes } from 'node:crypto';

/** RFC 6238 parameters used everywhere: SHA-1, 30-second steps, 6 digits. */
export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding. */
export function base32Encode(buf: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of buf) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case-insensitive, spaces and padding ignored); throws on a foreign character. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const idx = ALPHABET.indexOf(ch);
    if (idx < 0) throw new Error('Invalid base32 character');
    value = (value << 5) | idx;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new random TOTP secret (160 bits), base32. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

/** The time step of a moment given in milliseconds. */
export const totpStep = (timeMs: number = Date.now()) => Math.floor(timeMs / 1000 / TOTP_PERIOD);

/** The HOTP value (RFC 4226) of one counter. */
function hotp(key: Buffer, counter: number): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(msg).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const bin = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(bin % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

/** The 6-digit TOTP code of `secretBase32` at `timeMs` (default now). */
export function totp(secretBase32: string, timeMs: number = Date.now()): string {
  return hotp(base32Decode(secretBase32), totpStep(timeMs));
}

export interface VerifyTotpOptions {
  /** Moment to check against, milliseconds (default now). */
  time?: number;
  /** Steps accepted either side of the current one (default 1). */
  window?: number;
  /** The last step already accepted: that step and earlier ones are refused (replay). */
  afterStep?: number | null;
}

/** The matching time step when `code` is valid and newer than `afterStep`, else null. */
export function verifyTotp(secretBase32: string, code: string, opts: VerifyTotpOptions = {}): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secretBase32);
  const now = totpStep(opts.time ?? Date.now());
  const window = opts.window ?? 1;
  for (let step = now - window; step <= now + window; step++) {
    if (opts.afterStep != null && step <= opts.afterStep) continue;
    if (hotp(key, step) === code) return step;
  }
  return null;
}

/** The otpauth:// URI an authenticator app scans. */
export function otpauthUri(secretBase32: string, issuer: string, label: string): string {
  const params = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD),
  });
  return `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(label)}?${params}`;
}
