import { randomInt } from 'node:crypto';
import { keyedHash } from './tokens';

/** How many recovery codes one set has. */
export const RECOVERY_CODE_COUNT = 10;
// No look-alike characters (0/o, 1/l/i).
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const part = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** A fresh set of recovery codes, format xxxx-xxxx. */
export const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);

/** The stored form of a recovery code: keyed hash of the code, case, spaces and dashes ignored. */
export const recoveryCodeHash = (pepper: string, code: string) =>
  keyedHash(pepper, `recovery:${code.replace(/[\s-]/g, '').toLowerCase()}`);
